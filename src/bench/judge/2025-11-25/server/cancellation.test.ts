import { describe, expect, it } from 'vitest';
import type { Headers } from '../../../schema/wire-event.ts';
import { judgeOn, override, start, textResult, type Ex } from './test-logs.ts';
import { FIXTURE, PROTOCOL_VERSION, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  cancelledRequestGetsNoResponse,
  invalidCancellationIgnored,
  uncancelledCountdownsLiftOff,
} from './cancellation.ts';

const session: Headers = [
  ['MCP-Protocol-Version', PROTOCOL_VERSION],
  ['MCP-Session-Id', 'sid-A'],
];
const countdown = (step: string, id: number, n: number, answer: boolean): Ex => ({
  step,
  reqHeaders: session,
  req: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'long_countdown', arguments: { n } } },
  status: 200,
  sse: [{ id: `${step}-0`, data: '' }, ...(answer ? [{ id: `${step}-1`, data: textResult(id, 'liftoff') }] : [])],
});
const cancel = (step: string, requestId: unknown, status = 202): Ex => ({
  step,
  reqHeaders: session,
  req: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'stop' } },
  status,
});

/** A conformant cancellation log: the cancelled call's stream ends without an answer, the others lift off. */
function cancellation(): Ex[] {
  return [
    ...start(),
    countdown(STEP.cancelTarget, 2, 5, false),
    cancel(STEP.cancelInFlight, 2),
    countdown(STEP.cancelControl, 3, 8, true),
    cancel(STEP.cancelUnknown, FIXTURE.unknownRequestId),
    cancel(STEP.cancelFinished, 3),
    { ...countdown(STEP.afterCancels, 4, 1, true), sse: undefined, json: textResult(4, 'liftoff') },
  ];
}

describe('task: the uncancelled long_countdown calls lift off', () => {
  it('returns PASS when both uncancelled calls return liftoff', () => {
    expect(judgeOn(uncancelledCountdownsLiftOff, cancellation()).verdict).toBe('pass');
  });
  it('returns FAIL when the call beside the unknown cancellation got no result', () => {
    const r = judgeOn(
      uncancelledCountdownsLiftOff,
      override(cancellation(), { [STEP.cancelControl]: countdown(STEP.cancelControl, 3, 8, false) }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('long_countdown {"n":8}');
  });
});

describe('a cancelled request gets no response (251125-cancellation-37)', () => {
  it('returns PASS when the stream ended without a response', () => {
    expect(judgeOn(cancelledRequestGetsNoResponse, cancellation())).toMatchObject({
      verdict: 'pass',
      evidence: [2, 3],
    });
  });
  it('returns FAIL when the response came after the cancellation', () => {
    const log = cancellation();
    // The cancellation before the call's events in the log: the response arrived after it was sent.
    const [cancelEx] = log.splice(3, 1);
    log.splice(2, 0, cancelEx!);
    const r = judgeOn(
      cancelledRequestGetsNoResponse,
      override(log, { [STEP.cancelTarget]: countdown(STEP.cancelTarget, 2, 5, true) }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('Expected no response to the cancelled request 2');
  });
  it('returns FAIL when the response came on a resumption', () => {
    const log = cancellation();
    log.splice(4, 0, {
      step: 'resume',
      method: 'GET',
      reqHeaders: [...session, ['Last-Event-ID', `${STEP.cancelTarget}-0`]],
      status: 200,
      sse: [{ data: textResult(2, 'liftoff') }],
    });
    expect(judgeOn(cancelledRequestGetsNoResponse, log).verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE when the call was answered before the cancellation was sent', () => {
    const r = judgeOn(
      cancelledRequestGetsNoResponse,
      override(cancellation(), { [STEP.cancelTarget]: countdown(STEP.cancelTarget, 2, 5, true) }),
    );
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message: 'the call was answered before the cancellation was sent',
    });
  });
  it('returns NOT-APPLICABLE when the call was refused', () => {
    const r = judgeOn(
      cancelledRequestGetsNoResponse,
      override(cancellation(), { [STEP.cancelTarget]: { status: 404, sse: undefined } }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});

describe('invalid cancellations are ignored (251125-cancellation-77)', () => {
  it('returns PASS when both are accepted with 202 and the calls lift off', () => {
    expect(judgeOn(invalidCancellationIgnored, cancellation()).verdict).toBe('pass');
  });
  it('returns FAIL when the cancellation of an unknown id is refused', () => {
    const r = judgeOn(
      invalidCancellationIgnored,
      override(cancellation(), {
        [STEP.cancelUnknown]: { status: 400, json: { jsonrpc: '2.0', error: { code: -32602, message: 'x' } } },
      }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('"no-such-request-0000"');
  });
  it('returns FAIL when the cancellation of a finished request is refused', () => {
    const r = judgeOn(invalidCancellationIgnored, override(cancellation(), { [STEP.cancelFinished]: { status: 400 } }));
    expect(r.verdict).toBe('fail');
  });
  it('returns FAIL when the unknown cancellation stopped the call running beside it', () => {
    const r = judgeOn(
      invalidCancellationIgnored,
      override(cancellation(), { [STEP.cancelControl]: countdown(STEP.cancelControl, 3, 8, false) }),
    );
    expect(r.verdict).toBe('fail');
  });
});
