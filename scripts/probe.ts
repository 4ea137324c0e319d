// npm run probe -- --revision <rev> (--url <url> | [--timeout <s>] -- <client command…>) [--scenario <id> ...]
//                  [--markdown <file>] [--junit <file>] [--html <file>] [--fail-on must|should|never] [--out <file>] [--json]
//                  [--subject <id>]
// One command for both roles. With --url: probes a running server with the prober of `--revision`. With a command
// after `--`: runs it once per client scenario against a fresh reference server (MCP_SERVER_URL set), as
// `npm run reference` does. Every scenario of the role, or the ones named (`--scenario`, repeatable). Prints a verdict
// table and the score per scenario; `--markdown` and `--junit` write the same as Markdown (a job summary, a pull
// request comment) and JUnit XML (CI test reports); `--html` writes one self-contained HTML file (no network: styles
// inline, nothing fetched) with each scenario's replay as the site's trial page shows it: header and score line,
// verdicts linked to their exchanges, timeline, every exchange with headers, bodies and SSE events (a CI artifact);
// `--out` and `--json` write or print one scenario's trial record.
// `--list` prints the revision's scenarios with the tools each task names, and probes nothing.
// Exit 0 when the probe ran, whatever the verdicts, unless --fail-on says which failures fail it (then 1); 2 when it
// could not run (bad URL, unknown scenario, …).
import { projectRoot } from '../src/harness/io/paths.ts';
import { formatReport } from '../src/harness/io/report.ts';
import { writeStandaloneTrial } from '../src/harness/io/trial-files.ts';
import type { Revision, Role } from '../src/bench/schema/common.ts';
import type { Scenario } from '../src/bench/schema/scenario.ts';
import type { TrialRecord } from '../src/bench/schema/trial.ts';
import type { WireLog } from '../src/bench/schema/wire-event.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { findScenario, scenariosOf } from '../src/harness/io/scenarios.ts';
import { resolveManualProbe, runManualClient, runManualProbe } from '../src/harness/runner/manual-probe.ts';
import { asRevision, oneOf, parseCli, runCli, subjectFromId } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { probeJunit, probeMarkdown, runFails, scenarioList } from '../src/bench/report/probe-report.ts';
import { probeHtml, type ReplayRun } from '../src/bench/report/replay-html.ts';
import { reportStyles } from '../src/harness/io/report-styles.ts';

const USAGE =
  'usage: npm run probe -- --revision <rev> [--list] (--url <http://host:port/path> | [--timeout <s>] -- <client command…>) [--scenario <id> ...] [--markdown <file>] [--junit <file>] [--html <file>] [--fail-on must|should|never] [--out <file>] [--json] [--subject <kind/id>]';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf('--');
  const command = sep === -1 ? [] : argv.slice(sep + 1);
  const a = parseCli(
    sep === -1 ? argv : argv.slice(0, sep),
    {
      revision: { type: 'string' },
      scenario: { type: 'string', multiple: true },
      url: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      subject: { type: 'string' },
      markdown: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      'fail-on': { type: 'string' },
      timeout: { type: 'string', default: '120' },
      list: { type: 'boolean' },
    },
    USAGE,
  );
  if (a.revision === undefined) throw new RunnerInputError('--revision: required', USAGE);
  if (a.list) {
    const revision = asRevision(a.revision);
    const root = projectRoot();
    process.stdout.write(
      scenarioList([...scenariosOf(revision, 'server', root), ...scenariosOf(revision, 'client', root)]),
    );
    return 0;
  }
  if ((a.url === undefined) === (command.length === 0))
    throw new RunnerInputError(
      a.url === undefined
        ? '--url: required (a server), or a client command after `--`'
        : '--url and a client command: give one',
      USAGE,
    );
  const role: Role = a.url === undefined ? 'client' : 'server';
  const failOn = a['fail-on'] === undefined ? 'never' : oneOf('--fail-on', a['fail-on'], ['must', 'should', 'never']);
  const timeoutS = Number(a.timeout);
  if (!(timeoutS > 0)) throw new RunnerInputError(`--timeout "${a.timeout}": expected a positive number of seconds`);
  const root = projectRoot();
  const revision = asRevision(a.revision);
  const ids = a.scenario?.length ? a.scenario : scenariosOf(revision, role, root).map((s) => s.id);
  if ((a.out !== undefined || a.json) && ids.length !== 1)
    throw new RunnerInputError(`--out and --json write one trial record: name one --scenario (${ids.length} chosen)`);
  // Every argument is checked before anything runs: a typo in the last scenario fails fast.
  const jobs =
    role === 'server'
      ? ids.map((scenario) => {
          const r = resolveManualProbe({ revision, scenario, url: a.url!, subject: a.subject, root });
          return { scenario: r.scenario, run: () => runManualProbe(r, root) };
        })
      : clientJobs(revision, ids, command, a.subject, timeoutS * 1000, root);
  const run: ReplayRun = { url: a.url ?? command.join(' '), revision, role, probed: [] };
  for (const job of jobs) {
    const { record, log } = await job.run();
    run.probed.push({
      scenario: job.scenario.id,
      title: job.scenario.title,
      record,
      log,
      checkpoints: job.scenario.checkpoints,
    });
    const written = a.out ? writeStandaloneTrial(a.out, record, log) : [];
    if (a.json) console.log(JSON.stringify(record, null, 2));
    else {
      console.log(`probe ${revision} ${role}/${job.scenario.id} → ${run.url}\n`);
      console.log(`${formatReport(record)}\n`);
    }
    if (written.length) console.error(`wrote ${written.join(' and ')}`);
  }
  const reports = [
    ...(a.markdown ? [{ path: a.markdown, content: probeMarkdown(run) }] : []),
    ...(a.junit ? [{ path: a.junit, content: probeJunit(run) }] : []),
    ...(a.html ? [{ path: a.html, content: probeHtml(run, reportStyles()) }] : []),
  ];
  if (reports.length) {
    writeFilesAtomic(reports);
    console.error(`wrote ${reports.map((f) => f.path).join(' and ')}`);
  }
  return runFails(run, failOn) ? 1 : 0;
}

/** A client command run against a fresh reference server per scenario (what `npm run reference` does for one). */
function clientJobs(
  revision: Revision,
  ids: readonly string[],
  command: readonly string[],
  subjectId: string | undefined,
  timeoutMs: number,
  root: string,
): { scenario: Scenario; run: () => Promise<{ record: TrialRecord; log: WireLog }> }[] {
  const subject = subjectFromId(subjectId ?? 'library/local-command@0', command.join(' '));
  return ids.map((id) => {
    const scenario = findScenario(root, revision, 'client', id);
    return {
      scenario,
      run: () => runManualClient(scenario, command, subject, { timeoutMs, root, echo: process.stderr }),
    };
  });
}

runCli('probe', main);
