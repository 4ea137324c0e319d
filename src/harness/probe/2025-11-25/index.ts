import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import type { ProbeLimits } from '../common/budget.ts';
import { runPlan } from '../common/run.ts';
import { PLANS } from './scenario-plans.ts';
import { Prober } from './prober.ts';

/**
 * Probe a 2025-11-25 server endpoint (`url` = full MCP endpoint URL) with the scenario's scripted sequence and return
 * the wire log. Never throws for the server's behaviour: refusals, resets, hangs and garbage are recorded.
 */
export function probe(scenario: Scenario, url: string, limits: Partial<ProbeLimits> = {}): Promise<WireLog> {
  return runPlan('2025-11-25', PLANS, scenario, url, () => new Prober(url, limits));
}

export { UnknownScenarioError } from '../common/run.ts';
export { PLANS } from './scenario-plans.ts';
export type { ProbeLimits } from '../common/budget.ts';
