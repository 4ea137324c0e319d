// Oracle server for the 2026-07-28 server role: PORT=3000 [HOST=127.0.0.1] npx node main.ts [--mutant <id>]
// (or MCPFS_MUTANT=<id>). Prints "listening on http://HOST:PORT/mcp" when ready; SIGTERM/SIGINT stop it.
import { createOracleServer } from './server.ts';

const at = process.argv.indexOf('--mutant');
const mutant = at >= 0 ? process.argv[at + 1] : process.env.MCPFS_MUTANT;
const port = Number(process.env.PORT ?? NaN);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`oracle 2026-07-28: env PORT: must be an integer 0-65535, got ${JSON.stringify(process.env.PORT)}\nhint: PORT=3000 npx node src/harness/oracle/2026-07-28/server/main.ts`);
  process.exit(2);
}
const server = (() => {
  try {
    return createOracleServer(mutant);
  } catch (e) {
    console.error(`oracle 2026-07-28: --mutant: ${(e as Error).message}`);
    return process.exit(2);
  }
})();
server.listen(port, host, () => console.log(`listening on http://${host}:${port}/mcp${mutant ? ` (mutant ${mutant})` : ''}`));
// An SSE stream a mutant keeps open would hold close() forever: cut connections first.
for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => (server.close(() => process.exit(0)), server.closeAllConnections()));
