// One derive thread (threads.ts): checks the records it was handed, as derive's own loop would, and posts back
// the memo entries of those that passed. Everything but the results tree comes from the project as derive reads it.
import { parentPort, workerData } from 'node:worker_threads';
import { checkForMemo, recordCheckContext, scenarioDigestOf } from '../../bench/derive/memo-entries.ts';
import type { CachedRecord } from '../../bench/derive/record-cache.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { treeProblems } from '../../bench/derive/tree-checks.ts';
import { loadDeriveInput } from '../derive-inputs.ts';
import { deriveFingerprint } from '../io/derive-cache.ts';
import type { ThreadJob } from './threads.ts';

const job = workerData as ThreadJob;
const input = loadDeriveInput(job.root, { rejudge: job.rejudge, results: false });
// Entries made under another configuration (schemas, calibration subjects, code) would be taken by a derive that checks
// only the records' bytes: refuse instead, and derive checks every record itself.
if (deriveFingerprint(input) !== job.fingerprint)
  throw new Error('this thread read another configuration than the derive that started it');
const { scenarios, broken } = checkScenarios(input.scenarios, input.spec);
const tree = treeProblems(new Map(job.files), input.refused ?? []);
const ctx = recordCheckContext(input, scenarios, broken, tree);
const hashOf = scenarioDigestOf(scenarios);
const entries: Record<string, CachedRecord> = {};
for (const path of job.paths) {
  const text = tree.files.get(path);
  if (text === undefined) continue;
  const r = checkForMemo(path, text, ctx, input.schemas, hashOf);
  if (r.entry) entries[path] = r.entry;
}
parentPort!.postMessage(entries);
