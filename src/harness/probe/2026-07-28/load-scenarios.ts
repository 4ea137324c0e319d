import type { Scenario } from '../../../bench/schema/scenario.ts';
import { loadServerScenariosOf } from '../common/load-scenarios.ts';

/** The 2026-07-28 server scenarios under `root`, validated (throws on invalid files: tests want to know), by id. */
export function loadServerScenarios2026(root = process.cwd()): Scenario[] {
  return loadServerScenariosOf('2026-07-28', root);
}
