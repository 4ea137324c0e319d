import type { Revision } from '../../../bench/schema/common.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { loadScenarios } from '../../runner/cli.ts';

/** A revision's server scenarios under `root`, validated (throws on invalid files: tests want to know), by id. */
export function loadServerScenariosOf(revision: Revision, root = process.cwd()): Scenario[] {
  return loadScenarios(root)
    .filter((s) => s.revision === revision && s.role === 'server')
    .sort((a, b) => a.id.localeCompare(b.id));
}
