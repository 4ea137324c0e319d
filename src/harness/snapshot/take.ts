// A solution snapshot of one agent trial: the workspace (walk.ts) and the processes that did the work, as /proc shows
// them (listener on the trial's port when probing begins; clients connected to the reference server during the session).
import { relative } from 'node:path';
import {
  SNAPSHOT_FORMAT,
  SNAPSHOT_TEXT_CAP,
  type SnapshotHeader,
  type SnapshotProcess,
} from '../../bench/schema/snapshot.ts';
import { snapshotText } from '../../bench/verify/sidecar-text.ts';
import { procInfo } from '../os/sockets.ts';
import { redact } from './redact.ts';
import { walkWorkspace, type HarnessManifest, type WalkLimits } from './walk.ts';

/** The schema's bounds on a recorded process. */
const MAX_PROCESSES = 50;
const MAX_ARGS = 200;
const MAX_ARG = 4000;
const MAX_ENV = 500;

/** `cwd` as a snapshot stores it: workspace-relative (`.` = the workspace) when inside it, else absolute. */
export function snapshotCwd(cwd: string, workspace: string): string {
  const rel = relative(workspace, cwd);
  if (rel === '') return '.';
  return rel.startsWith('..') || rel.startsWith('/') ? cwd.slice(0, 500) : rel.slice(0, 500);
}

/** The processes seen so far, deduplicated by role, command line and folder, in the order first seen. */
export class ProcessLog {
  readonly list: SnapshotProcess[] = [];
  private readonly seen = new Set<string>();
  private readonly pids = new Set<string>();

  private readonly workspace: string;
  private readonly secrets: readonly string[];

  constructor(workspace: string, secrets: readonly string[]) {
    this.workspace = workspace;
    this.secrets = secrets;
  }

  /** Record these pids (once each) in `role`; env names only for listeners. */
  add(role: SnapshotProcess['role'], pids: readonly number[]): void {
    for (const pid of pids) {
      if (this.list.length >= MAX_PROCESSES || this.pids.has(`${role}:${pid}`)) continue;
      const p = procInfo(pid);
      if (!p) continue;
      this.pids.add(`${role}:${pid}`);
      const argv = p.argv.slice(0, MAX_ARGS).map((a) => redact(a, this.secrets).text.slice(0, MAX_ARG));
      const entry: SnapshotProcess = {
        role,
        argv: argv.length > 0 ? argv : [''],
        cwd: snapshotCwd(p.cwd, this.workspace),
        ...(role === 'listener' ? { env: p.env.slice(0, MAX_ENV).map((n) => n.slice(0, 200)) } : {}),
      };
      const key = JSON.stringify([entry.role, entry.argv, entry.cwd]);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.list.push(entry);
    }
  }
}

export interface SnapshotInput {
  trial: string;
  workspace: string;
  manifest: HarnessManifest;
  secrets: readonly string[];
  processes: readonly SnapshotProcess[];
  limits?: WalkLimits;
  now?: Date;
}

/** The `<name>.snapshot.jsonl` text of the workspace as it is now. */
export function takeSnapshot(i: SnapshotInput): string {
  const { files, skipped } = walkWorkspace(i.workspace, { manifest: i.manifest, secrets: i.secrets }, i.limits);
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    trial: i.trial,
    takenAt: (i.now ?? new Date()).toISOString(),
    textCap: i.limits?.textCap ?? SNAPSHOT_TEXT_CAP,
    files: files.length,
    skipped,
    processes: [...i.processes],
  };
  return snapshotText(header, files);
}
