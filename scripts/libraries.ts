// npm run libraries [-- --library <name>[@<version>]] [--newest] [--revision R] [--role client|server] [--jobs n] [--repetitions k] [--isolation docker|netns|none] [--check | --evidence [--write]]
// --library <name> selects every registered release of that library, <name>@<version> one; --newest keeps only the newest
// release of each selected library (what CI checks).
// Runs every (library × scenario) trial of the registry (libraries/registry.json; not-attempted scenarios are listed,
// not run) through the trial runner (command adapter, docs none, k = 1…3) and replaces those subjects' records in
// results/. --check: the same runs at k = 1 (--repetitions to change), each verdict compared with the committed
// repetitions of its cell (any of them may show it: a flaky verdict is data), nothing written; exit 1 on a difference.
// --evidence: re-run the raw evidence commands of libraries/evidence/index.json against the live libraries and
// require each transcript to still show what the entry says (--write: record the transcripts).
// Exits 1 on an infra-error or a process surviving cleanup (records are written anyway; infra-error records never count).
import { scoreTrial } from '../src/bench/scoring/score.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { runEvidence } from '../src/harness/libraries/evidence.ts';
import { librariesDir } from '../src/harness/libraries/index.ts';
import {
  checkInstalled,
  parseLibrariesArgs,
  planLibraries,
  subjectRecordDir,
  USAGE,
  writeLibraries,
} from '../src/harness/libraries/plan.ts';
import { driverFor } from '../src/harness/roles/registry.ts';
import { runCalibration, verdictKey } from '../src/harness/runner/calibrate.ts';
import { compareWithRepetitions } from '../src/harness/libraries/check.ts';
import { pinnedSpec } from '../src/harness/io/spec.ts';
import { runCli } from '../src/harness/cli-args.ts';
import { loadScenarios } from '../src/harness/io/scenarios.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { chooseIsolation } from '../src/harness/runner/isolation.ts';

async function main(): Promise<number> {
  const args = parseLibrariesArgs(process.argv.slice(2));
  const root = projectRoot();
  checkInstalled(librariesDir(), args.libraries);
  if (args.evidence) return runEvidence(root, args);
  const { spec, specCommit } = pinnedSpec(root);
  const plan = planLibraries(loadScenarios(root), args, driverFor);
  for (const s of plan.skipped) console.error(`skipped: ${s}`);
  for (const s of plan.notAttempted) console.error(`not attempted: ${s}`);
  if (plan.jobs.length === 0)
    throw new RunnerInputError('nothing to run: no selected scenario has glue for the selected libraries', USAGE);

  const { isolation, docker } = chooseIsolation(root, args.isolation, (l) => console.error(`libraries: ${l}`));
  const t0 = performance.now();
  console.error(
    `libraries: ${plan.jobs.length} trials (k = 1…${args.repetitions}, jobs ${args.jobs}, isolation ${isolation})${args.check ? ', checking against the committed records' : ''}`,
  );
  const timeouts = { sessionMs: 120_000, serviceStartMs: 20_000 }; // a session's server: the default 10 s to listen
  const ran = await runCalibration(
    plan.jobs,
    { root, specDir: spec, specCommit, isolation, docker, timeouts },
    args.jobs,
    (r, i) => {
      const s = r.job.scenario;
      const rec = r.result.record;
      const score = rec.status === 'completed' ? scoreTrial(rec.verdicts).score.toFixed(3) : 'n/a';
      console.error(
        `  [${i + 1}/${plan.jobs.length}] ${s.revision} ${s.role} ${s.id} ${rec.subject.id} k${rec.trial.k}: score ${score}; ${verdictKey(rec)}`,
      );
    },
  );
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const bad = ran.filter((r) => r.result.record.status === 'infra-error' || r.result.leftovers.length > 0);
  for (const r of bad)
    console.error(
      `problem: ${r.job.scenario.id} ${r.result.record.subject.id}: ${r.result.record.infraReason ?? `${r.result.leftovers.length} process(es) survived cleanup`}`,
    );
  if (args.check) {
    const diffs = compareWithRepetitions(root, ran, subjectRecordDir);
    for (const d of diffs) console.error(d);
    console.log(
      `libraries --check: ${ran.length} trials in ${secs} s; ${diffs.length} difference(s) from the committed records; ${bad.length} problem(s)`,
    );
    return diffs.length || bad.length ? 1 : 0;
  }
  const written = writeLibraries(root, ran);
  console.log(
    `libraries: ${ran.length} trials in ${secs} s; wrote ${written.length} records; ${bad.length} problem(s)`,
  );
  return bad.length ? 1 : 0;
}

runCli('libraries', main);
