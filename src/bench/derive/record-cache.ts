// Derive's memo of per-record work. Checking one record (schema, sidecars, integrity, re-judging from its wire log)
// and validating its messages against the pinned schema is a pure function of: the record's bytes, the bytes of the
// sidecars it reads, its scenario file's content, and the code and pinned files that do the checking. An entry stores
// the result under exactly those inputs: the files read and their digest (CheckedRecord inputs, digest), the
// scenario's content digest, and the harness's fingerprint of everything else (the code under src/bench, the
// lockfile, the pinned schemas and the calibration subjects; src/harness/io/derive-cache.ts). Any byte of any of them
// differing is a miss, and the record is checked again. Only records that passed every check are stored: a record
// with a problem is always re-checked, so its problems are reported fresh, the same way.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { TrialSchemaReport } from '../wire-schema/types.ts';
import type { CheckedRecord, ReadSidecars } from './records.ts';
import { trialDigest } from './trial-digest.ts';

export const DERIVE_CACHE_FORMAT = 'mcpfs.derive-cache/1' as const;

/** One record's checked result, without its parsed wire log (the data set needs only what derive made of it). */
export interface CachedRecord {
  /** Its scenario's content digest when it was checked (scenarioContentDigest). */
  scenarioHash: string;
  checked: Omit<CheckedRecord, 'log'>;
  read: ReadSidecars;
  sidecars: string[];
  schema: TrialSchemaReport;
}

/** Digest of a scenario's whole content (every field: a judge's rule or message too, which its version hash leaves out). */
export const scenarioContentDigest = (s: Scenario): string =>
  createHash('sha256').update(canonicalJson(s)).digest('hex');

/** The memo as stored: valid only for the fingerprint it was made under. */
export interface DeriveCache {
  format: typeof DERIVE_CACHE_FORMAT;
  fingerprint: string;
  /** By record path. */
  records: Record<string, CachedRecord>;
}

/**
 * The digest of `paths` as they are in `files` now (absent files are left out, as when the entry was made); `own`:
 * a file's text given directly (the record being checked).
 */
export function digestOf(
  paths: readonly string[],
  files: ReadonlyMap<string, string>,
  own?: { path: string; content: string },
): string {
  return trialDigest(
    paths.flatMap((p) => {
      const content = p === own?.path ? own.content : files.get(p);
      return content === undefined ? [] : [{ path: p, content }];
    }),
  );
}

/**
 * The stored result for the record at `path`, when every input is as it was: the same fingerprint, the same bytes of
 * every file it read, the same scenario. Undefined: check it.
 */
export function cachedRecord(
  cache: DeriveCache | undefined,
  fingerprint: string,
  path: string,
  files: ReadonlyMap<string, string>,
  scenarioHashOf: (c: CachedRecord) => string | undefined,
): CachedRecord | undefined {
  if (!cache || cache.fingerprint !== fingerprint) return undefined;
  // Read from disk: an entry is what derive wrote under this fingerprint, but its shape is checked before any use.
  const c = (Object.hasOwn(cache.records, path) ? cache.records[path] : undefined) as Partial<CachedRecord> | undefined;
  if (!c?.checked || !Array.isArray(c.checked.inputs) || c.checked.inputs[0] !== path) return undefined;
  if (digestOf(c.checked.inputs, files) !== c.checked.digest) return undefined;
  return scenarioHashOf(c as CachedRecord) === c.scenarioHash ? (c as CachedRecord) : undefined;
}

/** The entry to store for a record that passed every check. */
export function cacheEntry(
  c: CheckedRecord,
  scenarioHash: string,
  read: ReadSidecars,
  sidecars: string[],
  schema: TrialSchemaReport,
): CachedRecord {
  const { log: _log, ...checked } = c;
  return { scenarioHash, checked, read, sidecars, schema };
}
