import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv, toJson, type Table } from './table.ts';

const t: Table = {
  id: 't',
  caption: 'T',
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'score', label: 'Score', numeric: true },
  ],
  rows: [
    ['a, "quoted"\nline', 0.5],
    ['plain', null],
  ],
  cells: [
    [{ text: 'a' }, { text: '50%' }],
    [{ text: 'plain' }, { text: '—' }],
  ],
  notes: ['n'],
};

describe('table downloads', () => {
  it('quotes commas, quotes and newlines in CSV and parses back to the same values', () => {
    const csv = toCsv(t);
    expect(csv.startsWith('name,score\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['name', 'score'],
      ['a, "quoted"\nline', '0.5'],
      ['plain', ''],
    ]);
  });

  it('writes JSON rows keyed by column key with provenance', () => {
    const j = JSON.parse(toJson(t, { commit: 'abc', dataset: 'generated/dataset.json' }));
    expect(j.rows).toEqual([
      { name: 'a, "quoted"\nline', score: 0.5 },
      { name: 'plain', score: null },
    ]);
    expect(j.provenance.commit).toBe('abc');
    expect(j.notes).toEqual(['n']);
  });
});
