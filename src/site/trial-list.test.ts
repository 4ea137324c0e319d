import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { tableBodies } from './table.ts';
import { trialListPages, trialPager, trialTables } from './trial-list.ts';

const d = syntheticDataset({ seed: 9, subjects: 3, scenarios: 2, k: 2, infraErrorRate: 0.2 });
const col = (key: string) => ['trial', 'subject', 'revision', 'role', 'scenario', 'docs', 'k', 'status'].indexOf(key);

describe('the trials index', () => {
  it('lists every trial once in the download, each linked to its replay and its subject', () => {
    const { all } = trialTables(d);
    expect(all.rows.map((r) => r[0]).sort()).toEqual(d.trials.map((t) => t.id).sort());
    for (const [i, r] of all.rows.entries()) {
      const t = d.trials.find((x) => x.id === r[0])!;
      expect(all.cells[i]![0]!.href).toBe(`/trials/${t.id}/`);
      expect(all.cells[i]![1]).toEqual({ text: t.subject.label, href: `/subjects/${t.subject.id}/` });
      expect(r.slice(1, 8)).toEqual([t.subject.id, t.revision, t.role, t.scenario, t.docs, t.k, t.status]);
      expect(r[9]).toBe(t.startedAt);
    }
  });

  it('leaves an infra-error trial without a score, and shows it as a dash', () => {
    const { all } = trialTables(d);
    const i = all.rows.findIndex((r) => r[col('status')] === 'infra-error');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(all.rows[i]![8]).toBeNull();
    expect(all.cells[i]![8]!.text).toBe('—');
  });

  it('pages each revision × role in pages of at most the page size that together hold its trials in order', () => {
    const size = 7;
    const { all, pages } = trialTables(d, size);
    const meta = trialListPages(d, size);
    expect(pages.map((p) => p.id)).toEqual(meta.map((p) => p.id));
    expect(pages.every((p) => p.rows.length <= size && p.rows.length > 0)).toBe(true);
    // Pages in order are the download in order: nothing lost, nothing twice.
    expect(pages.flatMap((p) => p.rows.map((r) => r[0]))).toEqual(all.rows.map((r) => r[0]));
    for (const [i, p] of pages.entries()) {
      const m = meta[i]!;
      expect(p.rows.every((r) => r[col('revision')] === m.revision && r[col('role')] === m.role)).toBe(true);
      expect(p.rows.length).toBe(m.to - m.from + 1);
    }
    expect(meta.some((p) => p.pages > 1)).toBe(true);
  });

  it('keeps agents, libraries and calibration subjects in bodies of their own on every page', () => {
    for (const p of trialTables(d, 11).pages) {
      const kinds = tableBodies(p).map((b) => [...new Set(b.rows.map((i) => String(p.rows[i]![1]).split('/')[0]))]);
      expect(kinds.every((k) => k.length === 1)).toBe(true);
      expect(
        (p.sections ?? []).map((s) => s.label.split(' ')[0]),
        p.id,
      ).toEqual(kinds.map((k) => ({ agent: 'Agents', library: 'Libraries', calibration: 'Calibration' })[k[0]!]));
    }
  });

  it('counts each revision × role by status and links its pages by the trials they hold', () => {
    const size = 10;
    const { index } = trialTables(d, size);
    expect(index.rows.map((r) => `${r[0]}/${r[1]}`)).toEqual([
      '2025-11-25/server',
      '2025-11-25/client',
      '2026-07-28/server',
      '2026-07-28/client',
    ]);
    for (const [i, r] of index.rows.entries()) {
      const ts = d.trials.filter((t) => t.revision === r[0] && t.role === r[1]);
      expect(r.slice(2)).toEqual([
        ts.length,
        ts.filter((t) => t.status === 'completed').length,
        ts.filter((t) => t.status === 'infra-error').length,
        ts.filter((t) => t.status === 'contaminated').length,
        Math.ceil(ts.length / size),
      ]);
      const links = index.cells[i]![6]!.links!;
      expect(links[0]).toEqual({ text: `1–${size}`, href: `/trials/${String(r[0])}/${String(r[1])}/1/` });
      expect(links.at(-1)!.text).toBe(`${(links.length - 1) * size + 1}–${ts.length}`);
    }
  });

  it('shows a group without trials as a dash, and builds no page for it', () => {
    const none = { ...d, trials: d.trials.filter((t) => t.revision !== '2026-07-28') };
    const { index, pages } = trialTables(none);
    const i = index.rows.findIndex((r) => r[0] === '2026-07-28');
    expect(index.rows[i]![2]).toBe(0);
    expect(index.cells[i]![6]).toEqual({ text: '—' });
    expect(pages.some((p) => p.id.startsWith('trials-2026-07-28'))).toBe(false);
  });

  it('links the other pages of the group from a page, the current one marked', () => {
    const meta = trialListPages(d, 5);
    const p = meta.find((x) => x.page === 2)!;
    const pager = trialPager(meta, p);
    expect(pager.length).toBe(p.pages);
    expect(pager.filter((x) => x.current).map((x) => x.href)).toEqual([`/trials/${p.revision}/${p.role}/2/`]);
  });
});
