// Test-only: what every harness's scripted calibration run must show, whoever drives it — completed, the scripted
// subject, no failing verdict, score 1, nothing left running, and a transcript whose every line is a transcript entry.
import { expect } from 'vitest';
import { scoreTrial } from '../../../bench/scoring/score.ts';
import { TranscriptEntrySchema } from '../../../bench/schema/transcript.ts';
import type { TrialResult } from '../trial.ts';

/** Assert the run wrote the oracle's solution and it scored 1; returns the transcript's lines, parsed. */
export function expectScriptedOracleRun(r: TrialResult, harness: string): Record<string, unknown>[] {
  expect(r.record.infraReason).toBeUndefined();
  expect(r.record.status).toBe('completed');
  expect(r.record.subject.id).toBe(`calibration/${harness}+scripted-model`);
  expect(r.record.verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
  expect(scoreTrial(r.record.verdicts).score).toBe(1);
  expect(r.leftovers).toEqual([]);
  expect(r.record.usage.source).toBe('proxy');
  const lines = r
    .transcript!.trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const l of lines) expect(TranscriptEntrySchema.safeParse(l).success).toBe(true);
  return lines;
}
