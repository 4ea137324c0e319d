// npm run reference -- --revision 2025-11-25 --scenario <id> [--json] [--out <file>] [--timeout <s>] [--subject <id>] -- <client command…>
// Starts a fresh reference server, runs the client command with MCP_SERVER_URL set, waits (bounded), kills the
// command's process group, judges the wire log and prints the verdict table and score (--json: the trial record).
// --out writes the record and its wire log beside it as `<name>.wire.jsonl`.
import { projectRoot } from '../src/harness/io/paths.ts';
import { formatReport } from '../src/harness/io/report.ts';
import { writeStandaloneTrial } from '../src/harness/io/trial-files.ts';
import { runManualClient } from '../src/harness/runner/manual-probe.ts';
import { asRevision, parseCli, runCli, subjectFromId } from '../src/harness/cli-args.ts';
import { findScenario } from '../src/harness/io/scenarios.ts';
import { RunnerInputError } from '../src/harness/errors.ts';

const USAGE =
  'usage: npm run reference -- --revision <rev> --scenario <id> [--json] [--out <file>] [--timeout <s>] [--subject <id>] -- <client command…>';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf('--');
  const command = sep === -1 ? [] : argv.slice(sep + 1);
  const a = parseCli(
    sep === -1 ? argv : argv.slice(0, sep),
    {
      revision: { type: 'string' },
      scenario: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      timeout: { type: 'string', default: '120' },
      subject: { type: 'string', default: 'library/local-command@0' },
    },
    USAGE,
  );
  const revision = asRevision(a.revision);
  if (a.scenario === undefined) throw new RunnerInputError('--scenario: required', USAGE);
  if (command.length === 0) throw new RunnerInputError('client command: missing after `--`', USAGE);
  const timeoutS = Number(a.timeout);
  if (!(timeoutS > 0)) throw new RunnerInputError(`--timeout "${a.timeout}": expected a positive number of seconds`);
  const root = projectRoot();
  const scenario = findScenario(root, revision, 'client', a.scenario);
  const subject = subjectFromId(a.subject, command.join(' '));
  const { record, run } = await runManualClient(scenario, command, subject, {
    timeoutMs: timeoutS * 1000,
    root,
    echo: process.stderr,
  });
  const written = a.out ? writeStandaloneTrial(a.out, record, run.log) : [];

  if (a.json) console.log(JSON.stringify(record, null, 2));
  else {
    const how =
      run.ended === 'exit'
        ? `exited with ${run.exitCode}`
        : run.ended === 'finished'
          ? 'finished (killed after the grace period)'
          : 'timed out';
    console.log(`${scenario.revision} client ${scenario.id}: client ${how}\n`);
    console.log(formatReport(record));
  }
  if (written.length) console.error(`wrote ${written.join(' and ')}`);
  return 0;
}

runCli('reference', main);
