import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../../schema/checkpoint.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import { countdownSse, judgeOn, override, streaming, textResult, wireLog } from './test-logs.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  eventIdsAttached,
  getStreamMessagesUnrelated,
  postStreamMessagesRelate,
  streamCarriesResponse,
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
/** Stream A's events without its response (the last event). */
const aWithoutResponse = () => countdownSse('a', 10, A.token, A.n).slice(0, -1);
const progress = (token: string, i: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: i, total: 3 },
});

/**
 * The conformant streaming log with one more message on the GET stream (exchange 2), arriving while countdown A runs:
 * after its request was sent, before its response arrived. Hand-made logs are sequential, so the time is set here.
 */
function onGetDuringA(data: unknown, afterAEnded = false): JudgeResult {
  const log = wireLog(streaming());
  const sent = log.events.find((e) => e.type === 'request' && e.step === STEP.countdownA)!;
  const x = 'x' in sent ? sent.x : undefined;
  const ended = Math.max(...log.events.filter((e) => 'x' in e && e.x === x).map((e) => e.t));
  log.events.push({ type: 'sse', t: afterAEnded ? ended + 1 : sent.t + 1.5, x: 2, data: JSON.stringify(data) });
  return getStreamMessagesUnrelated({
    log,
    exchanges: toExchanges(log),
    scenario: {} as Scenario,
    checkpoint: {} as Checkpoint,
  });
}

describe('POST stream carries its response (251125-transports-117)', () => {
  it('returns PASS when every POST stream carries its response', () => {
    expect(judgeOn(streamCarriesResponse, streaming())).toMatchObject({
      verdict: 'pass',
      evidence: [3, 4],
      message: '2 POST SSE streams carried the response to their request',
    });
  });
  it('returns PASS when the response came on a resumption of the stream', () => {
    const r = judgeOn(streamCarriesResponse, override(streaming(), { [STEP.countdownA]: { sse: aWithoutResponse() } }));
    expect(r.verdict).toBe('pass');
  });
  it('returns FAIL when a stream ends without its response and nothing resumed it', () => {
    const r = judgeOn(
      streamCarriesResponse,
      override(streaming(), { [STEP.countdownA]: { sse: aWithoutResponse() }, [STEP.resume]: null }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [3],
      message:
        'Expected the response to tools/call id 10 on its SSE stream, got a stream that ended (complete) without it',
    });
  });
  it('returns FAIL when the response was sent on the GET stream instead', () => {
    const r = judgeOn(
      streamCarriesResponse,
      override(streaming(), {
        [STEP.getStream]: { sse: [{ data: textResult(10, FIXTURE.countdownText) }] },
        [STEP.countdownA]: { sse: aWithoutResponse() },
        [STEP.resume]: { sse: aWithoutResponse().slice(1) },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [3, 2],
      message: 'Expected the response to tools/call id 10 on its SSE stream, got it on another stream (GET #2)',
    });
  });
  it('returns NOT-APPLICABLE when no POST is answered with SSE', () => {
    expect(judgeOn(streamCarriesResponse, jsonOnly()).verdict).toBe('not-applicable');
  });
});

describe('POST stream messages relate to its request (251125-transports-120)', () => {
  it("returns PASS when every progress carries its own request's token", () => {
    expect(judgeOn(postStreamMessagesRelate, streaming())).toMatchObject({
      verdict: 'pass',
      evidence: [3, 4],
      message: "5 progress notifications on POST streams, each with its own request's token",
    });
  });
  it("returns FAIL when stream B carries progress with A's token", () => {
    const r = judgeOn(
      postStreamMessagesRelate,
      override(streaming(), { [STEP.countdownB]: { sse: countdownSse('b', 11, A.token, B.n) } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [4],
      message:
        'Expected progress on the stream of tools/call id 11 to carry its token "progress-b", got token "progress-a"',
    });
  });
  it('returns NOT-APPLICABLE when no POST stream carries progress', () => {
    expect(judgeOn(postStreamMessagesRelate, jsonOnly()).verdict).toBe('not-applicable');
  });
});

describe('GET stream messages unrelated to running requests (251125-transports-145)', () => {
  it('returns PASS when the GET stream carries nothing', () => {
    expect(judgeOn(getStreamMessagesUnrelated, streaming())).toMatchObject({
      verdict: 'pass',
      message: 'the GET stream carried 0 messages, none related to a request the client sent',
    });
  });
  it("returns FAIL when A's progress arrives on the GET stream while A runs", () => {
    const r = onGetDuringA(progress(A.token, 1));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [2, 3] });
    expect(r.message).toMatch(
      /^Expected GET-stream messages unrelated to the client's requests, got \{"jsonrpc".*"progress-a".* for tools\/call id 10$/,
    );
  });
  it("returns FAIL when a copy of A's progress is read on the GET stream only after A's response (a loaded reader)", () => {
    expect(onGetDuringA(progress(A.token, 1), true)).toMatchObject({ verdict: 'fail', evidence: [2, 3] });
  });
  it("returns FAIL when A's response arrives on the GET stream while A runs", () => {
    expect(onGetDuringA(textResult(10, FIXTURE.countdownText)).verdict).toBe('fail');
  });
  it('returns PASS when the message relates to a request not yet sent', () => {
    expect(onGetDuringA(progress(B.token, 1))).toMatchObject({
      verdict: 'pass',
      message: 'the GET stream carried 1 messages, none related to a request the client sent',
    });
  });
  it('returns NOT-APPLICABLE when GET gets 405', () => {
    expect(judgeOn(getStreamMessagesUnrelated, jsonOnly()).verdict).toBe('not-applicable');
  });
});

describe('SSE event ids attached (251125-transports-169, MAY)', () => {
  it('returns PASS when SSE events carry ids', () => {
    expect(judgeOn(eventIdsAttached, streaming())).toMatchObject({
      verdict: 'pass',
      evidence: [3, 4, 5],
      message: '3 of 3 SSE streams carried event ids',
    });
  });
  it('returns FAIL when no SSE event carries an id', () => {
    const bare = (sse: { id?: string; data: unknown }[]) => ({ sse: sse.map(({ data }) => ({ data })) });
    const r = judgeOn(
      eventIdsAttached,
      override(streaming(), {
        [STEP.countdownA]: bare(countdownSse('a', 10, A.token, A.n)),
        [STEP.countdownB]: bare(countdownSse('b', 11, B.token, B.n)),
        [STEP.resume]: null,
      }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [3, 4],
      message: 'Expected an id on some SSE event, got 9 events without one',
    });
  });
  it('returns NOT-APPLICABLE when the server sent no SSE events', () => {
    expect(judgeOn(eventIdsAttached, jsonOnly()).verdict).toBe('not-applicable');
  });
});
