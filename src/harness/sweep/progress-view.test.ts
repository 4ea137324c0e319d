import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { PlannedTrial } from '../../bench/sweep/plan.ts';
import { progressView } from './progress-view.ts';
import type { FinishedTrial } from './run.ts';

const trial = (k: number): PlannedTrial => ({
  index: k - 1,
  key: `2026-07-28/client/stateless-call/none/oracle/k${k}`,
  agent: 'oracle',
  revision: '2026-07-28',
  role: 'client',
  scenario: 'stateless-call',
  docs: 'none',
  k,
  shard: 1,
});
const verdict = (v: 'pass' | 'fail') =>
  ({
    checkpoint: 'c',
    level: 'MUST',
    verdict: v,
    message: '',
    evidence: [],
  }) as unknown as TrialRecord['verdicts'][number];
const finished = (k: number, r: Partial<TrialRecord>): FinishedTrial => ({
  trial: trial(k),
  record: { status: 'completed', verdicts: [verdict('pass')], ...r } as TrialRecord,
  wallMs: 1500,
  leftovers: 0,
});

/** A sink that keeps what was written, and a clock the test moves. */
function sink(isTTY: boolean) {
  const out: string[] = [];
  return { isTTY, out, write: (t: string) => out.push(t) };
}

describe('sweep progress view', () => {
  it('elsewhere than a terminal: one plain line per finished trial, with its outcome and time', () => {
    const s = sink(false);
    let now = 0;
    const v = progressView(s, 3, [], () => now);
    now = 1500;
    v.finished(finished(1, {}));
    v.finished(finished(2, { status: 'infra-error', verdicts: [], infraReason: 'sandbox failure: x' }));
    expect(v.end()).toMatchObject({ done: 2, infra: 1, failed: 0 });
    expect(s.out).toEqual([
      'sweep: [1/3] 2026-07-28/client/stateless-call/none/oracle/k1: completed, score 1.000 in 1.5 s\n',
      'sweep: [2/3] 2026-07-28/client/stateless-call/none/oracle/k2: infra-error (sandbox failure: x) in 1.5 s\n',
    ]);
  });

  it('on a terminal: one line rewritten in place, counting the resumed trials, and a lasting line for an infra-error', () => {
    const s = sink(true);
    let now = 0;
    const v = progressView(s, 4, [{ status: 'completed', verdicts: [verdict('fail')] }], () => now);
    now = 10_000;
    v.finished(finished(2, {}));
    now = 20_000;
    v.finished(finished(3, { status: 'infra-error', verdicts: [], infraReason: 'r' }));
    v.end();
    expect(s.out).toEqual([
      '\r\x1b[2Ksweep: 1/4 done · 1 failed · 0 infra-error · ETA …',
      '\r\x1b[2Ksweep: 2/4 done · 1 failed · 0 infra-error · ETA 20 s',
      '\r\x1b[2Ksweep: [3/4] 2026-07-28/client/stateless-call/none/oracle/k3: infra-error (r) in 1.5 s\n',
      '\r\x1b[2Ksweep: 3/4 done · 1 failed · 1 infra-error · ETA 10 s',
      '\n',
    ]);
  });
});
