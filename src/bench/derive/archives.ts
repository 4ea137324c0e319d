// The archived boards of earlier benchmark versions (`archive/<version>.json`): each parsed, named after its version,
// for a version the history lists before the current one, and replaced by the version after it. Pure: the files
// arrive as text from harness/io.
import { cmp, type Problem } from '../problems.ts';
import { BoardArchiveSchema, archivePath, type ArchiveRow } from '../schema/archive.ts';
import type { VersionRow } from '../schema/versions.ts';
import { parseWith } from './parse.ts';
import type { SourceFile } from './scenarios.ts';

/** Folder of the archives, project-relative. */
export const ARCHIVE_DIR = 'archive';

/** Parse and check the archives against the version history (newest first, as the data set lists it). */
export function checkArchives(
  files: readonly SourceFile[],
  history: { current: string | null; rows: readonly VersionRow[] },
): { rows: ArchiveRow[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const rows: ArchiveRow[] = [];
  // Oldest first, so the version after one is the next entry.
  const order = [...history.rows].reverse().map((r) => r.version);
  for (const f of files) {
    const parsed = parseWith(f.path, f.text, BoardArchiveSchema);
    problems.push(...parsed.problems);
    const a = parsed.value;
    if (!a) continue;
    if (f.path !== archivePath(a.version)) {
      problems.push({
        file: f.path,
        field: 'version',
        message: `"${a.version}" is archived in ${archivePath(a.version)}, not here`,
      });
      continue;
    }
    const at = order.indexOf(a.version);
    if (at < 0 || a.version === history.current) {
      problems.push({
        file: f.path,
        field: 'version',
        message:
          at < 0
            ? `"${a.version}" is not in the version history (scenarios/versions.json)`
            : `"${a.version}" is the current version: only a replaced version is archived`,
        hint: '`npm run versions -- --bump …` writes the archive of the version it replaces',
      });
      continue;
    }
    if (order[at + 1] !== a.supersededBy)
      problems.push({
        file: f.path,
        field: 'supersededBy',
        message: `"${a.supersededBy}" did not replace ${a.version}: the history has ${order[at + 1] ?? 'nothing'} next`,
      });
    const { $schema: _s, format: _f, ...row } = a;
    rows.push(row);
  }
  rows.sort((x, y) => order.indexOf(y.version) - order.indexOf(x.version) || cmp(x.version, y.version));
  return { rows, problems };
}
