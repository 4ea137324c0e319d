// A cold derive on more than one core. Checking a record (parse and chain-hash its wire log, validate it, re-judge it,
// validate every message against the pinned schema) is most of a cold derive and independent per record, so the
// records the memo lacks are checked on worker threads first, each thread making the memo entries derive would make
// (src/bench/derive/memo-entries.ts). derive then takes them like stored entries, after its own digest check of every
// input file, so a thread can make derive faster but never change what it reports: a record a thread did not vouch
// for (it failed, or the thread did) is checked by derive itself, with its problems.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { memoFingerprint } from '../../bench/derive/memo-entries.ts';
import {
  cachedRecord,
  DERIVE_CACHE_FORMAT,
  type CachedRecord,
  type DeriveCache,
} from '../../bench/derive/record-cache.ts';
import { derive, type DeriveInput, type DeriveOutput } from '../../bench/derive/derive.ts';
import { deriveFingerprint } from '../io/derive-cache.ts';

/**
 * Below this many records to check, starting threads costs more than it saves: each thread loads the judges, compiles
 * the schemas and warms up on its own (about a second on 2 vCPUs), and two threads on 2 vCPUs check only 1.6× as fast
 * as one. Measured (`npm run bench`): 1,000 records 1.4 s on one thread, 2.2 s on two; 10,000 records 12.5 s, 11.4 s.
 */
export const MIN_RECORDS_FOR_THREADS = 5_000;

/** Threads by default: one per core, at most 4 (past that, the main thread's own share of a derive dominates). */
export const defaultThreads = (): number => Math.min(4, availableParallelism());

/** What one thread is handed: its records' paths and every file of their folders (the sidecars are among them). */
export interface ThreadJob {
  root: string;
  /** deriveFingerprint of the derive's input: the thread checks it read the same configuration. */
  fingerprint: string;
  rejudge: boolean;
  paths: string[];
  files: [string, string][];
}

export interface ThreadedMemo {
  /** The memo to derive with: `previous`'s entries (when still valid) plus the threads' fresh ones. */
  cache: DeriveCache | undefined;
  /** Records the threads checked, and on how many threads (0 and 1: none, derive checks everything itself). */
  checked: number;
  /** Memo entries the threads made (records that passed). */
  made: number;
  threads: number;
}

/** Split the records to check into `n` shards of about equal bytes (largest first, each to the lightest shard). */
export function shardRecords(paths: readonly string[], bytes: (p: string) => number, n: number): string[][] {
  const shards = Array.from({ length: Math.max(1, n) }, () => ({ paths: [] as string[], bytes: 0 }));
  const sized = paths.map((p) => ({ p, b: bytes(p) })).sort((a, b) => b.b - a.b || (a.p < b.p ? -1 : 1));
  for (const { p, b } of sized) {
    const lightest = shards.reduce((x, y) => (y.bytes < x.bytes ? y : x));
    lightest.paths.push(p);
    lightest.bytes += b;
  }
  return shards.map((s) => s.paths.sort()).filter((s) => s.length > 0);
}

const folderOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);

/**
 * Check on `threads` worker threads the records of `input` that `previous` holds no valid entry for (under this
 * code's `fingerprint`). Returns `previous` untouched when there are fewer than `minRecords` of them or one thread is
 * asked for.
 */
export async function checkOnThreads(
  root: string,
  input: DeriveInput,
  fingerprint: string,
  previous: DeriveCache | undefined,
  threads: number,
  /** Start threads only from this many records to check (`--threads n` given explicitly: from one). */
  minRecords = MIN_RECORDS_FOR_THREADS,
): Promise<ThreadedMemo> {
  const rejudge = input.rejudge ?? true;
  const fp = memoFingerprint(fingerprint, rejudge);
  const files = input.results;
  // A stored entry counts as valid here by its own scenario digest; derive checks that digest against the scenario
  // and checks any entry that fails it itself.
  const todo = [...files.keys()].filter(
    (p) => p.endsWith('.json') && !cachedRecord(previous, fp, p, files, (c) => c.scenarioHash),
  );
  if (threads < 2 || todo.length === 0 || todo.length < minRecords)
    return { cache: previous, checked: 0, made: 0, threads: 1 };
  const byFolder = new Map<string, string[]>();
  for (const p of files.keys()) {
    const f = folderOf(p);
    const list = byFolder.get(f);
    if (list) list.push(p);
    else byFolder.set(f, [p]);
  }
  const wire = (p: string) =>
    (files.get(p)?.length ?? 0) + (files.get(p.replace(/\.json$/, '.wire.jsonl'))?.length ?? 0);
  const shards = shardRecords(todo, wire, threads);
  const fresh = await Promise.all(
    shards.map((paths) => {
      const folders = new Set(paths.map(folderOf));
      const job: ThreadJob = {
        root,
        fingerprint,
        rejudge,
        paths,
        files: [...folders].flatMap((f) => (byFolder.get(f) ?? []).map((p): [string, string] => [p, files.get(p)!])),
      };
      return runThread(job);
    }),
  );
  const kept = previous?.fingerprint === fp ? previous.records : {};
  const records: Record<string, CachedRecord> = Object.assign({}, kept, ...fresh);
  return {
    cache: { format: DERIVE_CACHE_FORMAT, fingerprint: fp, records },
    checked: todo.length,
    made: fresh.reduce((n, f) => n + Object.keys(f).length, 0),
    threads: shards.length,
  };
}

/**
 * derive as `npm run derive` runs it: the records `stored` (the memo) lacks are checked on `threads` threads first
 * (from `minRecords` of them), then derive runs with every entry. A thread only ever saves time: when one fails,
 * `onThreadError` hears why and derive checks those records itself.
 */
export async function deriveOnThreads(
  root: string,
  input: DeriveInput,
  o: {
    stored: DeriveCache | undefined;
    threads: number;
    minRecords?: number;
    onThreadError?: (e: unknown) => void;
  },
): Promise<{ out: DeriveOutput; threaded: ThreadedMemo }> {
  const fingerprint = deriveFingerprint(input);
  const threaded = await checkOnThreads(root, input, fingerprint, o.stored, o.threads, o.minRecords).catch(
    (e: unknown): ThreadedMemo => {
      o.onThreadError?.(e);
      return { cache: o.stored, checked: 0, made: 0, threads: 1 };
    },
  );
  return { out: derive({ ...input, cache: { fingerprint, previous: threaded.cache } }), threaded };
}

function runThread(job: ThreadJob): Promise<Record<string, CachedRecord>> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./thread-main.ts', import.meta.url), { workerData: job });
    let entries: Record<string, CachedRecord> | undefined;
    w.once('message', (m: Record<string, CachedRecord>) => (entries = m));
    w.once('error', reject);
    w.once('exit', (code) =>
      entries ? resolve(entries) : reject(new Error(`derive thread exited with code ${code} and no entries`)),
    );
  });
}
