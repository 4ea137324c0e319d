// npm run rejudge [-- --dry-run] : after a deliberate judge change, re-run every judge over each stored wire log and
// rewrite the stored verdicts. Records are otherwise untouched; derive then accepts them again.
import { formatProblem } from '../src/bench/problems.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { planRejudge } from '../src/harness/io/rejudge.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';

const dry = process.argv.includes('--dry-run');
const { changed, writes, problems } = planRejudge(projectRoot());
for (const path of changed) console.log(`${path}: verdicts re-judged`);
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`\nrejudge failed: ${problems.length} problem(s); nothing written.`);
  process.exit(1);
}
if (!dry) writeFilesAtomic(writes);
console.log(`rejudge: ${changed.length} record(s) ${dry ? 'would change' : 'rewritten'}.`);
