import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import type { TrialRecord } from '../schema/trial.ts';
import { derive } from './derive.ts';
import {
  fixtureCalibrationSubjects,
  fixtureLog,
  fixtureRegistry,
  fixtureScenario,
  scenarioFile,
} from './test-fixtures.ts';
import { checkVerification } from './verification.ts';
import { A_REC, A_VER, verificationHeader, verifiedAgent, type VerifiedOptions } from './verify-fixtures.ts';
import { verificationText } from '../verify/sidecar-text.ts';

const run = (o: VerifiedOptions = {}) =>
  derive({
    scenarios: [scenarioFile()],
    results: verifiedAgent(o),
    judges: fixtureRegistry(),
    gate: false,
    calibrationSubjects: fixtureCalibrationSubjects(),
  });

const agentRow = (d: NonNullable<ReturnType<typeof run>['dataset']>) =>
  d.boards.find((b) => b.kind === 'agent' && b.rows.length > 0)!.rows[0]!;

describe('re-run verification in derive', () => {
  it('derives `agrees` when the re-run judges every checkpoint as the record did, and counts it on the board row', () => {
    const out = run();
    expect(out.problems).toEqual([]);
    const t = out.dataset!.trials[0]!;
    expect(t.files.verification).toBe(A_VER);
    expect(t.verification).toMatchObject({
      status: 'agrees',
      isolation: 'netns',
      verifiedAt: '2026-12-01T10:00:00.000Z',
    });
    expect(t.verification!.checkpoints.every((c) => c.match)).toBe(true);
    expect(agentRow(out.dataset!).verified).toEqual({ agrees: 1, of: 1 });
  });

  it('derives `disagrees` with the differing checkpoints when the re-run answers 202, and counts none verified', () => {
    const out = run({ rerun: { status: 202 } });
    expect(out.problems).toEqual([]);
    const v = out.dataset!.trials[0]!.verification!;
    expect(v.status).toBe('disagrees');
    expect(v.checkpoints.filter((c) => !c.match)).toEqual([
      { checkpoint: 'post-returns-200', stored: 'pass', rerun: 'fail', match: false },
    ]);
    expect(agentRow(out.dataset!).verified).toEqual({ agrees: 0, of: 1 });
  });

  it('derives `infra-error` from a verification whose harness failed, with no log to compare', () => {
    const f = verifiedAgent();
    const record = JSON.parse(f.get(A_REC)!) as TrialRecord;
    const header = verificationHeader(record, f.get(A_REC)!, fixtureLog(), {
      status: 'infra-error',
      infraReason: 'the sandbox did not start',
    });
    f.set(A_VER, verificationText(header, ''));
    const out = derive({
      scenarios: [scenarioFile()],
      results: f,
      judges: fixtureRegistry(),
      gate: false,
      calibrationSubjects: fixtureCalibrationSubjects(),
    });
    expect(out.problems.map(formatProblem)).toEqual([]);
    expect(out.dataset!.trials[0]!.verification).toMatchObject({
      status: 'infra-error',
      infraReason: 'the sandbox did not start',
      checkpoints: [],
    });
  });

  it('leaves a trial without a verification unverified', () => {
    const out = run({ verification: false });
    expect(out.dataset!.trials[0]!.verification).toBeUndefined();
    expect(out.dataset!.trials[0]!.files.snapshot).toMatch(/k1\.snapshot\.jsonl$/);
    expect(agentRow(out.dataset!).verified).toEqual({ agrees: 0, of: 1 });
  });

  it('derives `stale`, without judging, when the record ran another version of its scenario than the current one', () => {
    const f = verifiedAgent({ rerun: { status: 202 } });
    const record = JSON.parse(f.get(A_REC)!) as TrialRecord;
    const changed = { ...fixtureScenario(), prompt: 'Echo, now with a longer task.' };
    const out = checkVerification({
      file: A_VER,
      text: f.get(A_VER)!,
      recordPath: A_REC,
      recordText: f.get(A_REC)!,
      record,
      scenario: changed,
      judges: fixtureRegistry(),
    });
    expect(out.problems).toEqual([]);
    expect(out.verification).toMatchObject({ status: 'stale', checkpoints: [] });
  });
});
