// npm run calibrate [-- --revision R] [--role client|server] [--scenario id] [--check | --dry-run] [--jobs n]
// Runs oracle, null, every mutant and pi + scripted model on every selected scenario through the trial runner
// (docs none, k1, docker when an engine answers, else netns) and replaces the calibration records in results/. Exits non-zero unless the gate holds
// (oracle 1.0, null 0, every checkpoint killed, no infra-error, every message of our side valid against the pinned
// schema). --check runs live, writes nothing, and fails when fresh verdicts differ from the committed records.
// --dry-run runs live and applies the gate but writes nothing: for trying a scenario's new checkpoints and mutants.
import { formatProblem } from '../src/bench/problems.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { loadPinnedSchemas, schemaSkipLine } from '../src/harness/io/schema.ts';
import { schemaExemptions } from '../src/harness/roles/schema-exemptions.ts';
import { driverFor } from '../src/harness/roles/registry.ts';
import {
  checkCalibration,
  committedMs,
  compareWithCommitted,
  planCalibration,
  runCalibration,
  verdictKey,
  writeCalibration,
} from '../src/harness/runner/calibrate.ts';
import { asRevision, asRole, oneOf, parseCli, runCli } from '../src/harness/cli-args.ts';
import { pinnedSpec } from '../src/harness/io/spec.ts';
import { loadScenarios } from '../src/harness/io/scenarios.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { chooseIsolation } from '../src/harness/runner/isolation.ts';

const USAGE =
  'npm run calibrate [-- --revision 2025-11-25] [--role server] [--scenario tasks] [--check | --dry-run] [--jobs 1]';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    {
      revision: { type: 'string' },
      role: { type: 'string' },
      scenario: { type: 'string' },
      check: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      jobs: { type: 'string', default: '1' },
      isolation: { type: 'string' },
    },
    USAGE,
  );
  const root = projectRoot();
  const { spec, specCommit } = pinnedSpec(root, { text: true });
  const jobs = Number(a.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new RunnerInputError(`--jobs "${a.jobs}": must be a positive integer`);
  const { isolation, docker } = chooseIsolation(root, a.isolation, (l) => console.error(`calibrate: ${l}`));
  const scenarios = loadScenarios(root);
  const plan = planCalibration(scenarios, driverFor, {
    revision: a.revision ? asRevision(a.revision) : undefined,
    role: a.role ? asRole(a.role) : undefined,
    scenario: a.scenario,
  });
  for (const p of plan.problems) console.error(formatProblem(p));
  if (plan.jobs.length === 0)
    throw new RunnerInputError('nothing to calibrate: no scenario with a role driver matches', USAGE);

  const t0 = performance.now();
  console.error(
    `calibrate: ${plan.jobs.length} trials on ${new Set(plan.jobs.map((j) => j.scenario)).size} scenarios (jobs ${jobs}, isolation ${isolation})`,
  );
  const ran = await runCalibration(
    plan.jobs,
    {
      root,
      specDir: spec,
      specCommit,
      isolation,
      docker,
      // A server an agent left running gets the default 10 s to listen after its session: a loaded machine needs it, and
      // the null subject, which starts nothing, waits for no port at all.
      timeouts: { sessionMs: 120_000, serviceStartMs: 20_000 },
    },
    jobs,
    (r, i) => {
      const s = r.job.scenario;
      console.error(
        `  [${i + 1}/${plan.jobs.length}] ${s.revision} ${s.role} ${s.id} ${r.result.record.subject.id}: ${verdictKey(r.result.record)}${r.result.record.infraReason ? ` (${r.result.record.infraReason})` : ''}`,
      );
    },
    (job) => committedMs(root, job),
  );
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const schemas = loadPinnedSchemas(spec);
  const skipped = schemaSkipLine(schemas);
  if (skipped) console.error(`calibrate: ${skipped}`);
  const gate = checkCalibration(scenarios, ran, { schemas, exemptions: schemaExemptions() });
  for (const p of gate.problems) console.error(formatProblem(p));
  let failed = gate.problems.length > 0 || plan.problems.length > 0;
  if (a.check) {
    const diffs = compareWithCommitted(root, ran);
    for (const d of diffs) console.error(d);
    console.log(
      `calibrate --check: ${ran.length} trials in ${seconds} s; ${diffs.length} difference(s) from the committed records; gate ${gate.problems.length ? 'FAILED' : 'passed'}`,
    );
    failed ||= diffs.length > 0;
  } else if (a['dry-run']) {
    console.log(
      `calibrate --dry-run: ${ran.length} trials in ${seconds} s; nothing written; gate ${gate.problems.length ? 'FAILED' : 'passed'}`,
    );
  } else {
    const written = writeCalibration(root, ran);
    console.log(
      `calibrate: ${ran.length} trials in ${seconds} s; wrote ${written.length} records; gate ${gate.problems.length ? 'FAILED' : 'passed'}`,
    );
  }
  return failed ? 1 : 0;
}

runCli('calibrate', main);
