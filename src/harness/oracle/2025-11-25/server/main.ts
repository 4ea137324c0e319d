// Oracle server for the 2025-11-25 server role. Usage: PORT=3000 [HOST=127.0.0.1] node main.ts [--mutant <id> | --mutant=<id>]
// (or MCPFS_MUTANT=<id>). Prints one line "listening on http://HOST:PORT/mcp" when ready; SIGTERM/SIGINT stop it.
import { oracleServerMain } from '../../common/server-cli.ts';
import { createOracleServer } from './server.ts';

oracleServerMain({
  name: 'oracle',
  mainPath: 'src/harness/oracle/2025-11-25/server/main.ts',
  create: createOracleServer,
});
