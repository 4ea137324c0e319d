import { describe, expect, it } from 'vitest';
import { FIXTURE, META, PROTOCOL_VERSION, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import type { Ex } from './test-logs.ts';
import { judgeOn, override, post, textResult } from './test-logs.ts';
import * as S from './streaming.ts';

const C = FIXTURE.countdown;
const withToken = (token: string) => ({
  [META.protocolVersion]: PROTOCOL_VERSION,
  [META.clientCapabilities]: {},
  progressToken: token,
});
const call = (id: number, name: string, args: Record<string, unknown>, token?: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, _meta: token ? withToken(token) : withToken('unused') },
});
const progress = (token: unknown, k: number, total: number, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  ...extra,
  method: 'notifications/progress',
  params: { progressToken: token, progress: k, total },
});
const stream = (step: string, req: ReturnType<typeof call>, data: unknown[], end: Ex['end'] = 'complete'): Ex => ({
  step,
  req,
  status: 200,
  sse: data.map((d) => ({ data: d })),
  end,
});
const status = (step: string, id: number, text: string) =>
  post(step, call(id, C.status, { jobId: 'job' }) as never, 200, textResult(id, text));

/** A conformant streaming log: the full countdown, its status, the cut countdown, and its job cancelled. */
function streaming(late = 'cancelled 2'): Ex[] {
  return [
    stream(STEP.countdownFull, call(1, C.tool, C.full.args, C.full.token), [
      progress(C.full.token, 1, 3),
      progress(C.full.token, 2, 3),
      progress(C.full.token, 3, 3),
      textResult(1, C.done),
    ]),
    status(STEP.statusFull, 2, 'done 3'),
    stream(
      STEP.countdownCut,
      call(3, C.tool, C.cut.args, C.cut.token),
      [progress(C.cut.token, 1, 40), progress(C.cut.token, 2, 40)],
      'aborted',
    ),
    status(STEP.statusCutEarly, 4, 'cancelled 2'),
    status(STEP.statusCutLate, 5, late),
  ];
}

const all = [
  S.countdownTask,
  S.streamNotificationsRelate,
  S.sseCloseCancels,
  S.disconnectCancels,
  S.notificationHasNoId,
  S.noServerRequest,
];

describe('2026-07-28 streaming judges', () => {
  it('returns PASS for every streaming judge on a conformant log', () => {
    expect(all.map((j) => judgeOn(j, streaming())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL for the task when the full countdown skips a progress step', () => {
    const exs = override(streaming(), {
      [STEP.countdownFull]: {
        sse: [progress(C.full.token, 1, 3), progress(C.full.token, 3, 3), textResult(1, C.done)].map((d) => ({
          data: d,
        })),
      },
    });
    expect(judgeOn(S.countdownTask, exs).message).toMatch(/^Expected progress 1\/3, 2\/3, 3\/3/);
  });
  it('returns FAIL for the task when job_status does not report the finished job done', () => {
    const exs = override(streaming(), { [STEP.statusFull]: { json: textResult(2, 'running 3') } });
    expect(judgeOn(S.countdownTask, exs).verdict).toBe('fail');
  });
  it("returns FAIL when a countdown's stream carries another request's progress token", () => {
    const exs = override(streaming(), {
      [STEP.countdownCut]: { sse: [{ data: progress(C.cut.token, 1, 40) }, { data: progress(C.full.token, 1, 40) }] },
    });
    expect(judgeOn(S.streamNotificationsRelate, exs).message).toMatch(/carry the request's token "countdown-b"/);
  });
  it('returns FAIL for both cancellation judges when the cut job keeps running', () => {
    const exs = streaming('running 17');
    expect(judgeOn(S.sseCloseCancels, exs).verdict).toBe('fail');
    expect(judgeOn(S.disconnectCancels, exs).message).toMatch(/^Expected job_status to say cancelled/);
  });
  it('returns NOT-APPLICABLE for the SSE-close judge when the countdown was not answered with a stream', () => {
    const exs = override(streaming(), { [STEP.countdownCut]: { status: 200, sse: undefined, end: 'aborted' } });
    expect(judgeOn(S.sseCloseCancels, exs).verdict).toBe('not-applicable');
    expect(judgeOn(S.disconnectCancels, exs).verdict).toBe('pass');
  });
  it('returns NOT-APPLICABLE for the cancellation judges when the countdown finished before the cut', () => {
    const exs = override(streaming('done 40'), {
      [STEP.countdownCut]: { sse: [{ data: textResult(3, C.done) }], end: 'complete' },
    });
    expect(judgeOn(S.disconnectCancels, exs).verdict).toBe('not-applicable');
  });
  it('returns FAIL when a progress notification carries an id', () => {
    const exs = override(streaming(), {
      [STEP.countdownCut]: { sse: [{ data: progress(C.cut.token, 1, 40, { id: 'p-1' }) }], end: 'aborted' },
    });
    expect(judgeOn(S.notificationHasNoId, exs).message).toMatch(/^Expected notifications\/progress without an id/);
  });
  it('returns FAIL when the server sends a request on a stream', () => {
    const ask = { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: {} };
    const exs = override(streaming(), {
      [STEP.countdownFull]: { sse: [{ data: ask }, { data: textResult(1, C.done) }] },
    });
    expect(judgeOn(S.noServerRequest, exs).message).toMatch(/^Expected no request from the server/);
  });
});
