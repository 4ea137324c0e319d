// npm run check [-- --base <ref>] [--allow-calibration] [paths…] : validate the records a pull request adds or changes
// against the base (default: the merge base with main): schema, layout, sidecars, integrity, re-judging, scenario
// version, copies of other trials, calibration untouched. Only those records are re-judged: seconds, not a derive.
import { JUDGES } from '../src/bench/judge/registry.ts';
import { checkChanges } from '../src/bench/pr/check.ts';
import { MANIFEST_INFO } from '../src/bench/pr/manifest.ts';
import { formatProblem, type Problem } from '../src/bench/problems.ts';
import { parseCliWithPositionals, runCli } from '../src/harness/cli-args.ts';
import { changedFiles, resolveBase } from '../src/harness/io/git.ts';
import { loadPackageVersion, loadResultFiles, loadScenarioSources, loadVersionsFile } from '../src/harness/io/load.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { calibrationSubjects } from '../src/harness/runner/calibration-subjects.ts';

const USAGE = 'npm run check [-- --base <ref>] [--allow-calibration] [record files or folders…]';

async function main(): Promise<number> {
  const { values: a, positionals } = parseCliWithPositionals(
    process.argv.slice(2),
    { base: { type: 'string' }, 'allow-calibration': { type: 'boolean' } },
    USAGE,
  );
  const root = projectRoot();
  const base = resolveBase(root, a.base);
  const refused: Problem[] = [];
  const out = checkChanges({
    changes: changedFiles(root, base.commit),
    select: positionals,
    results: loadResultFiles(root, refused),
    scenarios: loadScenarioSources(root, refused).scenarios,
    versions: loadVersionsFile(root, refused),
    packageVersion: loadPackageVersion(root, refused),
    refused,
    judges: JUDGES,
    calibrationSubjects: calibrationSubjects(),
    allowCalibration: a['allow-calibration'] ?? false,
  });
  const r = out.changes.records;
  const against = `against ${base.ref} (${base.commit.slice(0, 12)})`;
  console.log(
    `check: ${r.added.length} added, ${r.changed.length} changed, ${r.removed.length} removed record${r.removed.length === 1 ? '' : 's'} ${against}; ${out.checked.length} checked`,
  );
  console.log(`check: ${MANIFEST_INFO}`);
  if (out.problems.length === 0) return (console.log('check: passed'), 0);
  for (const p of out.problems) console.error(formatProblem(p));
  console.error(`\ncheck failed: ${out.problems.length} problem${out.problems.length === 1 ? '' : 's'}`);
  return 1;
}

runCli('check', main);
