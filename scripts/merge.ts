// npm run merge -- [bundle folder…] [--manifest <file>] [--allow-missing] [--dry-run]
// Validates every bundle of a run (hashes, schema, re-judging, no trial twice, none outside the manifest's plan, none
// missing unless --allow-missing) and only then adds their files to results/, all or nothing. No folders: every
// bundles/**/bundle.json. Merging the same bundles again adds nothing. Exit 1 on any problem (nothing written), 2 on
// bad input.
import { formatProblem } from '../src/bench/problems.ts';
import { mergeSummary } from '../src/bench/sweep/merge-summary.ts';
import { parseCliWithPositionals, runCli } from '../src/harness/cli-args.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { mergeBundles } from '../src/harness/sweep/merge.ts';
import { sweepPlanner } from '../src/harness/sweep/merge-planner.ts';

const USAGE = 'npm run merge -- [bundle folder…] [--manifest runs/<id>.json] [--allow-missing] [--dry-run]';

async function main(): Promise<number> {
  const { values: a, positionals } = parseCliWithPositionals(
    process.argv.slice(2),
    { manifest: { type: 'string' }, 'allow-missing': { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
    USAGE,
  );
  const dryRun = a['dry-run'] ?? false;
  const r = mergeBundles({
    root: projectRoot(),
    folders: positionals,
    manifest: a.manifest,
    allowMissing: a['allow-missing'],
    dryRun,
    planner: sweepPlanner,
  });
  if (r.problems.length === 0 && r.check && r.manifest) {
    for (const line of mergeSummary({ bundles: r.bundles, manifest: r.manifest, check: r.check }, dryRun))
      console.log(line);
    return 0;
  }
  for (const p of r.problems) console.error(formatProblem(p));
  console.error(`\nmerge refused: ${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}; nothing written`);
  return 1;
}

runCli('merge', main);
