import { describe, expect, it } from 'vitest';
import { basics, countdownSse, judgeOn, override, sessions, streaming, textResult } from './test-logs.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { basicToolsAnswer, countdownStreamsProgress, sessionCountersAnswer } from './task-checkpoints.ts';

describe('task judges', () => {
  it('returns PASS when add and echo answer correctly', () => {
    expect(judgeOn(basicToolsAnswer, basics())).toMatchObject({ verdict: 'pass', evidence: [0, 2, 3, 4] });
  });
  it('returns FAIL when add returns the wrong sum', () => {
    const r = judgeOn(basicToolsAnswer, override(basics(), { [STEP.callAdd]: { json: textResult(3, '-4') } }));
    expect(r.message).toBe('Expected tools/call add {"a":19,"b":23} to return text "42", got ["-4"]');
  });
  it('returns FAIL when tools/list lacks echo', () => {
    const r = judgeOn(
      basicToolsAnswer,
      override(basics(), {
        [STEP.toolsList]: {
          json: { jsonrpc: '2.0', id: 'list-1', result: { tools: [{ name: 'add', inputSchema: {} }] } },
        },
      }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2] });
  });
  it('returns PASS when counters are per session', () => {
    expect(judgeOn(sessionCountersAnswer, sessions()).verdict).toBe('pass');
  });
  it("returns FAIL when session B continues session A's counter", () => {
    const r = judgeOn(
      sessionCountersAnswer,
      override(sessions(), { [STEP.incrementB1]: { json: textResult(2, '3') } }),
    );
    expect(r.message).toBe('Expected the first increment in session B to return text "1", got ["3"]');
  });
  it('returns PASS when countdown streams progress and lifts off', () => {
    expect(judgeOn(countdownStreamsProgress, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when countdown answers JSON without progress', () => {
    const r = judgeOn(
      countdownStreamsProgress,
      override(streaming(), { [STEP.countdownA]: { sse: undefined, json: textResult(10, 'liftoff') } }),
    );
    expect(r.message).toBe(
      'Expected progress ["1/3","2/3","3/3"] for token progress-a before the result on the same stream, got []',
    );
  });
  it('returns FAIL when progress arrives after the result', () => {
    const sse = countdownSse('b', 11, FIXTURE.countdownB.token, FIXTURE.countdownB.n);
    const reordered = [sse[0]!, sse[3]!, sse[1]!, sse[2]!];
    expect(
      judgeOn(countdownStreamsProgress, override(streaming(), { [STEP.countdownB]: { sse: reordered } })).verdict,
    ).toBe('fail');
  });
});
