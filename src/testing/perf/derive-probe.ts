// Child process of `npm run bench` (node src/testing/perf/derive-probe.ts <root> <rounds> [--write] [--warm]): times
// plain JSON.parse of every file under <root>/results and a derive of the tree (re-judging, every message against the
// pinned schema, gates), best of <rounds> each, interleaved, in one process; prints one JSON line. Its own process so
// its peak RSS is derive's alone. Cold by default: every record checked (no stored memo), as in a clean clone.
// --warm: with the memo a previous --write left in the tree (`npm run derive` on a rebuild). --write also writes the
// data set and the memo, as `npm run derive` would, for the site build and the next --warm.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { serializeDataset, type DeriveOutput } from '../../bench/derive/derive.ts';
import { deriveWithMemo, writeDeriveCache } from '../../harness/io/derive-cache.ts';
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
  /** Records whose stored result was reused (--warm), not checked again. */
  reused: number;
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
function deriveOnce(root: string, warm: boolean): number {
  const t0 = performance.now();
  last = deriveWithMemo(root, loadDeriveInput(root, { rejudge: true }), warm);
  if (!last.dataset)
    throw new Error(`${root}: derive failed:\n${last.problems.slice(0, 10).map(formatProblem).join('\n')}`);
  return performance.now() - t0;
}

const [root, rounds = '2'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const warm = process.argv.includes('--warm');
if (!root) throw new Error('usage: derive-probe.ts <root> [rounds]');
let parse = parseAll(root);
let deriveMs = Infinity;
for (let i = 0; i < Number(rounds); i++) {
  const p = parseAll(root);
  if (p.ms < parse.ms) parse = p;
  deriveMs = Math.min(deriveMs, deriveOnce(root, warm));
}
const probe: DeriveProbe = {
  files: parse.files,
  bytes: parse.bytes,
  parseMs: parse.ms,
  deriveMs,
  maxRssKb: process.resourceUsage().maxRSS,
  schemaChecked: last!.dataset!.schema.revisions.filter((r) => r.status === 'checked').map((r) => r.revision),
  reused: last!.cache?.reused ?? 0,
};
if (process.argv.includes('--write')) {
  writeFilesAtomic([{ path: join(root, 'generated/dataset.json'), content: serializeDataset(last!.dataset!) }]);
  writeDeriveCache(root, last!.cache!.next);
}
console.log(JSON.stringify(probe));
