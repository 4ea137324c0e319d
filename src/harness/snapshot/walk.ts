// The workspace as a snapshot lists it: every regular file by path, size, SHA-256 and mode, with its text while the
// text budget lasts. Bounded in every direction (files listed, entries visited, bytes read) so that a subject cannot
// make the harness read gigabytes; links are never followed (a link to /etc/shadow stays a name in `skipped`).
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { SnapshotFile } from '../../bench/schema/snapshot.ts';
import { SNAPSHOT_TEXT_CAP } from '../../bench/schema/snapshot.ts';
import { redact } from './redact.ts';

export interface WalkLimits {
  /** Total bytes of stored text (default `SNAPSHOT_TEXT_CAP`). */
  textCap?: number;
  /** Files listed at most (default 10,000); the rest are counted in `skipped`. */
  maxFiles?: number;
  /** Bytes read (hashed) at most over all files (default 512 MiB); files past it are skipped. */
  maxBytes?: number;
}

/** What the harness itself put in the workspace: path → SHA-256 (`sha256:<hex>`), taken right after it did. */
export type HarnessManifest = ReadonlyMap<string, string>;

/**
 * Folders whose files are listed (and hashed) but get text only after every other file had its turn: installed
 * packages and caches would otherwise use up the budget before the agent's own sources.
 */
const HEAVY = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__', '.npm', '.cache', '.pnpm-store']);
const MAX_SKIPPED = 1000;
const MAX_PATH = 500;
/** A harness spec file's hash marks any copy of it (`cp spec/x notes/x`); tiny files (an empty one) would match anything. */
const MIN_MATCH_SIZE = 64;

export const sha256Of = (b: Buffer | string) => `sha256:${createHash('sha256').update(b).digest('hex')}`;

/** Hash every regular file under `dir` (what the harness just wrote there). */
export function harnessManifest(dir: string): HarnessManifest {
  const { files } = walkWorkspace(dir, { manifest: new Map(), secrets: [] }, { textCap: 0 });
  return new Map(files.map((f) => [f.path, f.sha256]));
}

interface Entry {
  path: string;
  abs: string;
  heavy: boolean;
}

export interface WalkInput {
  manifest: HarnessManifest;
  /** Values to redact besides the credential patterns (the trial's canaries). */
  secrets: readonly string[];
}

/** List the workspace (see the module comment); `skipped` names what is not listed and why. */
export function walkWorkspace(
  dir: string,
  input: WalkInput,
  limits: WalkLimits = {},
): { files: SnapshotFile[]; skipped: string[] } {
  const maxFiles = limits.maxFiles ?? 10_000;
  let budget = limits.textCap ?? SNAPSHOT_TEXT_CAP;
  let bytesLeft = limits.maxBytes ?? 512 * 1024 * 1024;
  const skipped: string[] = [];
  let unlisted = 0;
  const skip = (what: string) => (skipped.length < MAX_SKIPPED - 1 ? skipped.push(what.slice(0, 600)) : unlisted++);
  const entries: Entry[] = [];
  let visits = 0;
  const walk = (abs: string, rel: string, heavy: boolean): void => {
    let names: string[];
    try {
      names = readdirSync(abs).sort();
    } catch {
      return void skip(`${rel || '.'}: unreadable folder`);
    }
    for (const name of names) {
      const path = rel ? `${rel}/${name}` : name;
      if (++visits > maxFiles * 4) return void unlisted++;
      const st = lstatSync(join(abs, name), { throwIfNoEntry: false });
      if (!st) continue;
      if (path.length > MAX_PATH) skip(`${path.slice(0, 500)}…: path longer than ${MAX_PATH} characters`);
      else if (st.isSymbolicLink()) skip(`${path}: symbolic link (not followed)`);
      else if (st.isDirectory()) walk(join(abs, name), path, heavy || HEAVY.has(name));
      else if (!st.isFile()) skip(`${path}: not a regular file`);
      else if (entries.length >= maxFiles) unlisted++;
      else entries.push({ path, abs: join(abs, name), heavy });
    }
  };
  walk(dir, '', false);
  const specHashes = new Set([...input.manifest].filter(([p]) => p.startsWith('spec/')).map(([, h]) => h));
  const files: SnapshotFile[] = [];
  // The agent's own files have the first claim on the text budget; the output is in path order regardless.
  const order = [...entries.filter((e) => !e.heavy), ...entries.filter((e) => e.heavy)];
  for (const e of order) {
    const r = readBounded(e.abs, budget, bytesLeft);
    if (r === 'over') {
      skip(`${e.path}: over the harness's read limit`);
      continue;
    }
    if (!r) {
      skip(`${e.path}: unreadable`);
      continue;
    }
    bytesLeft -= r.size;
    const base = { path: e.path, size: r.size, sha256: r.sha256, mode: r.mode };
    const placed = input.manifest.get(e.path);
    // The pinned spec copy is never re-published, changed or not, nor any copy of one of its files.
    const harness =
      placed === r.sha256 ||
      (placed !== undefined && e.path.startsWith('spec/')) ||
      (r.size >= MIN_MATCH_SIZE && specHashes.has(r.sha256));
    if (harness) files.push({ ...base, omitted: 'harness' });
    else if (r.head.includes(0) || (r.bytes && !isUtf8(r.bytes))) files.push({ ...base, omitted: 'binary' });
    else if (!r.bytes) files.push({ ...base, omitted: 'cap' });
    else {
      const { text, count } = redact(r.bytes.toString('utf8'), input.secrets);
      const len = Buffer.byteLength(text);
      if (len > budget) files.push({ ...base, omitted: 'cap' });
      else {
        budget -= len;
        files.push({ ...base, text, ...(count > 0 ? { redactions: count } : {}) });
      }
    }
  }
  if (unlisted > 0) skipped.push(`…: ${unlisted} more entries not listed (limit ${maxFiles} files)`);
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped };
}

const isUtf8 = (b: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};

/**
 * Read one file through its own descriptor (opened without following a link, checked to be a regular file): hash all
 * of it, keep its bytes only when it has at most `keep` bytes, and its first 8 KiB to tell binaries. `over` when it
 * has more than `max` bytes (checked before reading, and while reading a file that grows).
 */
function readBounded(
  abs: string,
  keep: number,
  max: number,
): { size: number; sha256: string; mode: number; head: Buffer; bytes?: Buffer } | 'over' | undefined {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    if (st.size > max) return 'over';
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(64 * 1024);
    const kept: Buffer[] = [];
    let size = 0;
    let head = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const part = chunk.subarray(0, n);
      hash.update(part);
      if (size < 8192) head = Buffer.concat([head, part]).subarray(0, 8192);
      size += n;
      if (size > max) return 'over';
      if (size <= keep) kept.push(Buffer.from(part));
    }
    return {
      size,
      sha256: `sha256:${hash.digest('hex')}`,
      mode: st.mode & 0o7777,
      head,
      ...(size <= keep ? { bytes: Buffer.concat(kept) } : {}),
    };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
