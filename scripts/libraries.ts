// npm run libraries [-- --library <name>] [--revision R] [--role client|server] [--jobs n] [--isolation netns|none]
// Runs every (library × scenario) trial of the registry (src/harness/libraries/index.ts) through the trial runner
// (command adapter, docs none, k1) and replaces those subjects' records in results/. Exits 1 on an infra-error or a
// process surviving cleanup (records are written anyway; infra-error records never count).
import { scoreTrial } from '../src/bench/scoring/score.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { checkInstalled, parseLibrariesArgs, planLibraries, USAGE, writeLibraries } from '../src/harness/libraries/plan.ts';
import { driverFor } from '../src/harness/roles/registry.ts';
import { runCalibration, verdictKey } from '../src/harness/runner/calibrate.ts';
import { loadScenarios, pinnedSpec, runCli } from '../src/harness/runner/cli.ts';
import { RunnerInputError } from '../src/harness/runner/errors.ts';

async function main(): Promise<number> {
  const args = parseLibrariesArgs(process.argv.slice(2));
  const root = projectRoot();
  const { spec, specCommit } = pinnedSpec(root);
  checkInstalled(root, args.libraries);
  const plan = planLibraries(loadScenarios(root), args, driverFor);
  for (const s of plan.skipped) console.error(`skipped: ${s}`);
  if (plan.jobs.length === 0) throw new RunnerInputError('nothing to run: no selected scenario has glue for the selected libraries', USAGE);

  const t0 = performance.now();
  console.error(`libraries: ${plan.jobs.length} trials (jobs ${args.jobs}, isolation ${args.isolation})`);
  const timeouts = { sessionMs: 120_000, portWaitMs: 2_000, serviceStartMs: 20_000 };
  const ran = await runCalibration(plan.jobs, { root, specDir: spec, specCommit, isolation: args.isolation, timeouts }, args.jobs, (r, i) => {
    const s = r.job.scenario;
    const rec = r.result.record;
    const score = rec.status === 'completed' ? scoreTrial(rec.verdicts).score.toFixed(3) : 'n/a';
    console.error(`  [${i + 1}/${plan.jobs.length}] ${s.revision} ${s.role} ${s.id} ${rec.subject.id}: score ${score}; ${verdictKey(rec)}`);
  });
  const written = writeLibraries(root, ran);
  const bad = ran.filter((r) => r.result.record.status === 'infra-error' || r.result.leftovers.length > 0);
  for (const r of bad) console.error(`problem: ${r.job.scenario.id} ${r.result.record.subject.id}: ${r.result.record.infraReason ?? `${r.result.leftovers.length} process(es) survived cleanup`}`);
  console.log(`libraries: ${ran.length} trials in ${((performance.now() - t0) / 1000).toFixed(1)} s; wrote ${written.length} records; ${bad.length} problem(s)`);
  return bad.length ? 1 : 0;
}

runCli('libraries', main);
