import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { docsDeltaChart, mustFailureChart, scoreByRevisionChart } from './charts.ts';

const d = syntheticDataset({ seed: 4, subjects: 3 });

describe('charts', () => {
  it('draws one bar per revision × docs with height proportional to the mean agent score', () => {
    const c = scoreByRevisionChart(d, 560, 260);
    const bars = c.marks.filter((m) => m.t === 'rect');
    expect(bars.length).toBe(4);
    const plot = 260 - 16 - 36;
    c.table.rows.forEach((r, i) => expect((bars[i] as { h: number }).h).toBeCloseTo(plot * (r[3] as number), 0));
    expect(c.empty).toBe(false);
  });

  it('has one dumbbell row per agent with a link path between none and full', () => {
    const c = docsDeltaChart(d, '2025-11-25');
    expect(c.table.rows.length).toBe(3);
    expect(c.marks.filter((m) => m.t === 'path' && m.cls === 'delta').length).toBe(3);
    for (const r of c.table.rows) expect(r[3]).toBeCloseTo((r[2] as number) - (r[1] as number), 3);
  });

  it('counts completed agent trials by failed MUST', () => {
    const c = mustFailureChart(d);
    const total = c.table.rows.reduce((a, r) => a + (r[1] as number) + (r[2] as number), 0);
    expect(total).toBe(d.trials.filter((t) => t.subject.kind === 'agent' && t.status === 'completed').length);
  });

  it('reports empty charts when there are no agents', () => {
    const e = syntheticDataset({ seed: 1, subjects: 0 });
    expect(scoreByRevisionChart(e).empty).toBe(true);
    expect(docsDeltaChart(e, '2025-11-25').empty).toBe(true);
    expect(mustFailureChart(e).empty).toBe(true);
  });
});
