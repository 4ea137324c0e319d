import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { MUTANTS } from '../oracle/2026-07-28/server/mutants.ts';
import { probe } from '../probe/2026-07-28/index.ts';
import { SCHEMA_INVALID_STEPS } from '../probe/2026-07-28/schema-invalid-steps.ts';
import type { ServerRoleDriver } from './types.ts';

const ORACLE_MAIN = fileURLToPath(new URL('../oracle/2026-07-28/server/main.ts', import.meta.url));

/**
 * Server role, revision 2026-07-28. One stateless from-scratch oracle exposes every scenario's tools, so the scenario
 * does not change its command line; a mutant travels as `--mutant <id>`. It reads `PORT` (and `HOST`) from env.
 */
export const driver: ServerRoleDriver = {
  revision: '2026-07-28',
  role: 'server',
  path: '/mcp',
  probe: (scenario: Scenario, url: string) => probe(scenario, url),
  oracleCommand: (_scenario: Scenario, mutant?: string) => ({
    cmd: process.execPath,
    args: [ORACLE_MAIN, ...(mutant ? ['--mutant', mutant] : [])],
  }),
  mutants: MUTANTS,
  schemaInvalidSteps: SCHEMA_INVALID_STEPS,
};
