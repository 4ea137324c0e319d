import type { ExtractedSentence } from './extract-sentences.ts';

/** The TSV's header: the columns `parseSentenceTsv` reads, plus `keywords` (every keyword of the sentence, in order). */
export const SENTENCE_TSV_HEADER = ['id', 'file', 'line', 'level', 'applies_to', 'sentence', 'keywords'] as const;

/**
 * The exact text of `<revision>/normative-sentences.tsv`: header, one row per sentence in the given order, `\n` line
 * ends including after the last row. Fields are never quoted: the extractor squashes all whitespace inside a sentence
 * to single spaces, so no field can hold a tab or a line break.
 */
export function formatSentenceTsv(rows: readonly ExtractedSentence[]): string {
  const lines = rows.map((r) =>
    [r.id, r.file, String(r.line), r.level, r.appliesTo, r.sentence, r.keywords.join(',')].join('\t'),
  );
  return [SENTENCE_TSV_HEADER.join('\t'), ...lines].join('\n') + '\n';
}
