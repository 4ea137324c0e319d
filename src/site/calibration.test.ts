import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { calibrationTable, killTable } from './calibration.ts';

const d = syntheticDataset({ seed: 9, subjects: 1, checkpoints: 3 });

describe('calibration views', () => {
  it('shows every scenario of the revision passing the gate', () => {
    const t = calibrationTable(d, '2025-11-25');
    expect(t.rows.length).toBe(d.scenarios.filter((s) => s.revision === '2025-11-25').length);
    const ok = t.columns.findIndex((c) => c.key === 'ok');
    expect(t.rows.every((r) => r[ok] === 'pass')).toBe(true);
  });

  it('marks exactly the mutants the gate recorded as killers', () => {
    const s = d.scenarios[0]!;
    const t = killTable(d, s);
    const row = d.calibration.find((c) => c.scenario === s.id && c.revision === s.revision && c.role === s.role)!;
    expect(t.rows).toHaveLength(s.checkpoints.length);
    t.rows.forEach((r, i) => {
      const slug = s.checkpoints[i]!.slug;
      const killed = t.columns
        .slice(2)
        .filter((_, j) => r[j + 2] === 'killed')
        .map((c) => c.key);
      expect(killed).toEqual(row.kills[slug]);
    });
  });
});
