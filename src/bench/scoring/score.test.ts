import { describe, expect, it } from 'vitest';
import type { Level } from '../schema/common.ts';
import type { Outcome } from '../schema/verdict.ts';
import { scoreTrial, type ScoredVerdict } from './score.ts';

/** `M+` = MUST pass, `S-` = SHOULD fail, `Y~` = MAY not-applicable, … */
function v(code: string, i: number): ScoredVerdict {
  const level: Level = ({ M: 'MUST', S: 'SHOULD', Y: 'MAY' } as const)[code[0] as 'M' | 'S' | 'Y'];
  const verdict: Outcome = ({ '+': 'pass', '-': 'fail', '~': 'not-applicable' } as const)[code[1] as '+' | '-' | '~'];
  return { checkpoint: `c${i}`, level, verdict };
}
const verdicts = (codes: string) => codes.split(' ').filter(Boolean).map(v);

describe('scoreTrial', () => {
  const table: [string, string, number][] = [
    ['returns 0 when a MUST fails even with every SHOULD passed', 'M+ M- S+ S+ S+', 0],
    ['returns 0 when a MUST fails and no SHOULD applies', 'M-', 0],
    ['returns 1.0 when no SHOULD exists', 'M+ M+', 1],
    ['returns 1.0 when every SHOULD is not-applicable', 'M+ S~ S~', 1],
    ['returns 1.0 for an empty verdict list', '', 1],
    ['returns passed/applicable SHOULD', 'M+ S+ S- S+ S-', 0.5],
    ['excludes not-applicable SHOULD from the denominator', 'M+ S+ S~ S- S~', 0.5],
    ['ignores a not-applicable MUST', 'M~ S+', 1],
    ['does not move the score when a MAY fails', 'M+ S+ S- Y-', 0.5],
    ['does not move the score when a MAY passes', 'M+ S+ S- Y+ Y+', 0.5],
    ['does not rescue a failed MUST with a passed MAY', 'M- Y+', 0],
  ];
  it.each(table)('%s', (_name, codes, want) => {
    expect(scoreTrial(verdicts(codes)).score).toBe(want);
  });

  it('lists failed MUST slugs in verdict order', () => {
    expect(scoreTrial(verdicts('M- M+ M-')).mustFailed).toEqual(['c0', 'c2']);
  });

  it('tallies MAY and SHOULD without not-applicable', () => {
    const s = scoreTrial(verdicts('M+ S+ S~ S- Y+ Y- Y~'));
    expect(s.should).toEqual({ passed: 1, applicable: 2 });
    expect(s.may).toEqual({ passed: 1, applicable: 2 });
  });

  it('gives the same score with and without any MAY verdicts', () => {
    for (const base of ['M+ S+ S-', 'M- S+', 'M+', 'S- S- S+']) {
      for (const may of ['Y+', 'Y-', 'Y~', 'Y+ Y- Y+']) {
        expect(scoreTrial(verdicts(`${base} ${may}`)).score).toBe(scoreTrial(verdicts(base)).score);
      }
    }
  });
});
