/**
 * The client command the conformance suite runs in client mode:
 *
 *   node src/harness/conformance/client-shim.ts <command> <server-url>
 *
 * `<command>` is a role driver's `oracleCommand` (exactly what a calibration trial runs), as base64url JSON so it
 * survives the suite's split on spaces; the suite appends the URL of its scenario server, which our oracle clients
 * read from `MCP_SERVER_URL`. Exits with the oracle client's code. Kept free of project imports: it starts once per
 * suite scenario.
 */
import { spawn } from 'node:child_process';

/** Encode a command line for the shim's first argument. */
export const encodeCommand = (c: { cmd: string; args: readonly string[] }): string =>
  Buffer.from(JSON.stringify({ cmd: c.cmd, args: c.args }), 'utf8').toString('base64url');

if (import.meta.main) {
  const [encoded, url] = process.argv.slice(2);
  let c: { cmd: string; args: string[] } | undefined;
  try {
    c = JSON.parse(Buffer.from(encoded ?? '', 'base64url').toString('utf8')) as { cmd: string; args: string[] };
  } catch {
    c = undefined;
  }
  if (!c || typeof c.cmd !== 'string' || !Array.isArray(c.args) || !url) {
    process.stderr.write('usage: client-shim.ts <base64url JSON {cmd, args}> <server-url>\n');
    process.exit(2);
  }
  const child = spawn(c.cmd, c.args, {
    stdio: 'inherit',
    env: { ...process.env, MCP_SERVER_URL: url, MCPFS_MUTANT: '' },
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
