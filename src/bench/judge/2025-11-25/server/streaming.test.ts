import { describe, expect, it } from 'vitest';
import { strictOf } from '../../define.ts';
import { countdownSse, judgeOn, override, streaming, textResult } from './test-logs.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  eventIdsUnique,
  getStreamNoResponse,
  messageOnOneStream,
  notificationHasNoId,
  primingEventFirst,
  resumeNoCrossReplay,
  streamClosesAfterResponse,
} from './streaming.ts';

const A = FIXTURE.countdownA;
const B = FIXTURE.countdownB;
/** A JSON-only server: countdown answered as one JSON object, no streams. */
const jsonOnly = () =>
  override(streaming(), {
    [STEP.countdownA]: { sse: undefined, json: textResult(10, 'liftoff') },
    [STEP.countdownB]: { sse: undefined, json: textResult(11, 'liftoff') },
    [STEP.getStream]: { status: 405, sse: undefined },
    [STEP.resume]: null,
  });

describe('streaming judges', () => {
  it('returns PASS when every POST stream starts with a priming event', () => {
    expect(judgeOn(primingEventFirst, streaming())).toMatchObject({ verdict: 'pass', evidence: [3, 4] });
  });
  it('returns FAIL when a POST stream starts with a message', () => {
    const r = judgeOn(
      primingEventFirst,
      override(streaming(), { [STEP.countdownB]: { sse: countdownSse('b', 11, B.token, B.n).slice(1) } }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [4] });
  });
  it('returns NOT-APPLICABLE for priming when no POST is answered with SSE', () => {
    expect(judgeOn(primingEventFirst, jsonOnly()).verdict).toBe('not-applicable');
  });
  // Streams without a single event id offer no resumption: the contested priming event is judged there only strictly.
  const noIds = () =>
    override(streaming(), {
      [STEP.countdownA]: {
        sse: countdownSse('a', 10, A.token, A.n)
          .slice(1)
          .map(({ data }) => ({ data })),
      },
      [STEP.countdownB]: {
        sse: countdownSse('b', 11, B.token, B.n)
          .slice(1)
          .map(({ data }) => ({ data })),
      },
    });
  it('scores NOT-APPLICABLE on POST streams without event ids; the strict reading fails them', () => {
    expect(judgeOn(primingEventFirst, noIds()).verdict).toBe('not-applicable');
    expect(judgeOn(strictOf(primingEventFirst)!, noIds())).toMatchObject({ verdict: 'fail', evidence: [3] });
    expect(judgeOn(strictOf(primingEventFirst)!, streaming()).verdict).toBe('pass');
  });
  it('returns PASS when streams end after their response', () => {
    expect(judgeOn(streamClosesAfterResponse, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when a stream is still open at the deadline', () => {
    const r = judgeOn(streamClosesAfterResponse, override(streaming(), { [STEP.countdownA]: { end: 'timeout' } }));
    expect(r.message).toBe(
      'Expected the SSE stream to end after the response, got it still open at the probe deadline',
    );
  });
  it('returns PASS when event ids are distinct (resumed replays aside)', () => {
    expect(judgeOn(eventIdsUnique, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when two streams reuse an event id', () => {
    const r = judgeOn(
      eventIdsUnique,
      override(streaming(), { [STEP.countdownB]: { sse: countdownSse('a', 11, B.token, B.n) } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [3, 4],
      message: 'Expected unique SSE event ids, got "a-0" twice',
    });
  });
  it('returns NOT-APPLICABLE for event ids when none are attached', () => {
    expect(judgeOn(eventIdsUnique, jsonOnly()).verdict).toBe('not-applicable');
  });
  it('returns PASS when notifications carry no id', () => {
    expect(judgeOn(notificationHasNoId, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when a progress notification carries an id', () => {
    const sse = countdownSse('a', 10, A.token, A.n);
    sse[1] = {
      id: 'a-1',
      data: {
        jsonrpc: '2.0',
        id: 'p1',
        method: 'notifications/progress',
        params: { progressToken: A.token, progress: 1, total: 3 },
      },
    };
    const r = judgeOn(notificationHasNoId, override(streaming(), { [STEP.countdownA]: { sse } }));
    expect(r.message).toBe('Expected notifications/progress without an id, got id "p1"');
  });
  it('returns PASS when the GET stream carries no response', () => {
    expect(judgeOn(getStreamNoResponse, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when the GET stream carries a response', () => {
    const r = judgeOn(
      getStreamNoResponse,
      override(streaming(), { [STEP.getStream]: { sse: [{ data: textResult(10, 'liftoff') }] } }),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2] });
  });
  it('returns NOT-APPLICABLE for the GET stream checks when GET gets 405', () => {
    expect(judgeOn(getStreamNoResponse, jsonOnly()).verdict).toBe('not-applicable');
    expect(judgeOn(messageOnOneStream, jsonOnly()).verdict).toBe('not-applicable');
  });
  it('returns PASS when no message is sent on two streams', () => {
    expect(judgeOn(messageOnOneStream, streaming()).verdict).toBe('pass');
  });
  it('returns FAIL when a progress notification is broadcast to the GET stream', () => {
    const copy = countdownSse('a', 10, A.token, A.n)[1]!;
    const r = judgeOn(messageOnOneStream, override(streaming(), { [STEP.getStream]: { sse: [{ data: copy.data }] } }));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2, 3] });
  });
  it("returns PASS when resumption replays only stream A's messages", () => {
    expect(judgeOn(resumeNoCrossReplay, streaming())).toMatchObject({
      verdict: 'pass',
      message: 'the resumed stream replayed 4 messages, none from another stream',
    });
  });
  it("returns FAIL when resumption replays stream B's messages", () => {
    const sse = [...countdownSse('a', 10, A.token, A.n).slice(1), ...countdownSse('b', 11, B.token, B.n)];
    const r = judgeOn(resumeNoCrossReplay, override(streaming(), { [STEP.resume]: { sse } }));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [4, 5] });
  });
  it('returns NOT-APPLICABLE when the resumption is refused', () => {
    const r = judgeOn(resumeNoCrossReplay, override(streaming(), { [STEP.resume]: { status: 405, sse: undefined } }));
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message: 'the server did not resume: the GET with Last-Event-ID got status 405',
    });
  });
});
