// Oracle server for the 2026-07-28 server role: PORT=3000 [HOST=127.0.0.1] npx node main.ts [--mutant <id> | --mutant=<id>]
// (or MCPFS_MUTANT=<id>). Prints "listening on http://HOST:PORT/mcp" when ready; SIGTERM/SIGINT stop it.
import { oracleServerMain } from '../../common/server-cli.ts';
import { createOracleServer } from './server.ts';

oracleServerMain({
  name: 'oracle 2026-07-28',
  mainPath: 'src/harness/oracle/2026-07-28/server/main.ts',
  create: createOracleServer,
});
