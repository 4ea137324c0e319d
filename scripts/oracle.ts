// npm run oracle -- --revision R --role server --scenario S --port P [--mutant id]
//                   (starts the oracle server alone on 127.0.0.1:P; Ctrl+C stops it)
// npm run oracle -- --revision R --role client --scenario S --url U [--mutant id]
//                   (runs the oracle client against any server at U, exits with its code)
// Both run the role driver's oracleCommand, exactly what the trial runner's oracle adapter runs.
import { spawn } from 'node:child_process';
import { projectRoot } from '../src/harness/io/paths.ts';
import { asRevision, asRole, parseCli, runCli } from '../src/harness/cli-args.ts';
import { requireDriver } from '../src/harness/roles/registry.ts';
import { findScenario } from '../src/harness/io/scenarios.ts';
import { RunnerInputError } from '../src/harness/errors.ts';

const USAGE = 'npm run oracle -- --revision 2025-11-25 --role server --scenario tools-basics --port 8080';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    {
      revision: { type: 'string' },
      role: { type: 'string' },
      scenario: { type: 'string' },
      port: { type: 'string' },
      url: { type: 'string' },
      mutant: { type: 'string' },
    },
    USAGE,
  );
  const revision = asRevision(a.revision);
  const role = asRole(a.role);
  const scenario = findScenario(projectRoot(), revision, role, a.scenario);
  const driver = requireDriver(revision, role);
  if (a.mutant !== undefined && !driver.mutants.some((m) => m.id === a.mutant)) {
    throw new RunnerInputError(
      `--mutant "${a.mutant}": unknown for ${revision} ${role}`,
      `known: ${driver.mutants.map((m) => m.id).join(', ')}`,
    );
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (role === 'server') {
    const port = Number(a.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new RunnerInputError(`--port "${a.port ?? ''}": must be a TCP port 1–65535`, USAGE);
    env.PORT = String(port);
    console.error(
      `oracle: serving ${revision} ${scenario.id}${a.mutant ? ` (mutant ${a.mutant})` : ''} at http://127.0.0.1:${port}/mcp`,
    );
  } else {
    if (!a.url || !/^https?:\/\//.test(a.url))
      throw new RunnerInputError(
        `--url "${a.url ?? ''}": must be an http(s) URL of an MCP endpoint`,
        'npm run oracle -- --revision 2025-11-25 --role client --scenario call-tool --url http://127.0.0.1:8080/mcp',
      );
    env.MCP_SERVER_URL = a.url;
  }
  const c = driver.oracleCommand(scenario, a.mutant);
  const child = spawn(c.cmd, c.args, { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))));
}

runCli('oracle', main);
