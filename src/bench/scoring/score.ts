import type { Level } from '../schema/common.ts';
import type { TrialScore } from '../schema/score.ts';
import type { Outcome, Verdict } from '../schema/verdict.ts';

/** What scoring needs of a verdict. */
export interface ScoredVerdict {
  checkpoint: string;
  level: Level;
  verdict: Outcome;
  /** Set when the failure follows from another failed checkpoint of the trial: shown, never counted twice. */
  consequenceOf?: string;
}

/**
 * Whether a verdict fails under some reading: the scored one, or a contested checkpoint's strict one (shown, never
 * scored). A failure of either is published; the calibration oracle may have neither.
 */
export const failsAnyReading = (v: {
  verdict: Verdict['verdict'] | 'missing';
  strict?: Pick<NonNullable<Verdict['strict']>, 'verdict'> | null;
}): boolean => v.verdict === 'fail' || v.strict?.verdict === 'fail';

/** How a trial's score came about, so pages can explain it (the schema is the data set's contract). */
export type { TrialScore } from '../schema/score.ts';

/**
 * Score one completed trial from its verdicts. Pure; infra-error trials are never scored (callers exclude them). A
 * consequence (a failure that follows from another failed checkpoint) is left out: its cause is already counted. A
 * contested checkpoint's strict reading never reaches here (`verdict` is the lenient, scored reading).
 */
export function scoreTrial(verdicts: readonly ScoredVerdict[]): TrialScore {
  const mustFailed: string[] = [];
  const consequences: string[] = [];
  const should = { passed: 0, applicable: 0 };
  const may = { passed: 0, applicable: 0 };
  for (const v of verdicts) {
    if (v.verdict === 'not-applicable') continue;
    if (v.verdict === 'fail' && v.consequenceOf !== undefined) {
      consequences.push(v.checkpoint);
      continue;
    }
    const pass = v.verdict === 'pass';
    if (v.level === 'MUST') {
      if (!pass) mustFailed.push(v.checkpoint);
    } else {
      const tally = v.level === 'SHOULD' ? should : may;
      tally.applicable += 1;
      if (pass) tally.passed += 1;
    }
  }
  const score = mustFailed.length > 0 ? 0 : should.applicable === 0 ? 1 : should.passed / should.applicable;
  return { score, mustFailed, consequences, should, may };
}
