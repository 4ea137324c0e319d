import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { priceTable, uncertaintyMethod } from './method.ts';

const d = syntheticDataset({ seed: 3, subjects: 1 });

describe('uncertainty method for the methodology page', () => {
  it('states the constants derive used: resamples, confidence, minimum k, pass^k and the price date', () => {
    const text = uncertaintyMethod(d)
      .map((x) => `${x.term}: ${x.text}`)
      .join('\n');
    expect(text).toContain(`${d.method.bootstrap.resamples} resamples`);
    expect(text).toContain('95% interval');
    expect(text).toContain(`fewer than ${d.method.minK} completed trials`);
    expect(text).toContain(`C(passed, ${d.method.passHatK}) / C(k, ${d.method.passHatK})`);
    expect(text).toContain(`price table of ${d.method.prices.asOf}`);
  });

  it('lists every priced model with its prices, date and a link to its source', () => {
    const t = priceTable(d);
    expect(t.rows.map((r) => r[0])).toEqual(d.method.prices.models.map((m) => m.model));
    expect(t.cells.every((c) => c[6]!.href?.startsWith('https://'))).toBe(true);
    expect(t.cells.every((c) => c.length === t.columns.length)).toBe(true);
  });
});
