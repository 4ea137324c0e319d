import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import { compareVerdicts } from './compare.ts';

const v = (checkpoint: string, verdict: Verdict['verdict'], message = 'm'): Verdict => ({
  checkpoint,
  spec: null,
  level: 'MUST',
  verdict,
  evidence: [],
  message,
});

describe('compareVerdicts', () => {
  it('matches outcomes checkpoint by checkpoint, whatever the messages say', () => {
    expect(
      compareVerdicts([v('a', 'pass', 'took 3 ms'), v('b', 'fail')], [v('a', 'pass', 'took 9 ms'), v('b', 'fail')]),
    ).toEqual([
      { checkpoint: 'a', stored: 'pass', rerun: 'pass', match: true },
      { checkpoint: 'b', stored: 'fail', rerun: 'fail', match: true },
    ]);
  });

  it('flags a changed outcome and a checkpoint only one side has', () => {
    expect(compareVerdicts([v('a', 'pass'), v('b', 'pass')], [v('a', 'fail'), v('c', 'pass')])).toEqual([
      { checkpoint: 'a', stored: 'pass', rerun: 'fail', match: false },
      { checkpoint: 'b', stored: 'pass', rerun: 'missing', match: false },
      { checkpoint: 'c', stored: 'missing', rerun: 'pass', match: false },
    ]);
  });
});
