import type { Level, Revision } from '../schema/common.ts';
import { REVISION_MANIFEST } from './revisions.ts';
import type { Problem } from '../problems.ts';

/** One row of `<revision>/normative-sentences.tsv` in the pinned spec. */
export interface SentenceRow {
  id: string;
  /** Path relative to the revision folder. */
  file: string;
  line: number;
  /** Level as written in the TSV (`MUST NOT`, `SHOULD NOT`, …). */
  rawLevel: string;
  /** Folded level: MUST NOT → MUST, SHOULD NOT → SHOULD. */
  level: Level;
  /** `server`, `client` or `both`. */
  appliesTo: 'server' | 'client' | 'both';
  sentence: string;
}

/** Fold an RFC 2119 keyword to the level scoring uses. */
export function foldLevel(raw: string): Level | undefined {
  const k = raw.trim().toUpperCase();
  if (k === 'MUST' || k === 'MUST NOT' || k === 'REQUIRED' || k === 'SHALL' || k === 'SHALL NOT') return 'MUST';
  if (k === 'SHOULD' || k === 'SHOULD NOT' || k === 'RECOMMENDED' || k === 'NOT RECOMMENDED') return 'SHOULD';
  if (k === 'MAY' || k === 'OPTIONAL') return 'MAY';
  return undefined;
}

/** Parse a normative-sentences TSV (header row first). Problems name `file: line N`. */
export function parseSentenceTsv(file: string, text: string): { rows: SentenceRow[]; problems: Problem[] } {
  const rows: SentenceRow[] = [];
  const problems: Problem[] = [];
  const lines = text.split('\n');
  const seen = new Map<string, number>();
  lines.forEach((raw, i) => {
    if (i === 0 || raw.trim() === '') return;
    const cols = raw.split('\t');
    const [id, f, line, lvl, applies, sentence] = cols;
    const level = lvl ? foldLevel(lvl) : undefined;
    if (
      !id ||
      !f ||
      !line ||
      !level ||
      !sentence ||
      (applies !== 'server' && applies !== 'client' && applies !== 'both')
    ) {
      problems.push({
        file,
        field: `line ${i + 1}`,
        message: 'malformed row: expected id, file, line, level, applies_to, sentence',
      });
      return;
    }
    if (!/^[1-9]\d*$/.test(line)) {
      problems.push({ file, field: `line ${i + 1}`, message: `line column must be a positive integer, got "${line}"` });
      return;
    }
    // A repeated id would count one sentence twice in the coverage ledger.
    if (seen.has(id)) {
      problems.push({
        file,
        field: `line ${i + 1}`,
        message: `duplicate sentence id "${id}" (also line ${seen.get(id)})`,
      });
      return;
    }
    seen.set(id, i + 1);
    rows.push({ id, file: f, line: Number(line), rawLevel: lvl!, level, appliesTo: applies, sentence });
  });
  return { rows, problems };
}

/** Revision → the folder prefix its sentence ids use. */
export const ID_PREFIX = Object.fromEntries(REVISION_MANIFEST.map((r) => [r.id, r.sentencePrefix])) as Record<
  Revision,
  string
>;

/** Why `id` is not a sentence id of `rev` (it lacks the revision's prefix), or undefined when it has the prefix. */
export function wrongRevisionId(rev: Revision, id: string): string | undefined {
  return id.startsWith(`${ID_PREFIX[rev]}-`)
    ? undefined
    : `"${id}" is not a ${rev} sentence id (they start with "${ID_PREFIX[rev]}-")`;
}
