import { describe, expect, it } from 'vitest';
import { ASK, judgeOn, multiRoundTrip, override, result, rpcError, textResult } from './test-logs.ts';
import * as M from './mrtr.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';

const answer = (step: string, status: number, json: unknown) =>
  override(multiRoundTrip(), { [step]: { status, json, sse: undefined, resHeaders: undefined } });
const onStream = (step: string, data: unknown[], extra: Record<string, unknown> = {}) =>
  override(multiRoundTrip(), { [step]: { sse: data.map((d) => ({ data: d })), ...extra } });

describe('2026-07-28 multi round-trip judges', () => {
  it('returns PASS for every MRTR judge on a conformant log', () => {
    const all = [
      M.transferConfirmed,
      M.inputRequiredHasRequestsOrState,
      M.requestStateIntegrity,
      M.noUndeclaredInputRequests,
      M.missingCapability32021,
      M.missingCapability400,
      M.inputRequiredOnlyWhereAllowed,
      M.sseNoServerRequests,
      M.sseNoBuffering,
      M.sseClosesAfterResponse,
    ];
    expect(all.map((j) => judgeOn(j, multiRoundTrip())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL when the first call completes without asking', () => {
    expect(
      judgeOn(M.transferConfirmed, onStream(STEP.transferInitial, [textResult(1, 'transferred 250')])).message,
    ).toMatch(/^Expected an input_required result with an elicitation\/create input request/);
  });
  it('returns FAIL when the retry transfers another amount', () => {
    expect(judgeOn(M.transferConfirmed, onStream(STEP.transferRetry, [textResult(2, 'transferred 0')])).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL for an InputRequiredResult with neither inputRequests nor requestState', () => {
    const r = judgeOn(
      M.inputRequiredHasRequestsOrState,
      onStream(STEP.transferInitial, [result(1, {}, 'input_required')]),
    );
    expect(r).toMatchObject({ verdict: 'fail', evidence: [0] });
  });
  it('returns FAIL when no InputRequiredResult was seen at all', () => {
    expect(
      judgeOn(
        M.inputRequiredHasRequestsOrState,
        override(multiRoundTrip(), {
          [STEP.transferInitial]: { sse: [{ data: rpcError(1, -32603) }] },
          [STEP.transferFresh]: { sse: [{ data: rpcError(8, -32603) }] },
          [STEP.transferMissingResponse]: { json: rpcError(13, -32603) },
        }),
      ).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when a tampered requestState completes the transfer', () => {
    const r = judgeOn(M.requestStateIntegrity, answer(STEP.transferTampered, 200, textResult(3, 'transferred 250')));
    expect(r.message).toMatch(/^Expected the tampered requestState to be rejected, got a complete result/);
  });
  it('returns PASS when a tampered requestState is refused with a tool error result, FAIL when that result transfers', () => {
    const refused = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'mac' }], isError: true } };
    expect(judgeOn(M.requestStateIntegrity, answer(STEP.transferTampered, 200, refused)).verdict).toBe('pass');
    const done = { ...refused, result: { ...refused.result, content: [{ type: 'text', text: 'transferred 250' }] } };
    expect(judgeOn(M.requestStateIntegrity, answer(STEP.transferTampered, 200, done)).verdict).toBe('fail');
  });
  it('returns PASS when a tampered requestState is answered by asking again', () => {
    expect(
      judgeOn(M.requestStateIntegrity, answer(STEP.transferTampered, 200, result(3, ASK, 'input_required'))).verdict,
    ).toBe('pass');
  });
  it('returns FAIL when there was no requestState to tamper with', () => {
    expect(
      judgeOn(M.requestStateIntegrity, override(multiRoundTrip(), { [STEP.transferTampered]: null })).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when a client without elicitation is asked for elicitation', () => {
    const asked = answer(STEP.transferNoElicitation, 200, result(4, ASK, 'input_required'));
    expect(judgeOn(M.noUndeclaredInputRequests, asked).message).toBe(
      'Expected no elicitation/create input request without the elicitation capability, got inputRequests.confirm (clientCapabilities {})',
    );
    expect(judgeOn(M.missingCapability32021, asked).verdict).toBe('fail');
  });
  it('returns FAIL for -32021 without requiredCapabilities, and for -32021 with status 200', () => {
    expect(
      judgeOn(M.missingCapability32021, answer(STEP.transferNoElicitation, 400, rpcError(4, -32021))).message,
    ).toBe('Expected data.requiredCapabilities to name elicitation, got data nothing');
    expect(
      judgeOn(
        M.missingCapability400,
        answer(STEP.transferNoElicitation, 200, rpcError(4, -32021, { requiredCapabilities: { elicitation: {} } })),
      ).verdict,
    ).toBe('fail');
  });
  it('returns NOT-APPLICABLE for -32021/400 when the transfer completes without elicitation, and FAIL for the task', () => {
    const exs = answer(STEP.transferNoElicitation, 200, textResult(4, 'transferred 250'));
    expect(judgeOn(M.missingCapability32021, exs).verdict).toBe('not-applicable');
    expect(judgeOn(M.missingCapability400, exs).verdict).toBe('not-applicable');
    expect(judgeOn(M.transferConfirmed, exs).message).toMatch(
      /^Expected no transfer for a client that cannot confirm it/,
    );
  });
  it('returns NOT-APPLICABLE for the 400 rule when no -32021 was sent, and FAIL for -32021 itself', () => {
    const exs = answer(STEP.transferNoElicitation, 400, rpcError(4, -32602));
    expect(judgeOn(M.missingCapability400, exs).verdict).toBe('not-applicable');
    expect(judgeOn(M.missingCapability32021, exs).verdict).toBe('fail');
  });
  it('returns FAIL when tools/list is answered input_required', () => {
    expect(
      judgeOn(
        M.inputRequiredOnlyWhereAllowed,
        answer(STEP.toolsList, 200, result(5, { requestState: 'p' }, 'input_required')),
      ),
    ).toMatchObject({ verdict: 'fail', evidence: [4] });
  });
  it('returns FAIL when an SSE stream carries an elicitation/create request', () => {
    const req = { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: {} };
    expect(
      judgeOn(M.sseNoServerRequests, onStream(STEP.transferInitial, [req, result(1, ASK, 'input_required')])),
    ).toMatchObject({ verdict: 'fail', evidence: [0] });
  });
  it('returns FAIL without X-Accel-Buffering: no', () => {
    expect(
      judgeOn(
        M.sseNoBuffering,
        onStream(STEP.transferRetry, [textResult(2, 'transferred 250')], {
          resHeaders: [['Content-Type', 'text/event-stream']],
        }),
      ).message,
    ).toBe('Expected X-Accel-Buffering: no on the SSE response, got null');
  });
  it('returns FAIL when a stream stays open after its response', () => {
    expect(
      judgeOn(
        M.sseClosesAfterResponse,
        onStream(STEP.transferRetry, [textResult(2, 'transferred 250')], { end: 'timeout' }),
      ).message,
    ).toBe('Expected the SSE stream of tools/call to end after its response, got end timeout');
  });
  it('returns NOT-APPLICABLE for the SSE judges when nothing was streamed', () => {
    const json = override(multiRoundTrip(), {
      [STEP.transferInitial]: { sse: undefined, resHeaders: undefined, json: result(1, ASK, 'input_required') },
      [STEP.transferRetry]: { sse: undefined, resHeaders: undefined, json: textResult(2, 'transferred 250') },
      [STEP.transferFresh]: { sse: undefined, resHeaders: undefined, json: result(8, ASK, 'input_required') },
    });
    for (const j of [M.sseNoServerRequests, M.sseNoBuffering, M.sseClosesAfterResponse])
      expect(judgeOn(j, json).verdict).toBe('not-applicable');
  });
});
