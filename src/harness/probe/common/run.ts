import { UnknownScenarioError } from '../../../bench/errors.ts';
import type { Revision } from '../../../bench/schema/common.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import type { WireRecorder } from '../../wire/recorder.ts';

/** No probe plan exists for the scenario: a defect of this benchmark (or a typo), never of the subject. */
export { UnknownScenarioError };

/** A scripted probe sequence: sends and records, never looks at what a judge would decide. */
export type ProbePlan<P> = (p: P) => Promise<void>;

/**
 * Run the scenario's plan with a fresh prober and return the wire log. Never throws for the server's behaviour:
 * refusals, resets, hangs and garbage are recorded. Throws `UnknownScenarioError` when no plan exists.
 */
export async function runPlan<P extends { recorder: WireRecorder }>(
  revision: Revision,
  plans: Readonly<Record<string, ProbePlan<P>>>,
  scenario: Scenario,
  url: string,
  makeProber: () => P,
): Promise<WireLog> {
  const plan = plans[scenario.id];
  if (!plan) throw new UnknownScenarioError(revision, scenario.id, Object.keys(plans), 'server probe plan');
  const p = makeProber();
  p.recorder.note(`probe ${scenario.revision} server scenario ${scenario.id}`, { data: { url } });
  await plan(p);
  return p.recorder.log();
}
