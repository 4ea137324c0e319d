// A trial's solution snapshot as the trial page lists it: which files the agent left and which processes did the work,
// never the texts themselves (they are in the snapshot download). Pure: load.ts parses the file.
import type { SnapshotFile, SnapshotHeader } from '../bench/schema/snapshot.ts';
import { thousands } from './format.ts';

/** One listed file. */
export interface SnapshotFileRow {
  path: string;
  /** `1,234 bytes`. */
  size: string;
  /** `0755`. */
  mode: string;
  /** `text stored`, or why not: `binary`, `over the text cap`, `harness file` (plus redactions, when any). */
  stored: string;
}

export interface SnapshotView {
  /** `YYYY-MM-DD HH:MM UTC` the workspace was read. */
  takenAt: string;
  files: SnapshotFileRow[];
  /** Entries not listed at all (too many files, unreadable, not regular files). */
  skipped: string[];
  /** The processes that did the work: role and command line. */
  processes: { role: string; command: string; cwd: string }[];
}

const OMITTED: Record<NonNullable<SnapshotFile['omitted']>, string> = {
  binary: 'not stored: binary',
  cap: 'not stored: over the text cap',
  harness: 'not stored: a harness file',
};

function stored(f: SnapshotFile): string {
  const what = f.omitted ? OMITTED[f.omitted] : 'text stored';
  return f.redactions ? `${what} (${thousands(f.redactions)} redacted)` : what;
}

/** The file list and processes of a parsed snapshot. */
export function snapshotView(header: SnapshotHeader, files: readonly SnapshotFile[]): SnapshotView {
  return {
    takenAt: `${header.takenAt.slice(0, 10)} ${header.takenAt.slice(11, 16)} UTC`,
    files: files.map((f) => ({
      path: f.path,
      size: `${thousands(f.size)} ${f.size === 1 ? 'byte' : 'bytes'}`,
      mode: f.mode.toString(8).padStart(4, '0'),
      stored: stored(f),
    })),
    skipped: header.skipped,
    processes: header.processes.map((p) => ({ role: p.role, command: p.argv.join(' '), cwd: p.cwd })),
  };
}
