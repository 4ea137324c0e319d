// npm run rejudge [-- --dry-run] : after a deliberate judge change, re-run every judge over each stored wire log and
// rewrite the stored verdicts. Records are otherwise untouched; derive then accepts them again.
import { join } from 'node:path';
import { parseWith, parseWireLog } from '../src/bench/derive/parse.ts';
import { checkScenarios } from '../src/bench/derive/scenarios.ts';
import { judgeTrial } from '../src/bench/judge/run.ts';
import { JUDGES } from '../src/bench/judge/registry.ts';
import { formatProblem } from '../src/bench/problems.ts';
import { TrialRecordSchema } from '../src/bench/schema/trial.ts';
import { loadResultFiles, loadScenarioFiles } from '../src/harness/io/load.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';

const dry = process.argv.includes('--dry-run');
const root = projectRoot();
const { scenarios, problems } = checkScenarios(loadScenarioFiles(root));
const files = loadResultFiles(root);
const writes: { path: string; content: string }[] = [];
let changed = 0;
for (const [path, text] of files) {
  if (!path.endsWith('.json')) continue;
  const { value: record, problems: ps } = parseWith(path, text, TrialRecordSchema);
  problems.push(...ps);
  if (!record || record.status !== 'completed') continue;
  const t = record.trial;
  const scenario = scenarios.get(`${t.revision}/${t.role}/${t.scenario}`);
  if (!scenario) {
    problems.push({ file: path, field: 'trial.scenario', message: `unknown scenario "${t.scenario}"` });
    continue;
  }
  const wirePath = path.slice(0, path.lastIndexOf('/') + 1) + record.sidecars.wire;
  const wireText = files.get(wirePath);
  if (wireText === undefined) {
    problems.push({ file: path, field: 'sidecars.wire', message: `missing sidecar ${wirePath}` });
    continue;
  }
  const w = parseWireLog(wirePath, wireText);
  if (!w.log) {
    problems.push(...w.problems);
    continue;
  }
  const verdicts = judgeTrial(scenario, w.log, JUDGES);
  if (JSON.stringify(verdicts) === JSON.stringify(record.verdicts)) continue;
  changed += 1;
  console.log(`${path}: verdicts re-judged`);
  writes.push({ path: join(root, path), content: JSON.stringify({ ...record, verdicts }, null, 2) + '\n' });
}
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`\nrejudge failed: ${problems.length} problem(s); nothing written.`);
  process.exit(1);
}
if (!dry) writeFilesAtomic(writes);
console.log(`rejudge: ${changed} record(s) ${dry ? 'would change' : 'rewritten'}.`);
