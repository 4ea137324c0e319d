import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { docsDeltaChart, mustFailureChart, scoreByRevisionChart } from './charts.ts';
import { scoreCostChart } from './score-cost-chart.ts';

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

  it('plots score against cost: a dot and an interval whisker per agent row with a cost, axes labelled', () => {
    const c = scoreCostChart(d, '2025-11-25');
    const points = d.stats.scoreCost.find((s) => s.revision === '2025-11-25')!.points;
    expect(points.length).toBeGreaterThan(0);
    expect(c.marks.filter((m) => m.t === 'circle').length).toBe(points.length);
    expect(c.marks.filter((m) => m.t === 'path' && m.cls === 'delta').length).toBe(points.length);
    expect(c.table.rows.map((r) => r[0])).toEqual(points.map((p) => p.subject));
    expect(c.marks.some((m) => m.t === 'text' && m.cls === 'axis-label' && m.text.startsWith('mean cost'))).toBe(true);
    expect(c.desc).toContain('price table of');
    // Higher score → higher on the plot (smaller y).
    const circles = c.marks.filter((m) => m.t === 'circle') as { cy: number }[];
    const best = points.reduce((a, p, i) => (p.score > points[a]!.score ? i : a), 0);
    expect(Math.min(...circles.map((m) => m.cy))).toBe(circles[best]!.cy);
  });

  it('plots pi’s rows only, like the default board: another harness’s rows are not set beside them', () => {
    const sc = d.stats.scoreCost.find((s) => s.revision === '2025-11-25')!;
    const other = { ...sc.points[0]!, subject: 'agent/codex@0.171.0/openai/gpt-x/high', label: 'codex · openai/gpt-x' };
    const mixed = {
      ...d,
      stats: { ...d.stats, scoreCost: [{ ...sc, points: [...sc.points, other] }] },
    };
    const c = scoreCostChart(mixed, '2025-11-25');
    expect(c.table.rows.map((r) => r[0])).toEqual(sc.points.map((p) => p.subject));
    expect(c.table.rows.map((r) => r[0])).not.toContain(other.subject);
  });

  it('says there are no agent runs with a cost instead of drawing an empty score-vs-cost plot', () => {
    const none = syntheticDataset({ seed: 4, subjects: 0 });
    const c = scoreCostChart(none, '2026-07-28');
    expect([c.empty, c.table.rows.length]).toEqual([true, 0]);
    expect(c.emptyNote).toMatch(/No pi agent runs with a cost on 2026-07-28 yet/);
  });

  it('reports empty charts when there are no agents', () => {
    const e = syntheticDataset({ seed: 1, subjects: 0 });
    expect(scoreByRevisionChart(e).empty).toBe(true);
    expect(docsDeltaChart(e, '2025-11-25').empty).toBe(true);
    expect(mustFailureChart(e).empty).toBe(true);
  });
});
