// One verification: the snapshot's solution run again by runTrial (fresh workspace and sandbox, the record's
// isolation unless overridden), its verdicts compared checkpoint by checkpoint with the record's, and the
// `<name>.verification.jsonl` sidecar written beside the record (agreeing or not: a disagreement is evidence).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IsolationKind } from '../runner/sandbox.ts';
import { compareVerdicts, type CheckpointMatch } from '../../bench/verify/compare.ts';
import { verificationText } from '../../bench/verify/sidecar-text.ts';
import { VERIFICATION_FORMAT, type VerificationHeader } from '../../bench/schema/verification.ts';
import { RunnerInputError } from '../errors.ts';
import { findScenario } from '../io/scenarios.ts';
import { pinnedSpec } from '../io/spec.ts';
import { benchmarkVersion } from '../io/trial-files.ts';
import { writeFilesAtomic } from '../io/write.ts';
import { requireDriver } from '../roles/registry.ts';
import { replayAdapter } from '../runner/adapters/replay.ts';
import { runTrial, type TrialTimeouts } from '../runner/trial.ts';
import { wireJsonl, wireSeal } from '../wire/recorder.ts';
import type { VerifyTarget } from './load.ts';

/** The checkout whose code verifies (not the data root, which `MCPFS_ROOT` may point elsewhere). */
const CODE = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `git rev-parse HEAD` of the verifier's checkout. */
export function repositoryCommit(dir = CODE): string {
  const r = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  const c = r.stdout.trim();
  if (r.status !== 0 || !/^[0-9a-f]{40}$/.test(c))
    throw new RunnerInputError(
      `${dir}: not a git checkout (git rev-parse HEAD failed)`,
      'run verify in a clone of the project',
    );
  return c;
}

export interface VerifyOutcome {
  path: string;
  /** Where the verification sidecar was written (project-relative). */
  sidecar: string;
  status: VerificationHeader['status'];
  infraReason?: string;
  isolation: IsolationKind;
  matches: CheckpointMatch[];
  /** Every checkpoint agrees (false for an infra-error re-run). */
  agrees: boolean;
  /** What the re-run could not reproduce (files only listed, env, …). */
  notes: string[];
  wallTimeMs: number;
}

/** Re-run one target and write its verification sidecar. */
export async function verifyTarget(
  root: string,
  t: VerifyTarget,
  o: { isolation?: IsolationKind; timeouts?: TrialTimeouts; commit?: string } = {},
): Promise<VerifyOutcome> {
  const tr = t.record.trial;
  // The kind the record ran under (docker: this recipe's image, which must be built on this engine).
  const isolation = o.isolation ?? tr.isolation;
  const scenario = findScenario(root, tr.revision, tr.role, tr.scenario);
  const driver = requireDriver(tr.revision, tr.role);
  const { spec, specCommit } = pinnedSpec(root, { text: tr.docs === 'full' });
  const { adapter, notes } = replayAdapter({ header: t.header, files: t.files, subject: t.record.subject });
  const startedAt = new Date();
  const t0 = performance.now();
  const r = await runTrial({
    driver,
    scenario,
    adapter,
    docs: tr.docs,
    k: tr.k,
    root,
    specDir: spec,
    specCommit,
    isolation,
    snapshot: false,
    timeouts: o.timeouts,
  });
  const wallTimeMs = Math.round(performance.now() - t0);
  if (r.record.trial.scenarioHash !== tr.scenarioHash)
    notes.push('the scenario changed since this record was made: the re-run ran the current one');
  const status = r.record.status === 'infra-error' ? 'infra-error' : 'completed';
  const header: VerificationHeader = {
    format: VERIFICATION_FORMAT,
    trial: tr.id,
    record: t.recordSha256,
    verifiedAt: startedAt.toISOString(),
    repositoryCommit: o.commit ?? repositoryCommit(),
    benchmarkVersion: benchmarkVersion(root),
    isolation: r.record.trial.isolation,
    status,
    ...(r.record.infraReason ? { infraReason: r.record.infraReason } : {}),
    wireChain: wireSeal(r.log),
  };
  const stem = t.path.slice(0, -'.json'.length);
  const sidecar = `${stem}.verification.jsonl`;
  writeFilesAtomic([{ path: join(root, sidecar), content: verificationText(header, wireJsonl(r.log)) }]);
  const matches = status === 'completed' ? compareVerdicts(t.record.verdicts, r.record.verdicts) : [];
  return {
    path: t.path,
    sidecar,
    status,
    ...(r.record.infraReason ? { infraReason: r.record.infraReason } : {}),
    isolation,
    matches,
    agrees: status === 'completed' && matches.every((m) => m.match),
    notes,
    wallTimeMs,
  };
}

/** The per-checkpoint table verify prints. */
export function matchTable(matches: readonly CheckpointMatch[]): string[] {
  const w = Math.max(10, ...matches.map((m) => m.checkpoint.length));
  return [
    `  ${'checkpoint'.padEnd(w)}  ${'stored'.padEnd(14)}  re-run`,
    ...matches.map(
      (m) =>
        `  ${m.checkpoint.padEnd(w)}  ${m.stored.padEnd(14)}  ${m.rerun.padEnd(14)}  ${m.match ? 'agrees' : 'DIFFERS'}`,
    ),
  ];
}
