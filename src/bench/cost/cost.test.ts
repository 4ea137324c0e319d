import { describe, expect, it } from 'vitest';
import { PriceTableSchema, type PriceTable } from '../schema/prices.ts';
import type { Subject } from '../schema/subject.ts';
import { meanCost, trialCost } from './cost.ts';
import { PRICE_TABLE } from './prices.ts';

const prices: PriceTable = {
  asOf: '2026-01-01',
  currency: 'USD',
  per: '1M tokens',
  models: [
    {
      model: 'acme/m1',
      input: 2,
      output: 10,
      cacheRead: 0.2,
      cacheWrite: 2.5,
      source: 'https://example.com/p',
      asOf: '2026-01-01',
    },
  ],
};
const agent: Subject = {
  kind: 'agent',
  id: 'agent/pi@1.0.0/acme/m1/high',
  label: 'pi · acme/m1',
  provider: 'acme',
  model: 'm1',
};
const tokens = { inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 500_000, cacheWriteTokens: 0 };

describe('trialCost', () => {
  it("takes pi's reported cost when it is above 0", () => {
    expect(trialCost(agent, { ...tokens, costUsd: 1.23 }, prices)).toEqual({ usd: 1.23, source: 'reported' });
  });

  it('prices the tokens at the table when pi reported 0 or nothing: 2 + 1 + 0.1 = $3.10', () => {
    expect(trialCost(agent, { ...tokens, costUsd: 0 }, prices)).toEqual({ usd: 3.1, source: 'price-table' });
    expect(trialCost(agent, tokens, prices)).toEqual({ usd: 3.1, source: 'price-table' });
  });

  it('has no cost for a model outside the table, a trial without tokens, or any non-agent subject', () => {
    expect(trialCost({ ...agent, model: 'm2' }, tokens, prices)).toBeUndefined();
    expect(trialCost(agent, { wallTimeMs: 5 }, prices)).toBeUndefined();
    const scripted: Subject = { kind: 'calibration', id: 'calibration/pi+scripted-model', label: 'scripted' };
    expect(trialCost(scripted, { ...tokens, costUsd: 4 }, prices)).toBeUndefined();
  });
});

describe('meanCost', () => {
  it('averages the trials with a cost and says where it came from', () => {
    expect(
      meanCost([
        { usd: 1, source: 'reported' },
        { usd: 3, source: 'reported' },
      ]),
    ).toEqual({ costUsd: 2, costSource: 'reported' });
    expect(meanCost([{ usd: 1, source: 'reported' }, undefined, { usd: 2, source: 'price-table' }])).toEqual({
      costUsd: 1.5,
      costSource: 'mixed',
    });
    expect(meanCost([undefined])).toEqual({});
  });
});

describe('the committed price table', () => {
  it('is dated, sourced per model, and refuses a duplicate model', () => {
    expect(PRICE_TABLE.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICE_TABLE.models.every((m) => m.source.startsWith('https://') && m.asOf <= PRICE_TABLE.asOf)).toBe(true);
    const dup = { ...prices, models: [...prices.models, prices.models[0]!] };
    expect(PriceTableSchema.safeParse(dup).error?.issues.map((i) => i.path.join('.'))).toEqual(['models.1.model']);
  });
});
