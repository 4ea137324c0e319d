import { spawn } from 'node:child_process';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import type { ClientRoleDriver, CommandLine } from '../../roles/types.ts';
import { killGroup } from '../../os/procs.ts';

export interface ClientRun {
  log: WireLog;
  /** Exit code, `null` when the process was killed (timeout, or still running after `finished`). */
  exitCode: number | null;
  /** How the wait ended. */
  ended: 'exit' | 'finished' | 'timeout';
  stdout: string;
  stderr: string;
}

export interface ClientRunOptions {
  /** Bound on the whole client run (default 90 s). */
  timeoutMs?: number;
  /** Time a client gets to exit by itself once the reference says the script is finished (default 2 s). */
  graceMs?: number;
  /** Extra env for the client. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Stream the client's output here as it comes (e.g. process.stderr), besides capturing it. */
  echo?: NodeJS.WritableStream;
}

const CAPTURE_LIMIT = 256 * 1024;

/**
 * Run one client-role trial: fresh reference server, the client command with `MCP_SERVER_URL` (+ the reference's env),
 * bounded wait for exit or `finished`, then kill the client's whole process group and stop the reference.
 * Never throws because of the client; the wire log is what it is.
 */
export async function runClient(
  driver: ClientRoleDriver,
  scenario: Scenario,
  command: CommandLine,
  opts: ClientRunOptions = {},
): Promise<ClientRun> {
  const ref = await driver.startReference(scenario);
  const child = spawn(command.cmd, command.args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env, ...ref.env, MCP_SERVER_URL: ref.url },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so everything the command started can be killed together.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    if (stdout.length < CAPTURE_LIMIT) stdout += c.toString('utf8');
    opts.echo?.write(c);
  });
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < CAPTURE_LIMIT) stderr += c.toString('utf8');
    opts.echo?.write(c);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', (e) => {
      const line = `spawn failed: ${command.cmd}: ${e.message}\n`;
      stderr += line;
      opts.echo?.write(line);
      resolve(null);
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), opts.timeoutMs ?? 90_000)));
  let ended = await Promise.race([
    exited.then(() => 'exit' as const),
    ref.finished.then(() => 'finished' as const),
    timeout,
  ]);
  if (ended === 'finished') {
    const grace = new Promise<'finished'>((r) => setTimeout(() => r('finished'), opts.graceMs ?? 2_000));
    ended = await Promise.race([exited.then(() => 'exit' as const), grace]);
  }
  clearTimeout(timer);
  if (child.pid !== undefined) {
    killGroup(child.pid, 'SIGTERM');
    killGroup(child.pid, 'SIGKILL');
  }
  const exitCode = ended === 'exit' ? await exited : null;
  const log = await ref.stop();
  return { log, exitCode, ended, stdout, stderr };
}
