import { describe, expect, it } from 'vitest';
import type { LibraryRegistry } from '../schema/library.ts';
import type { TrialRow } from '../schema/trial-row.ts';
import { compareVersions, registeredLibraries, releaseHistories, supersededSubjects } from './releases.ts';

const entry = (library: string, libraryVersion: string) =>
  ({
    library,
    libraryVersion,
    label: `${library} ${libraryVersion}`,
    installFolder: '.',
    companions: {},
    glue: {},
    notAttempted: [],
    transport: { code: 'own', note: 'its own transport code' },
  }) as LibraryRegistry['libraries'][number];
const reg = (...e: LibraryRegistry['libraries']): LibraryRegistry => ({ libraries: e });

// Hand-made rows: only the fields release history reads.
const trial = (version: string, k: number, verdicts: Record<string, string>, scenario = 'tools-basics'): TrialRow =>
  ({
    id: `${version}-${scenario}-k${k}`,
    revision: '2025-11-25',
    role: 'server',
    scenario,
    docs: 'none',
    k,
    subject: { kind: 'library', id: `library/x@${version}`, label: `x ${version}` },
    status: 'completed',
    current: true,
    verdicts: Object.entries(verdicts).map(([checkpoint, verdict]) => ({ checkpoint, level: 'MUST', verdict })),
  }) as unknown as TrialRow;

describe('release history', () => {
  it('orders versions numerically, a pre-release before its release', () => {
    const vs = ['1.10.0', '1.9.2', '2.0.0', '2.0.0-beta.1', '1.9.10'];
    expect(vs.sort(compareVersions)).toEqual(['1.9.2', '1.9.10', '1.10.0', '2.0.0-beta.1', '2.0.0']);
  });

  it('supersedes every release but the newest of each library on the boards', () => {
    expect(
      supersededSubjects(registeredLibraries(reg(entry('x', '1.10.0'), entry('x', '1.9.0'), entry('y', '0.1.0')))),
    ).toEqual(['library/x@1.9.0']);
  });

  it('calls a stable verdict that changes between consecutive releases a flip, pass → fail a regression, and counts flaky ones apart', () => {
    const trials = [
      ...[1, 2].map((k) => trial('1.0.0', k, { a: 'pass', b: 'fail', c: 'pass' })),
      trial('1.1.0', 1, { a: 'fail', b: 'pass', c: 'pass' }),
      trial('1.1.0', 2, { a: 'fail', b: 'pass', c: 'fail' }),
      trial('1.1.0', 1, { a: 'pass' }, 'sessions'),
    ];
    const [h] = releaseHistories(reg(entry('x', '1.1.0'), entry('x', '1.0.0'), entry('x', '0.9.0')), trials);
    expect(h!.releases.map((r) => r.version)).toEqual(['1.0.0', '1.1.0']);
    expect(h!.pairs).toEqual([
      {
        from: '1.0.0',
        to: '1.1.0',
        compared: 1,
        flaky: 1,
        flips: [
          expect.objectContaining({ checkpoint: 'a', before: 'pass', after: 'fail', regression: true }),
          expect.objectContaining({ checkpoint: 'b', before: 'fail', after: 'pass', regression: false }),
        ],
      },
    ]);
    expect(h!.pairs[0]!.flips[0]).toMatchObject({
      fromTrial: '1.0.0-tools-basics-k1',
      toTrial: '1.1.0-tools-basics-k1',
    });
  });

  it('lists no library with fewer than two releases that ran', () => {
    expect(releaseHistories(reg(entry('x', '1.0.0'), entry('x', '1.1.0')), [trial('1.0.0', 1, { a: 'pass' })])).toEqual(
      [],
    );
  });
});
