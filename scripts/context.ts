// npm run context [-- --check] : regenerate CONTEXT.md's deviations section (between its marker lines) from the
// scenario files and coverage ledgers; --check writes nothing and exits 1 when the committed section is stale.
import { join } from 'node:path';
import { BenchError, formatProblem } from '../src/bench/problems.ts';
import { contextFile } from '../src/harness/io/context.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { parseCli, runCli } from '../src/harness/cli-args.ts';

const USAGE = 'npm run context [-- --check]';

async function main(): Promise<number> {
  const a = parseCli(process.argv.slice(2), { check: { type: 'boolean' } }, USAGE);
  const root = projectRoot();
  let f;
  try {
    f = contextFile(root);
  } catch (e) {
    if (!(e instanceof BenchError)) throw e;
    for (const p of e.problems) console.error(formatProblem(p));
    return 1;
  }
  if (f.next === f.current) return (console.log(`${f.path}: deviations section up to date`), 0);
  if (a.check) {
    console.error(
      `${f.path}: the generated deviations section is stale\n  hint: run npm run context and commit ${f.path}`,
    );
    return 1;
  }
  writeFilesAtomic([{ path: join(root, f.path), content: f.next }]);
  console.log(`${f.path}: deviations section written`);
  return 0;
}

runCli('context', main);
