import { describe, expect, it } from 'vitest';
import { strictOf } from '../../define.ts';
import type { Headers } from '../../../schema/wire-event.ts';
import { judgeOn, override, start, textResult, type Ex } from './test-logs.ts';
import { FIXTURE, PROTOCOL_VERSION, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  disconnectNotCancellation,
  getStreamEarlyCloseRetry,
  getStreamResumable,
  polledCountdownsFinish,
  postStreamResumable,
  replayAfterLastEventId,
  retryBeforeEarlyClose,
} from './poll-resume.ts';

const session: Headers = [
  ['MCP-Protocol-Version', PROTOCOL_VERSION],
  ['MCP-Session-Id', 'sid-A'],
];
const A = FIXTURE.pollA;
const B = FIXTURE.pollB;
const progress = (s: string, token: string, i: number, n: number) => ({
  id: `${s}-${i}`,
  data: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i, total: n } },
});
const range = (s: string, token: string, from: number, to: number, n: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => progress(s, token, from + i, n));
const priming = (id: string, retry: number | null = 300) => ({
  id,
  data: '',
  ...(retry === null ? {} : { retry }),
});
const call = (step: string, id: number, n: number, token: string, sse: Ex['sse'], end: Ex['end'] = 'complete'): Ex => ({
  step,
  reqHeaders: session,
  req: {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'slow_countdown', arguments: { n }, _meta: { progressToken: token } },
  },
  status: 200,
  sse,
  end,
});
const get = (
  step: string,
  last: string | undefined,
  sse: Ex['sse'],
  end: Ex['end'] = 'complete',
  status = 200,
): Ex => ({
  step,
  method: 'GET',
  reqHeaders: [
    ['Accept', 'text/event-stream'],
    ...session,
    ...(last ? [['Last-Event-ID', last] as [string, string]] : []),
  ],
  status,
  ...(status === 200 ? { sse } : {}),
  end,
});
const liftoff = (s: string, i: number, id: number) => ({ id: `${s}-${i}`, data: textResult(id, 'liftoff') });

/**
 * A conformant poll-resume log: A's POST closed early after a retry and resumed to its result; B's POST dropped by the
 * prober after its first progress and resumed; the standalone stream closed after a retry and resumed.
 */
function pollResume(): Ex[] {
  return [
    ...start(),
    call(STEP.pollA, 2, A.n, A.token, [priming('a-0'), ...range('a', A.token, 1, 3, A.n)]),
    get(STEP.pollResumeA, 'a-3', [...range('a', A.token, 4, 6, A.n), liftoff('a', 7, 2)]),
    call(STEP.pollB, 3, B.n, B.token, [priming('b-0'), progress('b', B.token, 1, B.n)], 'timeout'),
    get(STEP.pollResumeB, 'b-1', [priming('b-2'), ...range('b', B.token, 2, 4, B.n), liftoff('b', 5, 3)]),
    get(STEP.getIdle, undefined, [priming('g-0')]),
    get(STEP.getReconnect, 'g-0', [priming('g-1')], 'aborted'),
  ];
}
/** A server that holds A's stream to the end and never needs a resumption of it. */
const aHeldOpen = () =>
  override(pollResume(), {
    [STEP.pollA]: call(STEP.pollA, 2, A.n, A.token, [
      priming('a-0'),
      ...range('a', A.token, 1, 6, A.n),
      liftoff('a', 7, 2),
    ]),
    [STEP.pollResumeA]: null,
  });

describe('task: the polled countdowns finish', () => {
  it('returns PASS when both calls finish on resumptions', () => {
    expect(judgeOn(polledCountdownsFinish, pollResume()).verdict).toBe('pass');
  });
  it('returns FAIL when the server held the 1.8 s stream open to its result', () => {
    const r = judgeOn(polledCountdownsFinish, aHeldOpen());
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('Expected the server to close slow_countdown {"n":6}');
  });
  it('returns FAIL when the dropped call never brought its result', () => {
    const r = judgeOn(
      polledCountdownsFinish,
      override(pollResume(), { [STEP.pollResumeB]: get(STEP.pollResumeB, 'b-1', [priming('b-2')]) }),
    );
    expect(r.verdict).toBe('fail');
  });
});

describe('retry before closing a connection early (251125-transports-113)', () => {
  it('returns PASS when the early-closed stream carried retry', () => {
    expect(judgeOn(retryBeforeEarlyClose, pollResume())).toMatchObject({ verdict: 'pass', evidence: [2] });
  });
  it('returns FAIL when it carried none', () => {
    const r = judgeOn(
      retryBeforeEarlyClose,
      override(pollResume(), {
        [STEP.pollA]: call(STEP.pollA, 2, A.n, A.token, [priming('a-0', null), ...range('a', A.token, 1, 3, A.n)]),
      }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2] });
  });
  it('returns NOT-APPLICABLE when the server closed no connection early', () => {
    expect(judgeOn(retryBeforeEarlyClose, aHeldOpen()).verdict).toBe('not-applicable');
  });
  // The resumption closed early again, without a retry of its own: the stream's POST carried one.
  const resumedBare = () =>
    override(pollResume(), {
      [STEP.pollResumeA]: get(STEP.pollResumeA, 'a-3', range('a', A.token, 4, 6, A.n)),
    });
  it('scores PASS when a resumption closed early after the stream had a retry (the strict reading fails it)', () => {
    expect(judgeOn(retryBeforeEarlyClose, resumedBare()).verdict).toBe('pass');
    expect(judgeOn(strictOf(retryBeforeEarlyClose)!, resumedBare())).toMatchObject({ verdict: 'fail', evidence: [3] });
    expect(judgeOn(strictOf(retryBeforeEarlyClose)!, pollResume()).verdict).toBe('pass');
  });
});

