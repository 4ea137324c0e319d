import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { formatProblem, type Problem } from '../../bench/problems.ts';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { RunnerInputError } from '../errors.ts';
import { loadScenarioFiles } from './load.ts';
import { projectRoot } from './paths.ts';

// The one scenario loader: every command, kit and test reads `scenarios/` through it, so each sees the scenarios derive
// sees (read by the safe reader, checked by derive's `checkScenarios`).

/**
 * The scenario files under `root`, checked as derive checks them: valid scenarios by `<revision>/<role>/<id>`, and the
 * problems. Refusals of the safe reader go into `refused` when given, else they are thrown (as `load.ts` does).
 */
export function readScenarios(root: string, refused?: Problem[]): ReturnType<typeof checkScenarios> {
  return checkScenarios(loadScenarioFiles(root, refused));
}

/** All valid scenarios of the project; invalid files are input errors, printed path-first. */
export function loadScenarios(root: string): Scenario[] {
  const refused: Problem[] = [];
  const { scenarios, problems } = readScenarios(root, refused);
  problems.unshift(...refused);
  if (problems.length)
    throw new RunnerInputError(
      problems.map(formatProblem).join('\n'),
      'fix the scenario files (npm run derive shows every problem)',
    );
  return [...scenarios.values()];
}

/** One revision's scenarios of one role under `root`, sorted by id (invalid files throw, as in `loadScenarios`). */
export function scenariosOf(revision: Revision, role: Role, root = projectRoot()): Scenario[] {
  return loadScenarios(root)
    .filter((s) => s.revision === revision && s.role === role)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The scenario `<revision>/<role>/<id>`; a missing one is an input error naming its file and the known ids. */
export function findScenario(root: string, revision: Revision, role: Role, id: string | undefined): Scenario {
  const all = loadScenarios(root).filter((s) => s.revision === revision && s.role === role);
  const s = all.find((x) => x.id === id);
  if (!s) {
    throw new RunnerInputError(
      `scenarios/${revision}/${role}/${id ?? '<missing --scenario>'}.json: no such scenario`,
      `known: ${all.map((x) => x.id).join(', ') || '(none)'}`,
    );
  }
  return s;
}
