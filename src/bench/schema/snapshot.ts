import { z } from 'zod';
import { boundedString, TimestampSchema } from './common.ts';

/**
 * Format tag of a solution snapshot (the `<name>.snapshot.jsonl` sidecar of an agent trial): the agent's workspace at
 * the end of its session and the processes that did the work, so that `npm run verify` can run the solution again.
 * JSONL: line 1 is the header, every further line one workspace file.
 */
export const SNAPSHOT_FORMAT = 'mcpfs.snapshot/1';

/** Total bytes of file text a snapshot stores; files past it are listed by size and SHA-256 only. */
export const SNAPSHOT_TEXT_CAP = 2 * 1024 * 1024;

const Sha256Schema = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be "sha256:" and 64 hex digits');

/** A workspace-relative path: `/`-separated, no empty, `.` or `..` segment, no leading `/`. */
export const WorkspacePathSchema = z
  .string()
  .min(1)
  .max(500, 'must be at most 500 characters')
  .refine(
    (p) => !p.startsWith('/') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..'),
    'must be a relative path inside the workspace (no "", "." or ".." segment)',
  );

/** A process that did the work, as the harness saw it in `/proc` (never as the agent described it). */
export const SnapshotProcessSchema = z.strictObject({
  /** `listener`: listened on the trial's port when probing began (server role); `client`: connected to the reference server. */
  role: z.enum(['listener', 'client']),
  /** Its command line (`/proc/<pid>/cmdline`), credential-looking values and canaries redacted. */
  argv: z.array(boundedString(4000)).min(1).max(200, 'must hold at most 200 arguments'),
  /** Its working folder: workspace-relative (`.` = the workspace itself), or absolute when outside it. */
  cwd: boundedString(500, 1),
  /** Names (never values) of its environment variables, sorted. Server role only. */
  env: z.array(boundedString(200, 1)).max(500, 'must list at most 500 names').optional(),
});
export type SnapshotProcess = z.infer<typeof SnapshotProcessSchema>;

/** Line 1 of a snapshot. */
export const SnapshotHeaderSchema = z.strictObject({
  /** Format tag, first field. */
  format: z.literal(SNAPSHOT_FORMAT),
  /** The trial id of the record this snapshot belongs to. */
  trial: z.string().regex(/^[a-z0-9][a-z0-9-]{5,99}$/, 'must be 6–100 chars of [a-z0-9-]'),
  /** When the workspace was read (after the session, before cleanup). */
  takenAt: TimestampSchema,
  /** The text cap applied, in bytes (`SNAPSHOT_TEXT_CAP` unless a test set another). */
  textCap: z.int().positive(),
  /** Number of file lines that follow. */
  files: z.int().nonnegative().max(100_000, 'must be at most 100000'),
  /** Files (or folders) not listed at all: over the file-count limit, unreadable, or not regular files. */
  skipped: z.array(boundedString(600, 1)).max(1000, 'must list at most 1000 entries'),
  /** Processes that did the work, in the order first seen; empty when none was seen. */
  processes: z.array(SnapshotProcessSchema).max(50, 'must list at most 50 processes'),
});
export type SnapshotHeader = z.infer<typeof SnapshotHeaderSchema>;

/** One workspace file (a line after the header), in path order. */
export const SnapshotFileSchema = z.strictObject({
  /** Workspace-relative path. */
  path: WorkspacePathSchema,
  /** Size in bytes as found. */
  size: z.int().nonnegative(),
  /** SHA-256 of the bytes as found (before any redaction). */
  sha256: Sha256Schema,
  /** File mode bits (e.g. 0o755 for an executable script), so a re-run can restore them. */
  mode: z.int().min(0).max(0o7777),
  /** The file's UTF-8 text after redaction; absent when the file is only listed (see `omitted`). */
  text: z.string().optional(),
  /**
   * Why `text` is absent: `binary` (not UTF-8 or holds NUL), `cap` (the total text cap was reached), `harness` (the
   * task file left unchanged, anything at the pinned spec copy's paths, or a copy of a spec file elsewhere: the spec
   * is published by its authors and never re-published here).
   */
  omitted: z.enum(['binary', 'cap', 'harness']).optional(),
  /** How many credential-looking strings or canaries were replaced in `text` (absent: none). */
  redactions: z.int().positive().optional(),
});
export type SnapshotFile = z.infer<typeof SnapshotFileSchema>;
