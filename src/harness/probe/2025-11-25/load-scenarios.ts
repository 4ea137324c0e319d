import type { Scenario } from '../../../bench/schema/scenario.ts';
import { loadServerScenariosOf } from '../common/load-scenarios.ts';

/** The 2025-11-25 server scenarios under `root`, validated (throws on invalid files: tests want to know), by id. */
export function loadServerScenarios(root = process.cwd()): Scenario[] {
  return loadServerScenariosOf('2025-11-25', root);
}
