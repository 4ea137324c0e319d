// npm run check [-- --base <ref>] [--allow-calibration] [paths…] : validate the records a pull request adds or changes
// against the base (default: the merge base with main): schema, layout, sidecars, integrity, re-judging, scenario
// version, copies of other trials, calibration untouched. Only those records are re-judged: seconds, not a derive.
import { MANIFEST_INFO } from '../src/bench/pr/manifest.ts';
import { formatProblem } from '../src/bench/problems.ts';
import { checkAgainstBase } from '../src/harness/derive-inputs.ts';
import { parseCliWithPositionals, runCli } from '../src/harness/cli-args.ts';
import { projectRoot } from '../src/harness/io/paths.ts';

const USAGE = 'npm run check [-- --base <ref>] [--allow-calibration] [record files or folders…]';

async function main(): Promise<number> {
  const { values: a, positionals } = parseCliWithPositionals(
    process.argv.slice(2),
    { base: { type: 'string' }, 'allow-calibration': { type: 'boolean' } },
    USAGE,
  );
  const { base, check: out } = checkAgainstBase(projectRoot(), {
    base: a.base,
    select: positionals,
    allowCalibration: a['allow-calibration'],
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
