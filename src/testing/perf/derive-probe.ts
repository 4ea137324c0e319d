// Child process of `npm run bench` (node src/testing/perf/derive-probe.ts <root> <rounds> [--write] [--warm]
// [--threads n]): times
// plain JSON.parse of every file under <root>/results and a derive of the tree (re-judging, every message against the
// pinned schema, gates), best of <rounds> each, interleaved, in one process; prints one JSON line. Its own process so
// its peak RSS is derive's alone. Cold by default: every record checked (no stored memo), as in a clean clone.
// --warm: with the memo a previous --write left in the tree (`npm run derive` on a rebuild). --write also writes the
// data set and the memo, as `npm run derive` would, for the site build and the next --warm. --threads: as
// `npm run derive --threads` (default: one per core, at most 4, from 5,000 records to check; given: always).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { serializeDataset, type DeriveOutput } from '../../bench/derive/derive.ts';
import { readDeriveCache, writeDeriveCache } from '../../harness/io/derive-cache.ts';
import { defaultThreads, deriveOnThreads } from '../../harness/derive-threads/threads.ts';
import { formatProblem } from '../../bench/problems.ts';
import { loadDeriveInput } from '../../harness/derive-inputs.ts';
import { writeFilesAtomic } from '../../harness/io/write.ts';

/** What one derive measurement found. */
export interface DeriveProbe {
  files: number;
  bytes: number;
  parseMs: number;
  /** Reading the tree (harness/io) and deriving it: what `npm run derive` does before writing. */
  deriveMs: number;
  maxRssKb: number;
  /** Revisions whose messages were validated against the pinned schema (the real path validates both). */
  schemaChecked: string[];
  /** Records whose memo entry derive took (stored, with --warm, or made by the threads just before). */
  reused: number;
  /** Threads that checked records (1: derive alone, as below the threshold without --threads). */
  threads: number;
}

function parseAll(root: string): { ms: number; files: number; bytes: number } {
  const t0 = performance.now();
  let bytes = 0;
  const files = fg.sync('results/**/*', { cwd: root });
  for (const f of files) {
    const text = readFileSync(join(root, f), 'utf8');
    bytes += Buffer.byteLength(text);
    if (!f.endsWith('.jsonl')) JSON.parse(text);
    else for (const l of text.split('\n')) if (l) JSON.parse(l);
  }
  return { ms: performance.now() - t0, files: files.length, bytes };
}

let last: DeriveOutput | undefined;
/** What scripts/derive.ts does: the memo (when warm), the threads, then derive. */
async function deriveOnce(root: string, warm: boolean, threads: number): Promise<number> {
  const t0 = performance.now();
  const { out, threaded } = await deriveOnThreads(root, loadDeriveInput(root, { rejudge: true }), {
    stored: warm ? readDeriveCache(root) : undefined,
    threads,
    minRecords: explicit ? 1 : undefined,
    // A measurement must not quietly fall back to one thread.
    onThreadError: (e) => {
      throw e;
    },
  });
  used = Math.max(used, threaded.threads);
  last = out;
  if (!last.dataset)
    throw new Error(`${root}: derive failed:\n${last.problems.slice(0, 10).map(formatProblem).join('\n')}`);
  return performance.now() - t0;
}

const argv = process.argv.slice(2);
const explicit = argv.includes('--threads');
const threads = explicit ? Number(argv[argv.indexOf('--threads') + 1]) : defaultThreads();
let used = 1;
const [root, rounds = '2'] = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--threads');
const warm = process.argv.includes('--warm');
if (!root) throw new Error('usage: derive-probe.ts <root> [rounds]');
let parse = parseAll(root);
let deriveMs = Infinity;
for (let i = 0; i < Number(rounds); i++) {
  const p = parseAll(root);
  if (p.ms < parse.ms) parse = p;
  deriveMs = Math.min(deriveMs, await deriveOnce(root, warm, threads));
}
const probe: DeriveProbe = {
  files: parse.files,
  bytes: parse.bytes,
  parseMs: parse.ms,
  deriveMs,
  maxRssKb: process.resourceUsage().maxRSS,
  schemaChecked: last!.dataset!.schema.revisions.filter((r) => r.status === 'checked').map((r) => r.revision),
  reused: last!.cache?.reused ?? 0,
  threads: used,
};
if (process.argv.includes('--write')) {
  writeFilesAtomic([{ path: join(root, 'generated/dataset.json'), content: serializeDataset(last!.dataset!) }]);
  writeDeriveCache(root, last!.cache!.next);
}
console.log(JSON.stringify(probe));
