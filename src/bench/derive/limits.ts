// Size limits on what derive reads, shared by harness/io (which checks the size with stat before reading a byte) and
// the pure core (which checks the text it is given). A file past its limit is refused path-first instead of crashing
// derive (a 1 GB file would not even fit in one JavaScript string: ERR_STRING_TOO_LONG, with no file name).
import type { Problem } from '../problems.ts';

const MiB = 1024 * 1024;

/**
 * Largest file of each kind, in bytes. Records are headers (the largest committed one is ~8 KB). Wire logs hold
 * bodies: the prober and reference server cap what they keep of each exchange (1 MiB), a probe plan has a few dozen
 * exchanges, and JSON escaping can grow hostile bytes up to 6× (`\u0000`), so 128 MiB leaves room for the worst
 * honest log. Transcripts are agent sessions as stored. Sources are scenario files, ledgers, the registry and the
 * version history; evidence transcripts are short curl/HTTP captures.
 */
export const FILE_LIMITS = {
  record: 1 * MiB,
  wire: 128 * MiB,
  transcript: 64 * MiB,
  /** Solution snapshots: the 2 MiB text cap, JSON-escaped (up to 6×), plus up to 100 000 listed files. */
  snapshot: 64 * MiB,
  /** Model traffic: every request and response body of a session (8 MiB each at most), JSON-escaped. */
  model: 256 * MiB,
  /** Verifications: a header and a re-run's wire log. */
  verification: 129 * MiB,
  source: 4 * MiB,
  evidence: 1 * MiB,
} as const;

/** Everything under `results/` together: derive holds it all in memory, parsed (several times its size). */
export const RESULTS_TOTAL_LIMIT = 1024 * MiB;

/** The limit that applies to a project-relative path. */
export function fileLimit(path: string): number {
  if (path.endsWith('.wire.jsonl')) return FILE_LIMITS.wire;
  if (path.endsWith('.transcript.jsonl')) return FILE_LIMITS.transcript;
  if (path.endsWith('.snapshot.jsonl')) return FILE_LIMITS.snapshot;
  if (path.endsWith('.verification.jsonl')) return FILE_LIMITS.verification;
  if (path.endsWith('.model.jsonl')) return FILE_LIMITS.model;
  if (path.startsWith('results/')) return FILE_LIMITS.record;
  if (path.startsWith('libraries/evidence/') && path.endsWith('.txt')) return FILE_LIMITS.evidence;
  return FILE_LIMITS.source;
}

/** `path: file too large (N bytes, limit M)`. */
export function tooLarge(file: string, bytes: number, limit: number): Problem {
  return {
    file,
    message: `file too large (${bytes} bytes, limit ${limit})`,
    hint: 'derive refuses it unread; a record, wire log or transcript the harness wrote stays far below the limit (see FILE_LIMITS in src/bench/derive/limits.ts)',
  };
}

/** UTF-8 length of a string without allocating it (surrogate pairs count 4, lone surrogates 3, like TextEncoder). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The size problem of a text, if it is past the limit for its path (checked cheaply: length first). */
export function sizeProblem(file: string, text: string, limit = fileLimit(file)): Problem | undefined {
  if (text.length <= limit / 3) return undefined;
  const bytes = utf8Length(text);
  return bytes > limit ? tooLarge(file, bytes, limit) : undefined;
}
