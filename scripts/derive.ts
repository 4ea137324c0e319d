// npm run derive [-- --no-gate] [--no-rejudge] : (MCPFS_ROOT=<dir> reads and writes another tree) validate every record, re-judge, score, run the calibration gate, write the data set.
import { derive, serializeDataset } from '../src/bench/derive/derive.ts';
import { formatProblem } from '../src/bench/problems.ts';
import { loadDeriveInput } from '../src/harness/io/derive-inputs.ts';
import { datasetPath, projectRoot } from '../src/harness/io/paths.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const root = projectRoot();
const out = derive(loadDeriveInput(root, { gate: !args.includes('--no-gate'), rejudge: !args.includes('--no-rejudge') }));
if (!out.dataset) {
  for (const p of out.problems) console.error(formatProblem(p));
  console.error(`\nderive failed: ${out.problems.length} problem${out.problems.length === 1 ? '' : 's'}; nothing written.`);
  process.exit(1);
}
const target = datasetPath(root);
writeFilesAtomic([{ path: target, content: serializeDataset(out.dataset) }]);
const d = out.dataset;
console.log(`derive: ${d.trials.length} trials, ${d.scenarios.length} scenarios, ${d.subjects.length} subjects; calibration and coverage gates ${args.includes('--no-gate') ? 'skipped' : 'passed'}${args.includes('--no-rejudge') ? ', re-judging skipped' : ''} → ${relative(root, target)}`);
