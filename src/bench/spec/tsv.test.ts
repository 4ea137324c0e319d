import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import { foldLevel, parseSentenceTsv } from './tsv.ts';

const HEAD = 'id\tfile\tline\tlevel\tapplies_to\tsentence\tkeywords';
const row = (id: string, line = '7', level = 'MUST', applies = 'both') =>
  [id, 'a.mdx', line, level, applies, `S ${id}`, level].join('\t');

describe('parseSentenceTsv', () => {
  it('parses rows and folds negative levels', () => {
    const r = parseSentenceTsv(
      't.tsv',
      [HEAD, row('251125-a-7', '7', 'MUST NOT'), row('251125-a-8', '8', 'SHOULD NOT', 'server'), ''].join('\n'),
    );
    expect(r.problems).toEqual([]);
    expect(r.rows.map((x) => [x.id, x.line, x.rawLevel, x.level, x.appliesTo])).toEqual([
      ['251125-a-7', 7, 'MUST NOT', 'MUST', 'both'],
      ['251125-a-8', 8, 'SHOULD NOT', 'SHOULD', 'server'],
    ]);
  });

  it('rejects a repeated id, naming both lines', () => {
    const r = parseSentenceTsv('t.tsv', [HEAD, row('251125-a-7'), row('251125-a-7')].join('\n'));
    expect(r.problems.map(formatProblem)).toEqual(['t.tsv: line 3: duplicate sentence id "251125-a-7" (also line 2)']);
    expect(r.rows).toHaveLength(1);
  });

  it('rejects a line number that is not a positive integer', () => {
    expect(parseSentenceTsv('t.tsv', [HEAD, row('251125-a-7', 'x7')].join('\n')).problems.map(formatProblem)).toEqual([
      't.tsv: line 2: line column must be a positive integer, got "x7"',
    ]);
  });

  it('rejects an unknown level or applies_to', () => {
    const r = parseSentenceTsv(
      't.tsv',
      [HEAD, row('251125-a-7', '7', 'MIGHT'), row('251125-a-8', '8', 'MUST', 'proxy')].join('\n'),
    );
    expect(r.problems.map(formatProblem)).toEqual([
      't.tsv: line 2: malformed row: expected id, file, line, level, applies_to, sentence',
      't.tsv: line 3: malformed row: expected id, file, line, level, applies_to, sentence',
    ]);
  });

  it('folds every RFC 2119 keyword', () => {
    expect(
      ['MUST', 'REQUIRED', 'SHALL', 'SHALL NOT', 'SHOULD', 'RECOMMENDED', 'NOT RECOMMENDED', 'MAY', 'OPTIONAL'].map(
        foldLevel,
      ),
    ).toEqual(['MUST', 'MUST', 'MUST', 'MUST', 'SHOULD', 'SHOULD', 'SHOULD', 'MAY', 'MAY']);
  });
});
