import { describe, expect, it } from 'vitest';
import { diffSentenceTsv, formatSentenceDiff } from './diff-sentences.ts';
import type { ExtractedSentence } from './extract-sentences.ts';
import { formatSentenceTsv } from './format-sentences.ts';
import { parseSentenceTsv } from './tsv.ts';

const row = (id: string, line: number, sentence: string): ExtractedSentence => ({
  id,
  file: 'a.mdx',
  line,
  level: 'MUST NOT',
  appliesTo: 'server',
  sentence,
  keywords: ['MAY', 'MUST NOT'],
});

describe('formatSentenceTsv', () => {
  it('writes the header, one tab-separated row per sentence and a final newline', () => {
    expect(formatSentenceTsv([row('251125-a-7', 7, 'S **MAY** x, **MUST NOT** y.')])).toBe(
      'id\tfile\tline\tlevel\tapplies_to\tsentence\tkeywords\n251125-a-7\ta.mdx\t7\tMUST NOT\tserver\tS **MAY** x, **MUST NOT** y.\tMAY,MUST NOT\n',
    );
  });

  it('is read back by parseSentenceTsv', () => {
    const r = parseSentenceTsv('t.tsv', formatSentenceTsv([row('251125-a-7', 7, 'x'), row('251125-a-8', 8, 'y')]));
    expect(r.problems).toEqual([]);
    expect(r.rows.map((x) => [x.id, x.line, x.rawLevel, x.level, x.appliesTo, x.sentence])).toEqual([
      ['251125-a-7', 7, 'MUST NOT', 'MUST', 'server', 'x'],
      ['251125-a-8', 8, 'MUST NOT', 'MUST', 'server', 'y'],
    ]);
  });
});

describe('diffSentenceTsv', () => {
  const want = formatSentenceTsv([row('251125-a-7', 7, 'x'), row('251125-a-8', 8, 'y')]);

  it('finds nothing between equal files', () => {
    expect(diffSentenceTsv(want, want)).toEqual([]);
  });

  it('names missing ids, extra ids and each differing column', () => {
    const got = formatSentenceTsv([{ ...row('251125-a-7', 7, 'x!'), appliesTo: 'both' }, row('251125-a-9', 9, 'z')]);
    expect(diffSentenceTsv(want, got).map(formatSentenceDiff)).toEqual([
      '251125-a-7: applies_to: expected "server", extracted "both"',
      '251125-a-7: sentence: expected "x", extracted "x!"',
      '251125-a-8: missing (expected row: 251125-a-8\ta.mdx\t8\tMUST NOT\tserver\ty\tMAY,MUST NOT)',
      '251125-a-9: extra (extracted row: 251125-a-9\ta.mdx\t9\tMUST NOT\tserver\tz\tMAY,MUST NOT)',
    ]);
  });
});
