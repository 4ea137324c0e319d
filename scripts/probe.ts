// npm run probe -- --revision 2025-11-25 --scenario <id> --url <url> [--out <file>] [--json] [--subject <id>]
// Probes a running server, prints a verdict table and the score (or, with --json, the trial record).
// Exit 0 whenever the probe ran, whatever the verdicts; 2 when it could not (bad URL, unknown scenario, …).
import { projectRoot } from '../src/harness/io/paths.ts';
import { formatReport, ProbeUsageError, resolveManualProbe, runManualProbe, writeManualProbe } from '../src/harness/probe/manual.ts';

const USAGE = 'usage: npm run probe -- --revision <rev> --scenario <id> --url <http://host:port/path> [--out <file>] [--json] [--subject <kind/id>]';
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = projectRoot();
try {
  const missing = ['revision', 'scenario', 'url'].filter((k) => flag(k) === undefined || flag(k)!.startsWith('--'));
  if (missing.length) throw new ProbeUsageError(`${missing.map((k) => `--${k}`).join(', ')}: required\n  hint: ${USAGE}`);
  const resolved = resolveManualProbe({ revision: flag('revision')!, scenario: flag('scenario')!, url: flag('url')!, subject: flag('subject'), root });
  const { record, log } = await runManualProbe(resolved, root);
  const out = flag('out');
  const written = out ? writeManualProbe(out, record, log) : [];
  if (args.includes('--json')) console.log(JSON.stringify(record, null, 2));
  else {
    console.log(`probe ${resolved.scenario.revision} server/${resolved.scenario.id} → ${resolved.url}\n`);
    console.log(formatReport(record));
  }
  if (written.length) console.error(`wrote ${written.join(' and ')}`);
} catch (e) {
  if (!(e instanceof ProbeUsageError)) throw e;
  console.error(`probe: ${e.message}`);
  process.exit(2);
}
