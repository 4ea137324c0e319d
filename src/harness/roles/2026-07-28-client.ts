import { fileURLToPath } from 'node:url';
import { MUTANTS } from '../oracle/2026-07-28/client/mutants.ts';
import { SCHEMA_INVALID_LABELS } from '../reference/2026-07-28/scripts.ts';
import { TASK_MUTANTS } from '../oracle/2026-07-28/client/task-mutants.ts';
import { startReference2026 } from '../reference/2026-07-28/server.ts';
import type { ClientRoleDriver } from './types.ts';

const ORACLE_MAIN = fileURLToPath(new URL('../oracle/2026-07-28/client/main.ts', import.meta.url));

/** Client role, revision 2026-07-28: stateless scripted reference server, from-scratch oracle client and its mutants. */
export const driver: ClientRoleDriver = {
  revision: '2026-07-28',
  role: 'client',
  async startReference(scenario) {
    const ref = await startReference2026(scenario);
    return { url: ref.url, env: {}, finished: ref.finished, stop: ref.stop };
  },
  oracleCommand(scenario, mutant) {
    return { cmd: process.execPath, args: [ORACLE_MAIN, scenario.id, ...(mutant ? [`--mutant=${mutant}`] : [])] };
  },
  mutants: [...MUTANTS, ...TASK_MUTANTS],
  schemaInvalidLabels: SCHEMA_INVALID_LABELS,
};
