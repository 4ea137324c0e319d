import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { judgeTrial } from '../../bench/judge/run.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import { expectedRecordPath, sidecarPath, trialFiles } from '../../bench/derive/records.ts';
import type { JudgeRegistry } from '../../bench/judge/types.ts';
import type { DocsAxis } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { Subject } from '../../bench/schema/subject.ts';
import { TRIAL_FORMAT, type Canary, type Contamination, type TrialRecord } from '../../bench/schema/trial.ts';
import type { SandboxInfo } from '../../bench/schema/sandbox.ts';
import type { Usage } from '../../bench/schema/usage.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { scenarioHash } from '../../bench/versions/hash.ts';
import { wireJsonl, wireSeal } from '../wire/recorder.ts';
import { writeFilesAtomic } from './write.ts';

export { trialFiles };

/** The benchmark version, from package.json (kept equal to scenarios/versions.json's current one by derive). */
export function benchmarkVersion(root = process.cwd()): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A fresh trial id: UTC time + random suffix, e.g. `20261130t081500z-3f9a2c`. */
export function newTrialId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'z')
    .toLowerCase();
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export interface TrialOutcome {
  scenario: Scenario;
  subject: Subject;
  docs: DocsAxis;
  k: number;
  startedAt: Date;
  endedAt: Date;
  specCommit: string;
  /** Isolation the runner applied (default `none`). */
  isolation?: 'netns' | 'docker' | 'none';
  /** `docker`: the container's image and limits. */
  sandbox?: SandboxInfo;
  /** The run manifest's id, for a sweep's trials. */
  run?: string;
  /** The wire log as it will be written (the record seals it: its event count and chain head). */
  log: WireLog;
  /** Set when the harness (not the subject) failed: the record is `infra-error` with no verdicts. */
  infraReason?: string;
  usage?: Usage;
  /** Raw transcript JSONL (e.g. a pi session file), stored as is. */
  transcript?: string;
  /** A solution snapshot was taken (agent trials): the record names its `k<n>.snapshot.jsonl` sidecar. */
  snapshot?: boolean;
  /** The subject's model traffic went through the trial's proxy: the record names its `k<n>.model.jsonl` sidecar. */
  model?: boolean;
  /** The canaries planted for this trial, and where any turned up (then the trial is `contaminated`). */
  canaries?: Canary[];
  contamination?: Contamination[];
  id?: string;
  /** Judges to use (default: the benchmark's registry; tests pass their own). */
  judges?: JudgeRegistry;
}

/** Judge the wire log and assemble the record (verdicts carry spec sentence ids; no score is stored). */
export function buildTrialRecord(o: TrialOutcome, root = process.cwd()): TrialRecord {
  const base = `k${o.k}`;
  return {
    format: TRIAL_FORMAT,
    $schema: '/schema/trial.json',
    trial: {
      id: o.id ?? newTrialId(o.startedAt),
      revision: o.scenario.revision,
      role: o.scenario.role,
      scenario: o.scenario.id,
      docs: o.docs,
      k: o.k,
      startedAt: o.startedAt.toISOString(),
      endedAt: o.endedAt.toISOString(),
      benchmarkVersion: benchmarkVersion(root),
      scenarioHash: scenarioHash(o.scenario),
      isolation: o.isolation ?? 'none',
      ...(o.sandbox ? { sandbox: o.sandbox } : {}),
      ...(o.run !== undefined ? { run: o.run } : {}),
      specCommit: o.specCommit,
    },
    subject: o.subject,
    status: o.infraReason ? 'infra-error' : o.contamination?.length ? 'contaminated' : 'completed',
    ...(o.infraReason ? { infraReason: o.infraReason } : {}),
    ...(o.canaries ? { canaries: o.canaries } : {}),
    ...(!o.infraReason && o.contamination?.length ? { contamination: o.contamination } : {}),
    verdicts: o.infraReason ? [] : judgeTrial(o.scenario, o.log, o.judges ?? JUDGES),
    usage: o.usage ?? {},
    sidecars: {
      wire: `${base}.wire.jsonl`,
      ...(o.transcript !== undefined ? { transcript: `${base}.transcript.jsonl` } : {}),
      ...(o.snapshot ? { snapshot: `${base}.snapshot.jsonl` } : {}),
      ...(o.model ? { model: `${base}.model.jsonl` } : {}),
    },
    wireChain: wireSeal(o.log),
  };
}

/**
 * Every file of a trial as the runner writes it, project-relative, the record first: record, wire log, transcript,
 * solution snapshot and model traffic (the last three when the record names them).
 */
export function allTrialFiles(
  record: TrialRecord,
  log: WireLog,
  transcript?: string,
  snapshot?: string,
  model?: string,
): { path: string; content: string }[] {
  const files = trialFiles(record, log, transcript);
  if (record.sidecars.snapshot && snapshot !== undefined)
    files.push({ path: sidecarPath(files[0]!.path, record.sidecars.snapshot), content: snapshot });
  if (record.sidecars.model && model !== undefined)
    files.push({ path: sidecarPath(files[0]!.path, record.sidecars.model), content: model });
  return files;
}

/**
 * Write a trial's files under `root` all-or-nothing (record, wire log, transcript, solution snapshot); returns the
 * record's project-relative path.
 */
export function writeTrial(
  root: string,
  record: TrialRecord,
  log: WireLog,
  transcript?: string,
  snapshot?: string,
  model?: string,
): string {
  const files = allTrialFiles(record, log, transcript, snapshot, model);
  writeFilesAtomic(files.map((f) => ({ path: join(root, f.path), content: f.content })));
  return files[0]!.path;
}

/**
 * Write a trial outside `results/` (manual probe, reference run): the record to `out` and its wire log beside it as
 * `<name>.wire.jsonl` (the record's sidecar name rewritten to match), so several outputs can share a folder.
 * Returns both paths.
 */
export function writeStandaloneTrial(out: string, record: TrialRecord, log: WireLog): string[] {
  const name = basename(out).replace(/\.json$/, '');
  const wire = join(dirname(out), `${name}.wire.jsonl`);
  const rec: TrialRecord = { ...record, sidecars: { wire: basename(wire) } };
  writeFilesAtomic([
    { path: out, content: JSON.stringify(rec, null, 2) + '\n' },
    { path: wire, content: wireJsonl(log) },
  ]);
  return [out, wire];
}

/** The next unused repetition index of a cell (k1, k2, …). */
export function nextK(root: string, scenario: Scenario, docs: DocsAxis, subject: Subject): number {
  for (let k = 1; ; k++) {
    const path = expectedRecordPath({
      trial: {
        revision: scenario.revision,
        role: scenario.role,
        scenario: scenario.id,
        docs,
        k,
      } as TrialRecord['trial'],
      subject,
    });
    if (!existsSync(join(root, path))) return k;
  }
}
