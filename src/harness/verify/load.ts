// What `npm run verify` re-runs: the selected agent records and their snapshots, read through the safe reader and
// parsed with their schemas. A record that cannot be re-run is a path-first problem with the fix.
import { createHash } from 'node:crypto';
import { sidecarPath } from '../../bench/derive/records.ts';
import type { Problem } from '../../bench/problems.ts';
import {
  SnapshotFileSchema,
  SnapshotHeaderSchema,
  type SnapshotFile,
  type SnapshotHeader,
} from '../../bench/schema/snapshot.ts';
import { TrialRecordSchema, type TrialRecord } from '../../bench/schema/trial.ts';
import { readProjectFile } from '../io/safe-read.ts';

/** A snapshot holds at most 2 MiB of text plus the listing; JSON escaping can grow text up to 6×. */
export const SNAPSHOT_READ_LIMIT = 32 * 1024 * 1024;

/** A record ready to re-run. */
export interface VerifyTarget {
  path: string;
  /** SHA-256 of the record file's bytes (`sha256:<hex>`): a changed record voids its verification. */
  recordSha256: string;
  record: TrialRecord;
  header: SnapshotHeader;
  files: SnapshotFile[];
}

const HINT = 'record it again with a current `npm run trial` (agent trials carry a snapshot since issue 15)';

function read(root: string, rel: string, limit?: number): { text: string } | { problem: Problem } {
  return readProjectFile(root, rel, limit) ?? { problem: { file: rel, message: 'no such file' } };
}

const issue = (file: string, e: { issues: { path: PropertyKey[]; message: string }[] }, line?: number): Problem => {
  const i = e.issues[0]!;
  const field = [line !== undefined ? `line ${line}` : '', i.path.map(String).join('.')].filter(Boolean).join(': ');
  return { file, ...(field ? { field } : {}), message: i.message };
};

/**
 * Load one record and its snapshot. `explicit`: the user named it (a non-agent record is then a problem; one found
 * by the selection against the base is skipped: `undefined`).
 */
export function loadTarget(root: string, path: string, explicit: boolean): VerifyTarget | Problem | undefined {
  const rec = read(root, path);
  if ('problem' in rec) return rec.problem;
  let json: unknown;
  try {
    json = JSON.parse(rec.text);
  } catch (e) {
    return { file: path, message: `not JSON: ${(e as Error).message}` };
  }
  const r = TrialRecordSchema.safeParse(json);
  if (!r.success) return issue(path, r.error);
  const record = r.data;
  if (record.subject.kind !== 'agent') {
    if (!explicit) return undefined;
    return {
      file: path,
      field: 'subject.kind',
      message: `"${record.subject.kind}": only agent trials are verified (nothing of theirs is stored to re-run)`,
      hint: 'name agent records only (results/…/agent/…/k<n>.json)',
    };
  }
  if (!record.sidecars.snapshot)
    return { file: path, field: 'sidecars.snapshot', message: 'absent: nothing to re-run', hint: HINT };
  if (record.status === 'infra-error')
    return {
      file: path,
      field: 'status',
      message: '"infra-error": no verdicts to compare with',
      hint: 'run the trial again; infra-error trials are never judged',
    };
  const snapPath = sidecarPath(path, record.sidecars.snapshot);
  const snap = read(root, snapPath, SNAPSHOT_READ_LIMIT);
  if ('problem' in snap) return { ...snap.problem, hint: snap.problem.hint ?? HINT };
  const lines = snap.text.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
  const parsed: unknown[] = [];
  for (const [i, l] of lines.entries()) {
    try {
      parsed.push(JSON.parse(l));
    } catch (e) {
      return { file: snapPath, field: `line ${i + 1}`, message: `not JSON: ${(e as Error).message}` };
    }
  }
  const h = SnapshotHeaderSchema.safeParse(parsed[0]);
  if (!h.success) return issue(snapPath, h.error, 1);
  if (h.data.trial !== record.trial.id)
    return {
      file: snapPath,
      field: 'line 1: trial',
      message: `"${h.data.trial}" is not this record's trial (${record.trial.id})`,
      hint: HINT,
    };
  const files: SnapshotFile[] = [];
  for (let i = 1; i < parsed.length; i++) {
    const f = SnapshotFileSchema.safeParse(parsed[i]);
    if (!f.success) return issue(snapPath, f.error, i + 1);
    files.push(f.data);
  }
  if (files.length !== h.data.files)
    return {
      file: snapPath,
      field: 'line 1: files',
      message: `says ${h.data.files} files, ${files.length} follow`,
      hint: HINT,
    };
  const recordSha256 = `sha256:${createHash('sha256').update(rec.text).digest('hex')}`;
  return { path, recordSha256, record, header: h.data, files };
}
