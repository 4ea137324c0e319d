import { describe, expect, it } from 'vitest';
import type { TrialRow } from '../bench/derive/dataset.ts';
import type { Verdict } from '../bench/schema/verdict.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { waffle, waffleCell, wafflePages } from './waffle.ts';

const d = syntheticDataset({ seed: 5, subjects: 3 });
const base = d.trials.find((t) => t.status === 'completed' && t.verdicts.length > 0)!;
const v = (verdict: Verdict['verdict'], evidence: number[] = [3], extra: Partial<Verdict> = {}): Verdict => ({
  checkpoint: 'c',
  spec: null,
  level: 'MUST',
  verdict,
  evidence,
  message: `x${evidence.at(-1) ?? 0}: ${verdict}`,
  ...extra,
});
const trial = (id: string, k: number, ...verdicts: Verdict[]): TrialRow => ({ ...base, id, k, verdicts });

describe('a checkpoint grid square', () => {
  it('is not run without a trial that judged the checkpoint', () => {
    expect(waffleCell([], 'c')).toEqual({ state: 'not-run' });
    expect(waffleCell([trial('t1', 1, v('pass', [1], { checkpoint: 'other' }))], 'c').state).toBe('not-run');
  });

  it('passes or fails when every applicable verdict does, linking the deciding exchange on the trial page', () => {
    expect(waffleCell([trial('t1', 1, v('pass', [2, 4]))], 'c')).toEqual({ state: 'pass', href: '/trials/t1/#x-4' });
    expect(waffleCell([trial('t1', 1, v('fail', [7]))], 'c')).toEqual({ state: 'fail', href: '/trials/t1/#x-7' });
  });

  it('is mixed when some trials fail it, and links the first failing trial', () => {
    const c = waffleCell(
      [trial('t1', 1, v('pass')), trial('t2', 2, v('not-applicable')), trial('t3', 3, v('fail', [5]))],
      'c',
    );
    expect(c).toEqual({ state: 'mixed', href: '/trials/t3/#x-5' });
  });

  it('is n/a when never applicable, linking the verdict row when no exchange decided it', () => {
    expect(waffleCell([trial('t1', 1, v('not-applicable', []))], 'c')).toEqual({
      state: 'na',
      href: '/trials/t1/#v-c',
    });
  });

  it('is contested when it passes as scored but fails the strict reading, linking the strict evidence', () => {
    const strict = { verdict: 'fail' as const, evidence: [6], message: 'x6: strict' };
    expect(waffleCell([trial('t1', 1, v('pass', [1], { strict }))], 'c')).toEqual({
      state: 'contested',
      href: '/trials/t1/#x-6',
    });
  });

  it('links the verdict row when the deciding exchange is past the trial page (its exchange pages)', () => {
    expect(waffleCell([trial('t1', 1, v('fail', [120]))], 'c').href).toBe('/trials/t1/#v-c');
  });
});

describe('a checkpoint grid', () => {
  it('has a row per subject and docs axis that ran the role, a column per checkpoint grouped by scenario', () => {
    for (const role of ['server', 'client'] as const) {
      const w = waffle(d, '2025-11-25', role);
      const scenarios = d.scenarios.filter((s) => s.revision === '2025-11-25' && s.role === role);
      expect(w.groups.map((g) => g.scenario)).toEqual(scenarios.map((s) => s.id));
      const ran = new Set(
        d.trials
          .filter((t) => t.revision === '2025-11-25' && t.role === role && t.current && t.status === 'completed')
          .filter((t) => t.subject.kind !== 'calibration')
          .map((t) => `${t.subject.id} ${t.docs}`),
      );
      expect(new Set(w.rows.map((r) => `${r.subject} ${r.docs}`))).toEqual(ran);
      for (const r of w.rows) expect(r.cells.map((c) => c.length)).toEqual(w.groups.map((g) => g.checkpoints.length));
      const squares = w.rows.length * w.groups.reduce((a, g) => a + g.checkpoints.length, 0);
      expect(Object.values(w.counts).reduce((a, b) => a + b, 0)).toBe(squares);
    }
  });

  it('puts agents before libraries and cuts rows into pages', () => {
    const w = waffle(d, '2025-11-25', 'server');
    const kinds = w.rows.map((r) => r.kind);
    expect(new Set(kinds)).toEqual(new Set(['agent', 'library']));
    expect(kinds.lastIndexOf('agent')).toBeLessThan(
      kinds.indexOf('library') === -1 ? Infinity : kinds.indexOf('library'),
    );
    const pages = wafflePages(w, 2);
    expect(pages.flatMap((p) => p.rows)).toEqual(w.rows);
    expect(pages.every((p) => p.rows.length <= 2)).toBe(true);
    expect(wafflePages({ ...w, rows: [] })).toHaveLength(1);
  });
});