describe('disconnection is not cancellation (251125-transports-128)', () => {
  it('returns PASS when the dropped call returned its result on a resumption', () => {
    expect(judgeOn(disconnectNotCancellation, pollResume()).verdict).toBe('pass');
  });
  it('returns FAIL when the resumption ended without the result', () => {
    const r = judgeOn(
      disconnectNotCancellation,
      override(pollResume(), { [STEP.pollResumeB]: get(STEP.pollResumeB, 'b-1', [priming('b-2')]) }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns FAIL when the resumption brought an error instead', () => {
    const err = { id: 'b-2', data: { jsonrpc: '2.0', id: 3, error: { code: -32800, message: 'Request cancelled' } } };
    const r = judgeOn(
      disconnectNotCancellation,
      override(pollResume(), { [STEP.pollResumeB]: get(STEP.pollResumeB, 'b-1', [err]) }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE when the server refused the resumption', () => {
    const r = judgeOn(
      disconnectNotCancellation,
      override(pollResume(), { [STEP.pollResumeB]: get(STEP.pollResumeB, 'b-1', [], 'complete', 400) }),
    );
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message: 'the server accepted no resumption of the dropped stream',
    });
  });
  it('returns NOT-APPLICABLE when the prober did not drop the stream', () => {
    const r = judgeOn(
      disconnectNotCancellation,
      override(pollResume(), {
        [STEP.pollB]: call(STEP.pollB, 3, B.n, B.token, [
          priming('b-0'),
          ...range('b', B.token, 1, 4, B.n),
          liftoff('b', 5, 3),
        ]),
        [STEP.pollResumeB]: null,
      }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});

describe('POST streams are resumable (251125-transports-130)', () => {
  it('returns PASS when the resumptions got SSE streams', () => {
    expect(judgeOn(postStreamResumable, pollResume())).toMatchObject({ verdict: 'pass', evidence: [3, 5] });
  });
  it('returns FAIL when a resumption was refused', () => {
    const r = judgeOn(
      postStreamResumable,
      override(pollResume(), { [STEP.pollResumeA]: get(STEP.pollResumeA, 'a-3', [], 'complete', 400) }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [3] });
  });
  it('returns NOT-APPLICABLE when no stream was resumed', () => {
    const r = judgeOn(
      postStreamResumable,
      override(pollResume(), { [STEP.pollResumeA]: null, [STEP.pollResumeB]: null }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});

describe('a GET stream closed early carries retry and may be reconnected (251125-transports-151)', () => {
  it('returns PASS when it did and the reconnection was accepted', () => {
    expect(judgeOn(getStreamEarlyCloseRetry, pollResume()).verdict).toBe('pass');
  });
  it('returns FAIL when the standalone stream closed without retry', () => {
    const r = judgeOn(
      getStreamEarlyCloseRetry,
      override(pollResume(), { [STEP.getIdle]: get(STEP.getIdle, undefined, [priming('g-0', null)]) }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns FAIL when the reconnection was refused', () => {
    const r = judgeOn(
      getStreamEarlyCloseRetry,
      override(pollResume(), { [STEP.getReconnect]: get(STEP.getReconnect, 'g-0', [], 'complete', 400) }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE when the server kept the stream open', () => {
    const r = judgeOn(
      getStreamEarlyCloseRetry,
      override(pollResume(), {
        [STEP.getIdle]: get(STEP.getIdle, undefined, [], 'aborted'),
        [STEP.getReconnect]: null,
      }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});

describe('the GET stream is resumable (251125-transports-161)', () => {
  it('returns PASS when the GET with its last event id got an SSE stream', () => {
    expect(judgeOn(getStreamResumable, pollResume())).toMatchObject({ verdict: 'pass', evidence: [6, 7] });
  });
  it('returns FAIL when it was refused', () => {
    const r = judgeOn(
      getStreamResumable,
      override(pollResume(), { [STEP.getReconnect]: get(STEP.getReconnect, 'g-0', [], 'complete', 400) }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE when the stream had no event id to resume from', () => {
    const r = judgeOn(
      getStreamResumable,
      override(pollResume(), { [STEP.getReconnect]: get(STEP.getReconnect, undefined, [], 'aborted') }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});

describe('replay brings exactly the events after Last-Event-ID (251125-transports-181)', () => {
  it('returns PASS when every message arrived once, in order', () => {
    expect(judgeOn(replayAfterLastEventId, pollResume()).verdict).toBe('pass');
  });
  it('returns FAIL when the resumption replayed from the start', () => {
    const r = judgeOn(
      replayAfterLastEventId,
      override(pollResume(), {
        [STEP.pollResumeA]: get(STEP.pollResumeA, 'a-3', [...range('a', A.token, 1, 6, A.n), liftoff('a', 7, 2)]),
      }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('got "1, 2, 3, 1, 2, 3,');
  });
  it('returns FAIL when events sent while disconnected were lost', () => {
    const r = judgeOn(
      replayAfterLastEventId,
      override(pollResume(), {
        [STEP.pollResumeA]: get(STEP.pollResumeA, 'a-3', [...range('a', A.token, 5, 6, A.n), liftoff('a', 7, 2)]),
      }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE when no resumption got an SSE stream', () => {
    const r = judgeOn(
      replayAfterLastEventId,
      override(pollResume(), { [STEP.pollResumeA]: null, [STEP.pollResumeB]: null }),
    );
    expect(r.verdict).toBe('not-applicable');
  });
});
