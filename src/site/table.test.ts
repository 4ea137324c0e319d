import { describe, expect, it } from 'vitest';
import { firstRows, foldConstantColumns, parseCsv, toCsv, toJson, type Table } from './table.ts';

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

describe('columns that never vary', () => {
  const m: Table = {
    id: 't',
    caption: 'c',
    columns: [
      { key: 'subject', label: 'Subject' },
      { key: 'version', label: 'Harness' },
      { key: 'isolation', label: 'Isolation' },
    ],
    rows: [
      ['a', '5.1.0', 'docker:3'],
      ['b', '5.1.0', 'docker:5'],
    ],
    cells: [
      [{ text: 'a' }, { text: '5.1.0' }, { text: 'docker' }],
      [{ text: 'b' }, { text: '5.1.0' }, { text: 'docker' }],
    ],
    notes: ['n'],
  };

  it('are said once under the table, compared as shown; the others stay', () => {
    const f = foldConstantColumns(m, ['version', 'isolation']);
    expect(f.columns.map((c) => c.key)).toEqual(['subject']);
    expect(f.rows).toEqual([['a'], ['b']]);
    expect(f.notes).toEqual(['Harness, every row: 5.1.0.', 'Isolation, every row: docker.', 'n']);
  });

  it('stay when they vary or are not listed, and an empty table is left alone', () => {
    const varied = { ...m, cells: [m.cells[0]!, [{ text: 'b' }, { text: '5.2.0' }, { text: 'docker' }]] };
    expect(foldConstantColumns(varied, ['version']).columns).toHaveLength(3);
    expect(foldConstantColumns(m, ['subject']).columns).toHaveLength(3);
    expect(foldConstantColumns({ ...m, rows: [], cells: [] }, ['version'])).toEqual({ ...m, rows: [], cells: [] });
  });
});

describe('a long table on a page with a budget', () => {
  it('shows its first rows and says where all of them are; a short one stays whole', () => {
    const f = firstRows(t, 1, 'all on the board page.');
    expect(f.rows).toEqual([t.rows[0]]);
    expect(f.cells).toHaveLength(1);
    expect(f.cut).toEqual({ shown: 1, of: 2 });
    expect(f.notes).toEqual(['The first 1 of 2 rows: all on the board page.', 'n']);
    expect(firstRows(t, 2, 'x')).toBe(t);
  });
});
