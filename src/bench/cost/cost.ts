// A trial's cost: pi's own figure when it reports one, else its tokens priced at the dated table. Only agents cost
// anything: calibration and library runs (a scripted local model included) have no cost, which is not a cost of 0.
import type { CostSource } from '../schema/board.ts';
import type { PriceTable } from '../schema/prices.ts';
import type { Subject } from '../schema/subject.ts';
import type { Usage } from '../schema/usage.ts';

/** One trial's cost and where it came from. */
export interface TrialCost {
  usd: number;
  source: Exclude<CostSource, 'mixed'>;
}

/**
 * Cost of one trial, or `undefined` when it has none: not an agent, or pi reported 0 (it does for a model it cannot
 * price) and the model is not in the table or the trial recorded no tokens.
 */
export function trialCost(subject: Subject, usage: Usage, prices: PriceTable): TrialCost | undefined {
  if (subject.kind !== 'agent') return undefined;
  if (typeof usage.costUsd === 'number' && usage.costUsd > 0) return { usd: usage.costUsd, source: 'reported' };
  const p = prices.models.find((m) => m.model === `${subject.provider}/${subject.model}`);
  if (!p || usage.inputTokens === undefined || usage.outputTokens === undefined) return undefined;
  const usd =
    (usage.inputTokens * p.input +
      usage.outputTokens * p.output +
      (usage.cacheReadTokens ?? 0) * p.cacheRead +
      (usage.cacheWriteTokens ?? 0) * p.cacheWrite) /
    1e6;
  return { usd: Math.round(usd * 1e6) / 1e6, source: 'price-table' };
}

/** Mean cost over the trials that have one, and its source; `{}` when none has. */
export function meanCost(costs: readonly (TrialCost | undefined)[]): { costUsd?: number; costSource?: CostSource } {
  const known = costs.filter((c): c is TrialCost => c !== undefined);
  if (known.length === 0) return {};
  const sources = new Set(known.map((c) => c.source));
  return {
    costUsd: known.reduce((a, c) => a + c.usd, 0) / known.length,
    costSource: sources.size > 1 ? 'mixed' : known[0]!.source,
  };
}
