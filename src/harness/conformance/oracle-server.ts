import { spawn } from 'node:child_process';
import type { CommandLine } from '../roles/types.ts';
import { InfraError } from '../errors.ts';

/** An oracle server started for the suite; `stop` is idempotent and always leaves the process gone. */
export interface RunningOracle {
  /** Its MCP endpoint, `http://127.0.0.1:<ephemeral port>/mcp`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Start an oracle server command (a role driver's `oracleCommand`) on 127.0.0.1 and an ephemeral port (`PORT=0`);
 * resolves once it prints its "listening on <url>" line. It runs as the plain oracle: any `MCPFS_MUTANT` is cleared.
 */
export function startOracleServer(cmd: CommandLine, timeoutMs = 20_000): Promise<RunningOracle> {
  const child = spawn(cmd.cmd, cmd.args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MCPFS_MUTANT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (gone) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(killer);
  };
  let out = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() =>
        reject(new InfraError(`oracle server ${cmd.args.join(' ')}: ${why}${out ? `\n${out.slice(-2000)}` : ''}`)),
      );
    };
    const timer = setTimeout(() => fail(`printed no "listening on" line within ${timeoutMs} ms`), timeoutMs);
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, stop });
      }
    });
    child.once('error', (e) => fail(`cannot start: ${e.message}`));
    void exited.then(() => fail(`exited before listening (code ${child.exitCode})`));
  });
}
