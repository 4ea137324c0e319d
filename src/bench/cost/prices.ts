// The committed, dated price table (see src/bench/schema/prices.ts). Prices change: re-check them against the source
// pages before publishing runs of a model, and bump `asOf`. A model missing here simply has no table cost.
import { PriceTableSchema, type PriceTable } from '../schema/prices.ts';

const PRICING = 'https://platform.claude.com/docs/en/about-claude/pricing';

/** Validated at import: a malformed table fails every test that touches cost, not a page build much later. */
export const PRICE_TABLE: PriceTable = PriceTableSchema.parse({
  asOf: '2026-12-01',
  currency: 'USD',
  per: '1M tokens',
  models: [
    {
      model: 'anthropic/claude-opus-5',
      input: 5,
      output: 25,
      cacheRead: 0.5,
      cacheWrite: 6.25,
      source: PRICING,
      asOf: '2026-12-01',
    },
    {
      model: 'anthropic/claude-sonnet-5',
      input: 2,
      output: 10,
      cacheRead: 0.2,
      cacheWrite: 2.5,
      source: 'https://platform.claude.com/docs/en/models/sonnet-5/overview',
      asOf: '2026-12-01',
    },
  ],
});
