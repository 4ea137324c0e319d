import { describe, expect, it } from 'vitest';
import { figureTable, ratioOf, statusOf, type Figure } from './figures.ts';

describe('bench figures', () => {
  it('judges an at-most goal by value ÷ goal', () => {
    const f: Figure = { name: 'build', value: 150, unit: 's', goal: { max: 120 } };
    expect(ratioOf(f)).toBeCloseTo(1.25);
    expect(statusOf(f)).toBe('NOT MET');
    expect(statusOf({ ...f, value: 90 })).toBe('met');
  });

  it('judges a goal of zero (differences) as met at zero and missed at any other count', () => {
    const f: Figure = { name: 'differences', value: 0, unit: '', goal: { max: 0 } };
    expect(ratioOf(f)).toBe(0);
    expect(statusOf(f)).toBe('met');
    expect(statusOf({ ...f, value: 1 })).toBe('NOT MET');
  });

  it('judges an at-least goal by goal ÷ value, so above 1 is worse either way', () => {
    const f: Figure = { name: 'rate', value: 50, unit: '/s', goal: { min: 100 } };
    expect(ratioOf(f)).toBe(2);
    expect(statusOf(f)).toBe('NOT MET');
  });

  it('prints an anchor-only figure as a ratio to the anchor, and neither as info', () => {
    const a: Figure = { name: 'pages/s', value: 43, unit: '/s', anchor: { value: 86, what: 'Astro docs' } };
    expect(ratioOf(a)).toBe(0.5);
    expect(statusOf(a)).toBe('anchor');
    expect(statusOf({ name: 'pages', value: 3, unit: '' })).toBe('info');
  });

  it('aligns a table with the goal, the ratio and the verdict on every row', () => {
    const t = figureTable([
      { name: 'derive ÷ JSON.parse', value: 3.2, unit: 'x', goal: { max: 1.5 } },
      { name: 'replay first render', value: 420, unit: 'ms', goal: { max: 1000 } },
    ]);
    expect(t).toHaveLength(3);
    expect(t[1]).toMatch(/derive ÷ JSON\.parse\s+3\.20×\s+≤ 1\.50×\s+2\.13\s+NOT MET$/);
    expect(t[2]).toMatch(/replay first render\s+420 ms\s+≤ 1000 ms\s+0\.42\s+met$/);
  });
});
