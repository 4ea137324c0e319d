import type { Level } from '../schema/common.ts';
import type { TrialScore } from '../schema/score.ts';
import type { Outcome } from '../schema/verdict.ts';

/** What scoring needs of a verdict. */
export interface ScoredVerdict {
  checkpoint: string;
  level: Level;
  verdict: Outcome;
}

/** How a trial's score came about, so pages can explain it (the schema is the data set's contract). */
export type { TrialScore } from '../schema/score.ts';

/** Score one completed trial from its verdicts. Pure; infra-error trials are never scored (callers exclude them). */
export function scoreTrial(verdicts: readonly ScoredVerdict[]): TrialScore {
  const mustFailed: string[] = [];
  const should = { passed: 0, applicable: 0 };
  const may = { passed: 0, applicable: 0 };
  for (const v of verdicts) {
    if (v.verdict === 'not-applicable') continue;
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
  return { score, mustFailed, should, may };
}
