import { spawn } from 'node:child_process';
import { chmodSync, closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envArgs, shq } from '../env.ts';
import { InfraError } from '../../errors.ts';
import { projectRoot } from '../../io/paths.ts';
import { killGroup, killPid, TRIAL_MARKER } from '../../os/procs.ts';
import type { AgentContext, AgentRun, Exit } from './types.ts';

export interface SpawnOptions {
  mode: AgentRun['mode'];
  /** Spawn inside the sandbox (default) or on the host (pi itself, which must reach the model). */
  inside?: boolean;
  /** Environment; default the context's allow-listed env. */
  env?: Record<string, string>;
  /** Log file name under the harness folder. */
  log?: string;
}

/**
 * Start a subject process in its own process group, cwd = the workspace, output to a harness log file.
 * A spawn failure (binary missing, nsenter failing) is the harness's: InfraError.
 */
export function spawnSubject(
  ctx: AgentContext,
  cmd: string,
  args: readonly string[],
  o: SpawnOptions,
): Promise<AgentRun> {
  const w = o.inside === false ? { cmd, args: [...args] } : ctx.sandbox.enter(cmd, args);
  const fd = openSync(join(ctx.dirs.harness, o.log ?? 'agent.log'), 'a');
  const child = spawn(w.cmd, w.args, {
    cwd: ctx.dirs.dir,
    env: o.env ?? ctx.env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.once('error', (e) => reject(new InfraError(`could not start the subject: ${w.cmd}: ${e.message}`)));
    child.once('spawn', () =>
      resolve({
        mode: o.mode,
        exited,
        stop: (group) => {
          if (!child.pid) return;
          if (group) return killGroup(child.pid);
          // The wrapper (nsenter, docker exec) is not the agent: what it became inside must stop too.
          const inside = o.inside === false ? [] : ctx.sandbox.entered(child.pid);
          child.kill('SIGKILL');
          for (const p of inside) killPid(p);
        },
      }),
    );
  });
}

/**
 * The harness process's own env for a subject that runs outside the sandbox (pi, `command --outside`): the user's
 * (it needs the model provider's keys), minus the runner's own variables.
 */
export function hostEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('MCPFS_') && k !== TRIAL_MARKER) env[k] = v;
  return env;
}

/**
 * Node's compile cache for a host-side Node subject we start (the oracle, pi): the project's .cache/ (ignored by
 * git), so modules are stripped and compiled once, not once per trial — half of each start's CPU, which calibration
 * pays ~350 times. A subject that cannot write there only loses the cache, never the run.
 */
export function compileCacheEnv(): { NODE_COMPILE_CACHE: string } {
  return { NODE_COMPILE_CACHE: join(projectRoot(), '.cache', 'node-compile') };
}

/**
 * A shell for harnesses that run outside the sandbox: `<wrapper> -c "<command>"` runs the command inside the sandbox
 * with the allow-listed env only (nothing of the caller's env, which holds model keys). pi uses it as `shellPath`.
 */
export function writeShellWrapper(ctx: AgentContext): string {
  const [env, ...envRest] = envArgs(ctx.env);
  const w = ctx.sandbox.enter(env!, [...envRest, '/bin/bash']);
  const path = join(ctx.dirs.harness, 'agent-shell');
  writeFileSync(path, `#!/bin/sh\nexec ${[w.cmd, ...w.args].map(shq).join(' ')} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}
