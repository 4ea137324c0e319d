// npm run verify [-- --base <ref>] [--isolation docker|netns|none] [records or folders…] : run the stored solutions of agent
// trials again (their snapshots) in a fresh sandbox, compare the verdicts checkpoint by checkpoint with the records',
// and write `<name>.verification.jsonl` beside each record. Selection: the records named, else the agent records
// added or changed against the base (as `npm run check` selects). Writes nothing under results/ but those sidecars.
import { formatProblem, type Problem } from '../src/bench/problems.ts';
import { oneOf, parseCliWithPositionals, runCli } from '../src/harness/cli-args.ts';
import { checkAgainstBase } from '../src/harness/derive-inputs.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { loadTarget, type VerifyTarget } from '../src/harness/verify/load.ts';
import { ISOLATION_KINDS } from '../src/harness/runner/isolation.ts';
import { matchTable, repositoryCommit, verifyTarget } from '../src/harness/verify/rerun.ts';

const USAGE = 'npm run verify [-- --base <ref>] [--isolation docker|netns|none] [record files or folders…]';

async function main(): Promise<number> {
  const { values: a, positionals } = parseCliWithPositionals(
    process.argv.slice(2),
    { base: { type: 'string' }, isolation: { type: 'string' } },
    USAGE,
  );
  const isolation = a.isolation === undefined ? undefined : oneOf('--isolation', a.isolation, ISOLATION_KINDS);
  const root = projectRoot();
  const commit = repositoryCommit();
  const { base, check } = checkAgainstBase(root, { base: a.base, select: positionals });
  const explicit = positionals.length > 0;
  if (explicit && check.checked.length === 0)
    for (const p of positionals) console.error(formatProblem({ file: p, message: 'no record (k<n>.json) here' }));
  const targets: VerifyTarget[] = [];
  const problems: Problem[] = [];
  for (const path of check.checked) {
    const t = loadTarget(root, path, explicit);
    if (t === undefined) continue; // not an agent record, found by the selection: nothing to verify
    if ('record' in t) targets.push(t);
    else problems.push(t);
  }
  console.log(
    `verify: ${targets.length} agent record${targets.length === 1 ? '' : 's'} to re-run (${explicit ? 'as named' : `changed against ${base.ref} (${base.commit.slice(0, 12)})`})`,
  );
  for (const p of problems) console.error(formatProblem(p));
  let bad = problems.length + (explicit && check.checked.length === 0 ? 1 : 0);
  for (const t of targets) {
    let v: Awaited<ReturnType<typeof verifyTarget>>;
    try {
      v = await verifyTarget(root, t, { isolation, commit });
    } catch (e) {
      // This record's scenario or driver is gone: it cannot be re-run; the others still are.
      if (!(e instanceof RunnerInputError)) throw e;
      console.error(formatProblem({ file: t.path, message: `could not be re-run: ${e.message}`, hint: e.hint }));
      bad++;
      continue;
    }
    const head = `${v.path} (isolation ${v.isolation}, ${(v.wallTimeMs / 1000).toFixed(1)} s)`;
    if (v.status === 'infra-error') console.log(`${head}: could not be re-run: ${v.infraReason}`);
    else {
      console.log(`${head}: ${v.agrees ? 'agrees' : 'DISAGREES'}`);
      for (const l of matchTable(v.matches)) console.log(l);
    }
    for (const n of v.notes) console.log(`  note: ${n}`);
    console.log(`  wrote ${v.sidecar}`);
    if (!v.agrees) bad++;
  }
  if (bad === 0) return (console.log('verify: passed'), 0);
  console.error(`\nverify failed: ${bad} record${bad === 1 ? ' disagrees' : 's disagree'} or could not be re-run`);
  return 1;
}

runCli('verify', main);
