// npm run probe -- --revision 2025-11-25 --scenario <id> --url <url> [--out <file>] [--json] [--subject <id>]
// Probes a running server, prints a verdict table and the score (or, with --json, the trial record).
// Exit 0 whenever the probe ran, whatever the verdicts; 2 when it could not (bad URL, unknown scenario, …).
import { projectRoot } from '../src/harness/io/paths.ts';
import { formatReport } from '../src/harness/io/report.ts';
import { writeStandaloneTrial } from '../src/harness/io/trial-files.ts';
import { resolveManualProbe, runManualProbe } from '../src/harness/runner/manual-probe.ts';
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';

const USAGE =
  'usage: npm run probe -- --revision <rev> --scenario <id> --url <http://host:port/path> [--out <file>] [--json] [--subject <kind/id>]';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    {
      revision: { type: 'string' },
      scenario: { type: 'string' },
      url: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      subject: { type: 'string' },
    },
    USAGE,
  );
  const missing = (['revision', 'scenario', 'url'] as const).filter((k) => a[k] === undefined);
  if (missing.length) throw new RunnerInputError(`${missing.map((k) => `--${k}`).join(', ')}: required`, USAGE);
  const root = projectRoot();
  const resolved = resolveManualProbe({
    revision: a.revision!,
    scenario: a.scenario!,
    url: a.url!,
    subject: a.subject,
    root,
  });
  const { record, log } = await runManualProbe(resolved, root);
  const written = a.out ? writeStandaloneTrial(a.out, record, log) : [];
  if (a.json) console.log(JSON.stringify(record, null, 2));
  else {
    console.log(`probe ${resolved.scenario.revision} server/${resolved.scenario.id} → ${resolved.url}\n`);
    console.log(formatReport(record));
  }
  if (written.length) console.error(`wrote ${written.join(' and ')}`);
  return 0;
}

runCli('probe', main);
