// npm run derive [-- --no-gate] [--no-rejudge] [--require-spec] [--no-cache] [--threads n] : (--no-cache: check every record, ignoring and not writing .cache/derive.json, the memo of records checked before) (--threads n: check the records the memo lacks on n worker threads first; default one per core, at most 4, from 5,000 records to check) (--require-spec, as `npm run build` passes: fetch the pinned spec on first use and stop if it cannot be had) (MCPFS_ROOT=<dir> reads and writes another tree) validate every record, re-judge, score, validate every message against the pinned schema, run the calibration, schema and coverage gates, write the data set.
import { serializeDataset } from '../src/bench/derive/derive.ts';
import { BenchError, formatProblem } from '../src/bench/problems.ts';
import { loadDeriveInput } from '../src/harness/derive-inputs.ts';
import { datasetPath, projectRoot } from '../src/harness/io/paths.ts';
import { schemaSkipLine } from '../src/harness/io/schema.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { relative } from 'node:path';
import { RunnerInputError } from '../src/harness/errors.ts';
import { ensureSpec } from '../src/harness/io/spec.ts';
import { deriveCacheLabel, readDeriveCache, writeDeriveCache } from '../src/harness/io/derive-cache.ts';
import { defaultThreads, deriveOnThreads } from '../src/harness/derive-threads/threads.ts';

const args = process.argv.slice(2);
const root = projectRoot();
if (args.includes('--require-spec')) {
  try {
    ensureSpec(root);
  } catch (e) {
    if (!(e instanceof RunnerInputError)) throw e;
    console.error(`derive: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
    process.exit(2);
  }
}
let input: ReturnType<typeof loadDeriveInput>;
try {
  input = loadDeriveInput(root, { gate: !args.includes('--no-gate'), rejudge: !args.includes('--no-rejudge') });
} catch (e) {
  // The pinned spec's own files (outside the tree, so not part of `refused`): path-first, never a stack trace.
  if (!(e instanceof BenchError)) throw e;
  for (const p of e.problems) console.error(formatProblem(p));
  console.error('\nderive failed: the pinned spec could not be read; nothing written.');
  process.exit(1);
}
const skipped = input.schemas && schemaSkipLine(input.schemas);
if (skipped) console.error(`derive: ${skipped}`);
// The memo of records checked before (src/bench/derive/record-cache.ts): a record whose bytes, sidecars, scenario and
// checking code are all unchanged is not parsed and judged again.
// Records the memo lacks are checked on worker threads first (src/harness/derive-threads/threads.ts); derive takes their
// entries after its own digest check. --no-cache: no stored memo is read or written, but the threads still help.
const noCache = args.includes('--no-cache');
const explicit = args.includes('--threads');
const threadsArg = explicit ? Number(args[args.indexOf('--threads') + 1]) : defaultThreads();
if (!Number.isInteger(threadsArg) || threadsArg < 1) {
  console.error('derive: --threads: must be a positive integer');
  process.exit(2);
}
const { out, threaded } = await deriveOnThreads(root, input, {
  stored: noCache ? undefined : readDeriveCache(root),
  threads: threadsArg,
  minRecords: explicit ? 1 : undefined,
  onThreadError: (e) =>
    console.error(`derive: checking on threads failed (${e instanceof Error ? e.message : String(e)}); checking here`),
});
if (out.cache && !noCache) writeDeriveCache(root, out.cache.next);
if (!out.dataset) {
  for (const p of out.problems) console.error(formatProblem(p));
  console.error(
    `\nderive failed: ${out.problems.length} problem${out.problems.length === 1 ? '' : 's'}; nothing written.`,
  );
  process.exit(1);
}
const target = datasetPath(root);
writeFilesAtomic([{ path: target, content: serializeDataset(out.dataset) }]);
const d = out.dataset;
const onThreads = threaded.checked > 0 ? `; ${threaded.checked} records checked on ${threaded.threads} threads` : '';
const memo = noCache
  ? onThreads
  : `; ${(out.cache?.reused ?? 0) - threaded.made} of ${d.trials.length} records reused unchanged from ${deriveCacheLabel(root)}${onThreads}`;
const checked = d.schema.revisions.filter((r) => r.status === 'checked').map((r) => r.revision);
const schemaLine = checked.length
  ? `schema-checked ${checked.join(', ')} (${d.schema.findings.subject} subject findings)`
  : 'schema validation skipped';
console.log(
  `derive: ${d.trials.length} trials, ${d.scenarios.length} scenarios, ${d.subjects.length} subjects; ${schemaLine}; calibration, schema and coverage gates ${args.includes('--no-gate') ? 'skipped' : 'passed'}${args.includes('--no-rejudge') ? ', re-judging skipped' : ''}${memo} → ${relative(root, target)}`,
);
// The coverage ledger's headline figure per revision × role (defined on the methodology page and in CONTEXT.md).
const musts = d.extra.coverage.revisions.flatMap((r) =>
  r.observableMusts.flatMap((m) =>
    m.observable === null ? [] : [`${r.revision} ${m.role} ${m.tested}/${m.observable}`],
  ),
);
if (musts.length > 0) console.log(`derive: observable in-scope MUSTs tested (goal: all): ${musts.join(', ')}`);
