import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractSentences, type ExtractedSentence } from '../../bench/spec/extract-sentences.ts';
import { formatSentenceTsv } from '../../bench/spec/format-sentences.ts';
import { SENTENCE_SCOPE } from '../../bench/spec/sentence-scope.ts';
import { BenchError, type Problem } from '../../bench/problems.ts';
import { REVISIONS, type Revision } from '../../bench/schema/common.ts';
import { writeFilesAtomic } from './write.ts';

/** Where a revision's sentence list lives in a spec folder laid out as `MCP_SPEC_DIR` (`<dir>/<rev>/…`). */
export const sentenceTsvPath = (dir: string, revision: Revision): string =>
  join(dir, revision, 'normative-sentences.tsv');

/**
 * Read each revision's scoped pages from a spec folder and extract its sentences (no writing). Problems are
 * path-first with the spec folder in front; a missing page is one.
 */
export function extractFromSpecDir(
  dir: string,
  revision: Revision,
): { rows: ExtractedSentence[]; problems: Problem[] } {
  const sources = new Map<string, string>();
  for (const { file } of SENTENCE_SCOPE[revision]) {
    const path = join(dir, revision, file);
    if (existsSync(path)) sources.set(file, readFileSync(path, 'utf8'));
  }
  const r = extractSentences(revision, sources);
  return { rows: r.rows, problems: r.problems.map((p) => ({ ...p, file: join(dir, p.file) })) };
}

/**
 * Make `<dir>/<rev>/normative-sentences.tsv` for every revision from the spec text in `dir` (the layout of
 * `../shared/spec` and of `npm run fetch-spec`'s `.cache/spec`). All or nothing: every revision is extracted first,
 * then the files are written to temporary names in their own folders and renamed into place, so a failure never
 * leaves half a file or one revision updated without the other. Throws `BenchError` (path-first) when a scoped page
 * is missing. Returns the row count per revision.
 */
export function writeSentenceTsvs(dir: string): { revision: Revision; rows: number }[] {
  const results = REVISIONS.map((revision) => ({ revision, ...extractFromSpecDir(dir, revision) }));
  const problems = results.flatMap((r) => r.problems);
  if (problems.length > 0) throw new BenchError(problems);
  writeFilesAtomic(
    results.map((r) => ({ path: sentenceTsvPath(dir, r.revision), content: formatSentenceTsv(r.rows) })),
  );
  return results.map((r) => ({ revision: r.revision, rows: r.rows.length }));
}
