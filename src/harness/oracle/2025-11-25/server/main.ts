// Oracle server for the 2025-11-25 server role. Usage: PORT=3000 [HOST=127.0.0.1] node main.ts [--mutant <id>]
// (or MCPFS_MUTANT=<id>). Prints one line "listening on http://HOST:PORT/mcp" when ready.
import { createOracleServer } from './server.ts';

const i = process.argv.indexOf('--mutant');
const mutant = i >= 0 ? process.argv[i + 1] : process.env.MCPFS_MUTANT;
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535 || process.env.PORT === undefined) {
  console.error(`oracle: env PORT: must be an integer 0-65535, got ${JSON.stringify(process.env.PORT)}\nhint: PORT=3000 npx node src/harness/oracle/2025-11-25/server/main.ts`);
  process.exit(2);
}
let server;
try {
  server = createOracleServer(mutant);
} catch (e) {
  console.error(`oracle: --mutant: ${(e as Error).message}`);
  process.exit(2);
}
server.listen(port, host, () => {
  const a = server.address();
  console.log(`listening on http://${host}:${typeof a === 'object' && a ? a.port : port}/mcp${mutant ? ` (mutant ${mutant})` : ''}`);
});
// Open SSE streams would hold close() forever: cut them first.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
