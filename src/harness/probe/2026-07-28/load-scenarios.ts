import type { Scenario } from '../../../bench/schema/scenario.ts';
import { loadScenarios } from '../../runner/cli.ts';

/** The 2026-07-28 server scenarios under `root`, validated (throws on invalid files: tests want to know), by id. */
export function loadServerScenarios2026(root = process.cwd()): Scenario[] {
  return loadScenarios(root).filter((s) => s.revision === '2026-07-28' && s.role === 'server').sort((a, b) => a.id.localeCompare(b.id));
}
