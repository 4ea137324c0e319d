import type { ModelPrice } from '../schema/prices.ts';
import type { ModelBudget, ModelExchange } from '../schema/model-traffic.ts';
import type { Usage } from '../schema/usage.ts';
import { CODECS } from './codecs.ts';
import type { TokenCounts } from './types.ts';

/** What a run of exchanges consumed, as the provider's responses say. */
export interface TrafficTotals extends TokenCounts {
  /** Exchanges forwarded upstream (refused ones excluded). */
  requests: number;
  /** Replies read (exchanges whose response a codec understood). */
  turns: number;
  toolCalls: number;
  /** At the price table's prices, when the model is priced. */
  costUsd?: number;
}

/** US dollars for token counts at one model's list prices (per million tokens). */
export function costOf(t: TokenCounts, p: ModelPrice): number {
  return (t.input * p.input + t.output * p.output + t.cacheRead * p.cacheRead + t.cacheWrite * p.cacheWrite) / 1e6;
}

/** An empty sum. */
export const NO_TRAFFIC: TrafficTotals = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  requests: 0,
  turns: 0,
  toolCalls: 0,
};

/** What one exchange adds (a refused one nothing; one whose body no codec reads, a request only). */
export function exchangeTotals(x: ModelExchange): TrafficTotals {
  if (x.refused) return NO_TRAFFIC;
  const reply = CODECS[x.api]?.reply(x);
  if (!reply) return { ...NO_TRAFFIC, requests: 1 };
  const u = reply.usage;
  return {
    input: u?.input ?? 0,
    output: u?.output ?? 0,
    cacheRead: u?.cacheRead ?? 0,
    cacheWrite: u?.cacheWrite ?? 0,
    requests: 1,
    turns: 1,
    toolCalls: reply.toolCalls.length,
  };
}

/** Two sums added (cost left to `withCost`). */
export function addTotals(a: TrafficTotals, b: TrafficTotals): TrafficTotals {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    requests: a.requests + b.requests,
    turns: a.turns + b.turns,
    toolCalls: a.toolCalls + b.toolCalls,
  };
}

/** The sum with its cost at the model's prices, when it is priced. */
export const withCost = (t: TrafficTotals, price?: ModelPrice): TrafficTotals =>
  price ? { ...t, costUsd: costOf(t, price) } : t;

/**
 * Sum what the provider reported over every forwarded exchange (pure; the proxy keeps the same sum as exchanges end,
 * for the budget; derive re-computes it from the stored sidecar).
 */
export function trafficTotals(exchanges: readonly ModelExchange[], price?: ModelPrice): TrafficTotals {
  return withCost(exchanges.map(exchangeTotals).reduce(addTotals, NO_TRAFFIC), price);
}

/** The budget limit the totals reached, if any (`requests` first: it is checked before a request is forwarded). */
export function exhausted(t: TrafficTotals, b: ModelBudget | undefined): keyof ModelBudget | undefined {
  if (!b) return undefined;
  if (b.requests !== undefined && t.requests >= b.requests) return 'requests';
  if (b.tokens !== undefined && t.input + t.output + t.cacheRead + t.cacheWrite >= b.tokens) return 'tokens';
  if (b.costUsd !== undefined && t.costUsd !== undefined && t.costUsd >= b.costUsd) return 'costUsd';
  return undefined;
}

/** The record's usage from the proxy's totals: measured, so marked `source: "proxy"`. */
export function usageFromTotals(t: TrafficTotals): Usage {
  return {
    inputTokens: t.input,
    outputTokens: t.output,
    cacheReadTokens: t.cacheRead,
    cacheWriteTokens: t.cacheWrite,
    ...(t.costUsd !== undefined ? { costUsd: Math.round(t.costUsd * 1e6) / 1e6 } : {}),
    toolCalls: t.toolCalls,
    turns: t.turns,
    requests: t.requests,
    source: 'proxy',
  };
}
