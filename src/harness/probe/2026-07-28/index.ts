import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { UnknownScenarioError as Unknown2025 } from '../2025-11-25/index.ts';
import { PLANS } from './plans.ts';
import { Prober, type ProbeLimits } from './prober.ts';

/** No probe plan exists for the scenario: a defect of this benchmark (or a typo), never of the subject. */
export class UnknownScenarioError extends Unknown2025 {
  constructor(id: string) {
    super(id);
    this.message = `no 2026-07-28 server probe plan for scenario "${id}"; known: ${Object.keys(PLANS).join(', ')}`;
  }
}

/**
 * Probe a 2026-07-28 server endpoint (`url` = full MCP endpoint URL) with the scenario's scripted sequence and return
 * the wire log. Never throws for the server's behaviour: refusals, resets, hangs and garbage are recorded.
 */
export async function probe(scenario: Scenario, url: string, limits: Partial<ProbeLimits> = {}): Promise<WireLog> {
  const plan = PLANS[scenario.id];
  if (!plan) throw new UnknownScenarioError(scenario.id);
  const p = new Prober(url, limits);
  p.recorder.note(`probe ${scenario.revision} server scenario ${scenario.id}`, { data: { url } });
  await plan(p);
  return p.recorder.log();
}

export { PLANS } from './plans.ts';
