import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScenarioSchema, type Scenario } from '../../../bench/schema/scenario.ts';
import { projectRoot } from '../../io/paths.ts';
import { SCRIPTS } from './scripts.ts';

/** The 2026-07-28 client-role scenarios that have a reference script, parsed (tests and tools use this). */
export function clientScenarios2026(root = projectRoot()): Scenario[] {
  return Object.keys(SCRIPTS).map((id) => ScenarioSchema.parse(JSON.parse(readFileSync(join(root, 'scenarios/2026-07-28/client', `${id}.json`), 'utf8'))));
}
