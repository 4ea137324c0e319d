import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { ARCHIVE_FORMAT, type BoardArchive } from '../schema/archive.ts';
import type { VersionRow } from '../schema/versions.ts';
import { checkArchives } from './archives.ts';

const row = (version: string): VersionRow => ({
  version,
  date: '2026-12-01',
  summary: 's',
  kind: 'minor',
  changed: [],
});
// Newest first, as the data set lists the history.
const history = { current: '3.0.0', rows: [row('3.0.0'), row('2.0.0'), row('1.0.0')] };
const archive = (version: string, supersededBy: string): BoardArchive => ({
  format: ARCHIVE_FORMAT,
  version,
  supersededBy,
  date: '2026-12-02',
  trials: 0,
  boards: [],
  notAttempted: [],
});
const file = (path: string, a: unknown) => ({ path, text: JSON.stringify(a) });

describe('archived boards of earlier versions', () => {
  it('are listed newest first, without their file-only fields', () => {
    const r = checkArchives(
      [file('archive/1.0.0.json', archive('1.0.0', '2.0.0')), file('archive/2.0.0.json', archive('2.0.0', '3.0.0'))],
      history,
    );
    expect(r.problems).toEqual([]);
    expect(r.rows.map((a) => a.version)).toEqual(['2.0.0', '1.0.0']);
    expect(r.rows[0]).not.toHaveProperty('format');
  });

  it('refuse, path-first, a file named for another version, an unknown or current version, a wrong successor', () => {
    const r = checkArchives(
      [
        file('archive/1.0.0.json', archive('2.0.0', '3.0.0')),
        file('archive/9.0.0.json', archive('9.0.0', '9.1.0')),
        file('archive/3.0.0.json', archive('3.0.0', '4.0.0')),
        file('archive/1.0.0.json', archive('1.0.0', '3.0.0')),
        file('archive/2.0.0.json', { ...archive('2.0.0', '3.0.0'), boards: 'x' }),
      ],
      history,
    );
    expect(r.problems.map(formatProblem).map((p) => p.split('\n')[0])).toEqual([
      'archive/1.0.0.json: version: "2.0.0" is archived in archive/2.0.0.json, not here',
      'archive/9.0.0.json: version: "9.0.0" is not in the version history (scenarios/versions.json)',
      'archive/3.0.0.json: version: "3.0.0" is the current version: only a replaced version is archived',
      'archive/1.0.0.json: supersededBy: "3.0.0" did not replace 1.0.0: the history has 2.0.0 next',
      expect.stringMatching(/^archive\/2\.0\.0\.json: boards: /),
    ]);
  });
});
