import { SENTENCE_TSV_HEADER } from './format-sentences.ts';

/** One row-level difference between two sentence TSVs, keyed by sentence id. */
export interface SentenceDiff {
  id: string;
  /** `missing`: only in the expected TSV; `extra`: only in the actual one; `field`: in both, one column differs. */
  kind: 'missing' | 'extra' | 'field';
  /** The column that differs (`field` only). */
  field?: (typeof SENTENCE_TSV_HEADER)[number];
  expected?: string;
  actual?: string;
}

function rowsById(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n').slice(1)) {
    if (line === '') continue;
    const cols = line.split('\t');
    rows.set(cols[0]!, cols);
  }
  return rows;
}

/**
 * Row-level differences of two `normative-sentences.tsv` texts: ids only in one of them, then every column that
 * differs for a shared id, in the expected TSV's order. Compares the text columns as written (no folding), so an
 * empty list plus equal row order means the files are the same byte for byte.
 */
export function diffSentenceTsv(expected: string, actual: string): SentenceDiff[] {
  const want = rowsById(expected);
  const got = rowsById(actual);
  const out: SentenceDiff[] = [];
  for (const [id, w] of want) {
    const g = got.get(id);
    if (!g) {
      out.push({ id, kind: 'missing', expected: w.join('\t') });
      continue;
    }
    SENTENCE_TSV_HEADER.forEach((field, i) => {
      if ((w[i] ?? '') !== (g[i] ?? ''))
        out.push({ id, kind: 'field', field, expected: w[i] ?? '', actual: g[i] ?? '' });
    });
  }
  for (const [id, g] of got) if (!want.has(id)) out.push({ id, kind: 'extra', actual: g.join('\t') });
  return out;
}

/** One readable line per difference, for test output and CONTEXT.md. */
export function formatSentenceDiff(d: SentenceDiff): string {
  if (d.kind === 'missing') return `${d.id}: missing (expected row: ${d.expected})`;
  if (d.kind === 'extra') return `${d.id}: extra (extracted row: ${d.actual})`;
  return `${d.id}: ${d.field}: expected "${d.expected}", extracted "${d.actual}"`;
}
