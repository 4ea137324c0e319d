import { harnessBoardId, harnessViews } from './harness-boards.ts';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../bench/schema/json-schema.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { downloadGroups, GROUP_INFO, SCHEMA_FILES, TABLE_GROUPS, textSize } from './data-page.ts';
import { allTables } from './tables.ts';
import { idOfBoard } from './boards.ts';

const d = syntheticDataset({ seed: 5, subjects: 2, scenarios: 1 });
const all = allTables(d);
const catalogue = all.get('tables')!;

describe('the Data page', () => {
  it('catalogues every other table of the site once, with its row count and download URLs', () => {
    expect(catalogue.rows.map((r) => r[0])).toEqual([...all.keys()].filter((id) => id !== 'tables'));
    for (const r of catalogue.rows) {
      const t = all.get(String(r[0]))!;
      expect(r.slice(2)).toEqual([t.caption, t.rows.length, `/downloads/${t.id}.csv`, `/downloads/${t.id}.json`]);
      expect(TABLE_GROUPS).toContain(r[1]);
    }
  });

  it('lists every board by name, and summarises the groups that grow with the records by count and an example', () => {
    const { count, groups } = downloadGroups(catalogue);
    expect(count).toBe(all.size - 1);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(count);
    const boards = groups.find((g) => g.key === 'boards')!;
    // Agent boards once per harness view: pi's under the board's own id, then each other harness and all.
    expect(boards.tables.map((t) => t.id)).toEqual(
      d.boards.flatMap((b) =>
        b.kind === 'agent' ? harnessViews(d, b.revision).map((v) => harnessBoardId(b, v)) : [idOfBoard(b)],
      ),
    );
    for (const g of groups) {
      if (GROUP_INFO[g.key].listed) expect(g.tables.length, g.key).toBe(g.count);
      else {
        expect(g.tables, g.key).toEqual([]);
        expect(all.has(g.example!), g.key).toBe(true);
        expect(g.where!.href, g.key).toMatch(/^\//);
      }
    }
    expect(groups.map((g) => g.key)).toEqual(TABLE_GROUPS.filter((k) => groups.some((g) => g.key === k)));
    expect(groups.find((g) => g.key === 'indexes')!.tables.map((t) => t.id)).toEqual([
      'subjects',
      'trials',
      'trials-index',
    ]);
  });

  it('names every JSON Schema `npm run export-schemas` writes, and nothing else', () => {
    expect(SCHEMA_FILES.map((s) => s.file).sort()).toEqual(Object.keys(jsonSchemas()).sort());
  });

  it('states a download size in MiB', () => {
    expect(textSize('x'.repeat(3 * 1024 * 1024 + 200_000))).toBe('3.2 MiB');
  });
});
