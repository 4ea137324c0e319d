import { join } from 'node:path';
import type { Subject } from '../../../bench/schema/subject.ts';
import type { RoleDriver } from '../../roles/types.ts';
import { RunnerInputError } from '../../errors.ts';
import { compileCacheEnv, hostEnv, spawnSubject, writeShellWrapper } from './spawn.ts';
import type { Adapter } from './types.ts';

export const ORACLE_SUBJECT: Subject = {
  kind: 'calibration',
  id: 'calibration/oracle',
  label: 'Oracle (this benchmark’s from-scratch implementation)',
};
export const NULL_SUBJECT: Subject = { kind: 'calibration', id: 'calibration/null', label: 'Null (does nothing)' };

/** Does nothing: the session ends at once. Calibrates the floor (every scenario must score 0). */
export function nullAdapter(): Adapter {
  return {
    subject: NULL_SUBJECT,
    start: async () => ({
      mode: 'session',
      startedNothing: true,
      exited: Promise.resolve({ code: 0, signal: null }),
      stop: () => {},
    }),
  };
}

/**
 * Runs the driver's oracle (or one mutant) as the subject, inside the workspace and sandbox. Server role: a
 * long-running server on `PORT`; client role: a client that exits when done.
 */
export function oracleAdapter(driver: RoleDriver, mutant?: string): Adapter {
  if (mutant !== undefined && !driver.mutants.some((m) => m.id === mutant)) {
    throw new RunnerInputError(
      `unknown mutant "${mutant}" for ${driver.revision} ${driver.role}`,
      `known: ${driver.mutants.map((m) => m.id).join(', ') || '(none)'}`,
    );
  }
  const info = driver.mutants.find((m) => m.id === mutant);
  const subject: Subject = info
    ? { kind: 'calibration', id: `calibration/mutant-${info.id}`, label: `Mutant ${info.id}: ${info.description}` }
    : ORACLE_SUBJECT;
  return {
    subject,
    usesProject: true,
    start: (ctx) => {
      const c = driver.oracleCommand(ctx.scenario, mutant);
      return spawnSubject(ctx, c.cmd, c.args, {
        mode: driver.role === 'server' ? 'service' : 'session',
        log: 'oracle.log',
        env: { ...ctx.env, ...compileCacheEnv() },
      });
    },
  };
}

export interface CommandAdapterOptions {
  /** Shell command line, run with `/bin/sh -c` in the workspace. */
  command: string;
  subject: Subject;
  /** The command is itself the server and stays in the foreground (server role): ready when the port listens. */
  service?: boolean;
  /**
   * Run the command outside the sandbox (an agent harness that must reach its model), with the caller's env plus
   * the trial variables, and `SHELL` / `MCPFS_SHELL` = a wrapper that runs `-c "<command>"` inside the sandbox.
   */
  outside?: boolean;
}

/**
 * Any other harness: a command line run inside the sandbox with the workspace as cwd. It gets the prompt file as
 * `MCPFS_TASK_FILE` (also `./TASK.md`) and the trial variables (`PORT` or `MCP_SERVER_URL`).
 */
export function commandAdapter(o: CommandAdapterOptions): Adapter {
  return {
    subject: o.subject,
    start: (ctx) => {
      const task = { MCPFS_TASK_FILE: join(ctx.dirs.dir, 'TASK.md') };
      const env = o.outside
        ? {
            ...hostEnv(),
            ...ctx.vars,
            ...task,
            SHELL: writeShellWrapper(ctx),
            MCPFS_SHELL: join(ctx.dirs.harness, 'agent-shell'),
          }
        : { ...ctx.env, ...task };
      return spawnSubject(ctx, '/bin/sh', ['-c', o.command], {
        mode: o.service ? 'service' : 'session',
        env,
        inside: !o.outside,
        log: 'command.log',
      });
    },
  };
}
