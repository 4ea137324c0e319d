import type { MutantInfo } from '../../roles/types.ts';
import { findMutant, mutantArg } from './mutant-switch.ts';

/**
 * The command-line shell every oracle client shares: scenario from argv or `MCPFS_SCENARIO`, mutant from `--mutant=`
 * or `MCPFS_MUTANT`, `MCP_SERVER_URL`, an overall time bound, and exit codes (0 accepted, 1 failed, 2 bad usage).
 */

/** The active switch: `--mutant=<id>` (or `--mutant <id>`) wins over `MCPFS_MUTANT`. Unknown ids are an error, not a silent oracle run. */
export function activeMutantOf(
  mutants: readonly MutantInfo[],
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): string | undefined {
  const id = mutantArg(argv, env);
  if (id !== undefined) findMutant(mutants, id);
  return id;
}

export interface OracleClientCli {
  scenarios: readonly string[];
  mutants: readonly MutantInfo[];
  /** Run the scenario's goal; true when the server accepted the answer. */
  run(url: string, scenario: string, mutant?: string): Promise<boolean>;
  /** Give up after this long (default 60 s), so the oracle always exits. */
  timeoutMs?: number;
}

/** Parse argv/env, run, and return the exit code. */
export async function oracleClientMain(
  cli: OracleClientCli,
  argv = process.argv.slice(2),
  env = process.env,
): Promise<number> {
  const url = env.MCP_SERVER_URL;
  const scenario = argv.find((a) => !a.startsWith('--')) ?? env.MCPFS_SCENARIO;
  if (!url || !scenario || !cli.scenarios.includes(scenario)) {
    process.stderr.write(
      `usage: MCP_SERVER_URL=<url> main.ts <scenario> [--mutant=<id>]\n  scenario: one of ${cli.scenarios.join(', ')}\n`,
    );
    return 2;
  }
  let mutant: string | undefined;
  try {
    mutant = activeMutantOf(cli.mutants, argv, env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const ms = cli.timeoutMs ?? 60_000;
  const timer = setTimeout(() => {
    process.stderr.write(`oracle client: gave up after ${ms} ms\n`);
    process.exit(1);
  }, ms);
  timer.unref();
  try {
    return (await cli.run(url, scenario, mutant)) ? 0 : 1;
  } catch (e) {
    process.stderr.write(`oracle client${mutant ? ` (mutant ${mutant})` : ''}: ${(e as Error).message}\n`);
    return 1;
  }
}
