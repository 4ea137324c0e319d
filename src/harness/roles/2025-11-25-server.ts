import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { MUTANTS } from '../oracle/2025-11-25/server/mutants.ts';
import { probe } from '../probe/2025-11-25/index.ts';
import { SCHEMA_INVALID_STEPS } from '../probe/2025-11-25/schema-invalid-steps.ts';
import type { ServerRoleDriver } from './types.ts';

const ORACLE_MAIN = fileURLToPath(new URL('../oracle/2025-11-25/server/main.ts', import.meta.url));

/**
 * Server role, revision 2025-11-25. The oracle is one from-scratch server exposing every scenario's tools, so the
 * scenario does not change its command line; a mutant is passed as `--mutant <id>` (main.ts also reads
 * `MCPFS_MUTANT`). It reads `PORT` (and `HOST`, default 127.0.0.1) from env.
 */
export const driver: ServerRoleDriver = {
  revision: '2025-11-25',
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
