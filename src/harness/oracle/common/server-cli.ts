import type { Server } from 'node:http';
import { mutantArg } from './mutant-switch.ts';

/** What an oracle server's `main.ts` hands to `oracleServerMain`. */
export interface OracleServerCli {
  /** Prefix of error messages, e.g. `oracle 2025-11-25`. */
  name: string;
  /** Project-relative path of the main.ts, for the usage hint. */
  mainPath: string;
  /** Build the server, the plain oracle or one mutant; throws on an unknown mutant name. */
  create(mutant?: string): Server;
}

/**
 * The command-line shell every oracle server shares: `PORT` (required, 0 = any free port) and `HOST` (default
 * 127.0.0.1) from env, the mutant from `--mutant <id>`, `--mutant=<id>` or `MCPFS_MUTANT`. Prints one line
 * "listening on http://HOST:PORT/mcp" with the port actually bound once ready; SIGTERM/SIGINT stop it. Bad input
 * exits 2.
 */
export function oracleServerMain(
  cli: OracleServerCli,
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): Server {
  const port = Number(env.PORT);
  const host = env.HOST ?? '127.0.0.1';
  if (env.PORT === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      `${cli.name}: env PORT: must be an integer 0-65535, got ${JSON.stringify(env.PORT)}\nhint: PORT=3000 npx node ${cli.mainPath}`,
    );
    process.exit(2);
  }
  let mutant: string | undefined;
  let server: Server;
  try {
    mutant = mutantArg(argv, env);
    server = cli.create(mutant);
  } catch (e) {
    const m = (e as Error).message;
    console.error(`${cli.name}: ${m.startsWith('--mutant') ? m : `--mutant: ${m}`}`);
    process.exit(2);
  }
  server.listen(port, host, () => {
    const a = server.address();
    console.log(
      `listening on http://${host}:${typeof a === 'object' && a ? a.port : port}/mcp${mutant ? ` (mutant ${mutant})` : ''}`,
    );
  });
  // Open SSE streams (a mutant may keep one open) would hold close() forever: cut connections first.
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return server;
}
