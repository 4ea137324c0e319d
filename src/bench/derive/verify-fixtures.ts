// Test-only: an agent trial of the fixture scenario with a solution snapshot and a re-run verification, built with the
// harness's own writers (sidecar-text.ts, wireJsonl) so what derive parses is what the harness writes.
import type { SnapshotFile, SnapshotHeader } from '../schema/snapshot.ts';
import { SNAPSHOT_FORMAT, SNAPSHOT_TEXT_CAP } from '../schema/snapshot.ts';
import type { Canary, TrialRecord } from '../schema/trial.ts';
import { VERIFICATION_FORMAT, type VerificationHeader } from '../schema/verification.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { snapshotText, verificationText } from '../verify/sidecar-text.ts';
import { ADIR, agentBase } from './forged-corpus.ts';
import { fixtureLog, type Behaviour } from './test-fixtures.ts';
import { fileDigest } from './verification.ts';
import { wireJsonl, wireSeal } from './wire-chain.ts';

type Files = Map<string, string>;

export const A_REC = `${ADIR}k1.json`;
export const A_SNAP = `${ADIR}k1.snapshot.jsonl`;
export const A_VER = `${ADIR}k1.verification.jsonl`;

/** The canary the fixture agent trial plants (in the project folder). */
export const CANARY: Canary = { where: 'project-file', value: `mcpfs-canary-${'ef'.repeat(12)}` };

const sha = (c: string) => `sha256:${c.repeat(64)}`;

/** The agent's workspace at session end: a server script, its package.json, a binary, the harness's task file. */
export function snapshotFiles(): SnapshotFile[] {
  return [
    { path: 'TASK.md', size: 120, sha256: sha('a'), mode: 0o644, omitted: 'harness' },
    { path: 'logo.png', size: 2048, sha256: sha('b'), mode: 0o644, omitted: 'binary' },
    { path: 'package.json', size: 40, sha256: sha('c'), mode: 0o644, text: '{"name":"echo","type":"module"}\n' },
    {
      path: 'server.mjs',
      size: 80,
      sha256: sha('d'),
      mode: 0o755,
      text: 'const key = "[redacted]";\nimport http from "node:http";\n',
      redactions: 1,
    },
  ];
}

/** The snapshot's header for trial `trial` listing `files`. */
export const snapshotHeader = (trial: string, files: number): SnapshotHeader => ({
  format: SNAPSHOT_FORMAT,
  trial,
  takenAt: '2026-11-30T08:01:00.000Z',
  textCap: SNAPSHOT_TEXT_CAP,
  files,
  skipped: ['node_modules'],
  processes: [{ role: 'listener', argv: ['node', 'server.mjs'], cwd: '.', env: ['HOME', 'PATH', 'PORT'] }],
});

/** A verification header for `record`'s text and the re-run `log`. */
export const verificationHeader = (
  record: TrialRecord,
  recordText: string,
  log: WireLog,
  over: Partial<VerificationHeader> = {},
): VerificationHeader => ({
  format: VERIFICATION_FORMAT,
  trial: record.trial.id,
  record: fileDigest(recordText),
  verifiedAt: '2026-12-01T10:00:00.000Z',
  repositoryCommit: '0123456789abcdef0123456789abcdef01234567',
  benchmarkVersion: '1.0.0',
  isolation: 'netns',
  status: 'completed',
  wireChain: wireSeal(log),
  ...over,
});

export interface VerifiedOptions {
  /** How the solution behaves when re-run (default: as in the trial, the oracle's behaviour). */
  rerun?: Behaviour;
  /** Snapshot header fields to override. */
  header?: Partial<SnapshotHeader>;
  /** Snapshot file lines, written as given (not sorted) when set. */
  lines?: SnapshotFile[];
  /** Verification header fields to override; `false`: no verification. */
  verification?: Partial<VerificationHeader> | false;
}

/** The agent's k1 trial with a planted canary, its snapshot and (unless `verification: false`) a re-run verification. */
export function verifiedAgent(o: VerifiedOptions = {}): Files {
  const f = agentBase();
  const record = JSON.parse(f.get(A_REC)!) as TrialRecord;
  record.canaries = [CANARY];
  record.sidecars.snapshot = 'k1.snapshot.jsonl';
  const recordText = JSON.stringify(record, null, 2) + '\n';
  f.set(A_REC, recordText);
  const files = snapshotFiles();
  const header = { ...snapshotHeader(record.trial.id, files.length), ...o.header };
  f.set(
    A_SNAP,
    o.lines ? [header, ...o.lines].map((l) => JSON.stringify(l) + '\n').join('') : snapshotText(header, files),
  );
  if (o.verification === false) return f;
  const log = fixtureLog(o.rerun);
  f.set(A_VER, verificationText(verificationHeader(record, recordText, log, o.verification), wireJsonl(log)));
  return f;
}
