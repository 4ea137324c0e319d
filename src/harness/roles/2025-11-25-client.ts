import { fileURLToPath } from 'node:url';
import { MUTANTS } from '../oracle/2025-11-25/client/mutants.ts';
import { TASK_MUTANTS } from '../oracle/2025-11-25/client/task-mutants.ts';
import { startReference2025 } from '../reference/2025-11-25/server.ts';
import type { ClientRoleDriver } from './types.ts';

const ORACLE_MAIN = fileURLToPath(new URL('../oracle/2025-11-25/client/main.ts', import.meta.url));

/** Client role, revision 2025-11-25: scripted reference server, from-scratch oracle client and its mutants. */
export const driver: ClientRoleDriver = {
  revision: '2025-11-25',
  role: 'client',
  async startReference(scenario) {
    const ref = await startReference2025(scenario.id);
    return { url: ref.url, env: {}, finished: ref.finished, stop: ref.stop };
  },
  oracleCommand(scenario, mutant) {
    return { cmd: process.execPath, args: [ORACLE_MAIN, scenario.id, ...(mutant ? [`--mutant=${mutant}`] : [])] };
  },
  mutants: [...MUTANTS, ...TASK_MUTANTS],
};
