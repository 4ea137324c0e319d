// Where derive's per-record memo (src/bench/derive/record-cache.ts) lives, and what it is valid for. The memo is
// local build state, like Astro's page cache beside it: `<root>/.cache/derive.json`, never committed, never shipped.
// A clean clone (CI, the published site) has none, so every record there is checked from its bytes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import { DERIVE_CACHE_FORMAT, type DeriveCache } from '../../bench/derive/record-cache.ts';
import type { DeriveInput } from '../../bench/derive/derive.ts';
import { writeFilesAtomic } from './write.ts';

/** The memo's file under a project root. */
export const deriveCachePath = (root: string): string => resolve(root, '.cache/derive.json');

// The code that checks records: the pure core (walls.test.ts keeps every judge, parser and validator in it) and the
// exact dependency versions it runs on. Found from this file, not the data root: MCPFS_ROOT trees use this code.
const CODE_ROOT = resolve(new URL('../../..', import.meta.url).pathname);

/**
 * What a stored result is valid for: every source file of src/bench (path and bytes), package-lock.json, the Node
 * version, the pinned schemas and the calibration subjects derive was given. Any change: every record is checked again.
 */
export function deriveFingerprint(input: Pick<DeriveInput, 'schemas' | 'calibrationSubjects'>): string {
  const h = createHash('sha256').update(`${DERIVE_CACHE_FORMAT}\n${process.version}\n`);
  const files = fg.sync(['src/bench/**/*', 'package-lock.json'], { cwd: CODE_ROOT, dot: true }).sort();
  for (const f of files) {
    const bytes = readFileSync(join(CODE_ROOT, f));
    h.update(`${f}\n${bytes.length}\n`).update(bytes);
  }
  h.update(JSON.stringify(input.schemas ?? null)).update(JSON.stringify(input.calibrationSubjects ?? null));
  return h.digest('hex');
}

/**
 * The memo under `root`, or undefined when there is none or it is not one (unreadable, not JSON, another format):
 * a memo is only ever an optimisation, so a bad one is ignored and replaced, never an error.
 */
export function readDeriveCache(root: string): DeriveCache | undefined {
  const path = deriveCachePath(root);
  if (!existsSync(path)) return undefined;
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> | null;
    return v?.format === DERIVE_CACHE_FORMAT &&
      typeof v.fingerprint === 'string' &&
      typeof v.records === 'object' &&
      v.records !== null
      ? (v as unknown as DeriveCache)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Write the memo for the next run (atomically: a half-written memo is never read). */
export function writeDeriveCache(root: string, cache: DeriveCache): void {
  writeFilesAtomic([{ path: deriveCachePath(root), content: JSON.stringify(cache) }]);
}

/** The memo's path as derive reports it. */
export const deriveCacheLabel = (root: string): string => relative(process.cwd(), deriveCachePath(root)) || '.';
