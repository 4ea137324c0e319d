import type { PlanUniverse } from '../../bench/sweep/plan.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { loadScenarios } from '../io/scenarios.ts';
import { DRIVERS } from '../roles/registry.ts';

/** What a plan is made against in this tree, and the scenarios by `<revision>/<role>/<id>` to run the trials with. */
export interface SweepInputs {
  universe: PlanUniverse;
  scenarios: ReadonlyMap<string, Scenario>;
}

export const scenarioKey = (s: Pick<Scenario, 'revision' | 'role' | 'id'>): string => `${s.revision}/${s.role}/${s.id}`;

/** The project's valid scenarios (invalid files are input errors) and each role driver's mutants with their scenarios. */
export function sweepInputs(root: string): SweepInputs {
  const list = loadScenarios(root);
  const mutants: Record<string, PlanUniverse['mutants'][string]> = {};
  for (const [rev, roles] of Object.entries(DRIVERS))
    for (const [role, driver] of Object.entries(roles))
      mutants[`${rev}/${role}`] = driver.mutants.map((m) => ({ id: m.id, scenarios: [...m.scenarios] }));
  return {
    universe: { scenarios: list.map((s) => ({ revision: s.revision, role: s.role, id: s.id })), mutants },
    scenarios: new Map(list.map((s) => [scenarioKey(s), s])),
  };
}
