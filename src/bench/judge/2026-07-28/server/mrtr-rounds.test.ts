import { describe, expect, it } from 'vitest';
import { ASK, judgeOn, multiRoundTrip, override, result, rpcError, textResult } from './test-logs.ts';
import * as M from './mrtr-rounds.ts';
import { FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';

const answer = (step: string, status: number, json: unknown) =>
  override(multiRoundTrip(), { [step]: { status, json, sse: undefined, resHeaders: undefined } });
const ALL = [
  M.inputRequestKeysUnique,
  M.inputRequestsKnownKinds,
  M.serverRequestsOnlyViaMrtr,
  M.stateOneTime,
  M.stateBoundToRequest,
  M.inputResponsesValidated,
  M.protocolErrorJsonRpc,
  M.extraResponsesIgnored,
  M.missingInputAskedAgain,
];

describe('2026-07-28 multi round-trip state and input judges', () => {
  it('returns PASS for every judge on a conformant log', () => {
    expect(ALL.map((j) => judgeOn(j, multiRoundTrip())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL for every judge when no server answered', () => {
    const silent = multiRoundTrip().map((e) => ({ step: e.step, req: e.req }));
    expect(ALL.map((j) => judgeOn(j, silent).verdict)).toEqual(ALL.map(() => 'fail'));
  });
  it('returns FAIL when the raw text of inputRequests repeats a key', () => {
    const text = JSON.stringify(result(1, ASK, 'input_required')).replace(
      '"inputRequests":{',
      '"inputRequests":{"confirm":{"method":"roots/list"},',
    );
    const exs = override(multiRoundTrip(), { [STEP.transferInitial]: { sse: [{ data: text }] } });
    expect(judgeOn(M.inputRequestKeysUnique, exs)).toMatchObject({
      verdict: 'fail',
      message: 'Expected unique inputRequests keys, got the key result.inputRequests.confirm twice',
      evidence: [0],
    });
  });
  it('returns FAIL for an input request that is no elicitation, sampling or roots request', () => {
    const ping = { ...ASK, inputRequests: { confirm: { method: 'ping' } } };
    const exs = override(multiRoundTrip(), {
      [STEP.transferInitial]: { sse: [{ data: result(1, ping, 'input_required') }] },
    });
    expect(judgeOn(M.inputRequestsKnownKinds, exs).message).toMatch(
      /^Expected inputRequests.confirm to be an elicitation/,
    );
  });
  it('returns FAIL for an elicitation input request without params, PASS for roots/list without', () => {
    const bare = (method: string) => ({ ...ASK, inputRequests: { confirm: { method } } });
    const on = (q: unknown) =>
      judgeOn(
        M.inputRequestsKnownKinds,
        override(multiRoundTrip(), {
          [STEP.transferInitial]: { sse: [{ data: result(1, q as Record<string, unknown>, 'input_required') }] },
        }),
      ).verdict;
    expect(on(bare('elicitation/create'))).toBe('fail');
    expect(on(bare('roots/list'))).toBe('pass');
  });
  it('returns FAIL when a JSON answer carries a server-initiated request', () => {
    const req = { jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: {} };
    expect(judgeOn(M.serverRequestsOnlyViaMrtr, answer(STEP.toolsList, 200, req))).toMatchObject({
      verdict: 'fail',
      evidence: [4],
    });
  });
  it('returns FAIL when the replayed confirmation transfers again, and fails as Not testable without a first transfer', () => {
    expect(
      judgeOn(M.stateOneTime, answer(STEP.transferReplay, 200, textResult(7, FIXTURE.transfer.text))).message,
    ).toBe('Expected the replayed confirmation to transfer nothing, got "transferred 250"');
    expect(judgeOn(M.stateOneTime, answer(STEP.transferRetry, 400, rpcError(2, -32602))).message).toMatch(
      /^Not testable/,
    );
  });
  it('returns PASS when the replay is answered by asking again', () => {
    expect(judgeOn(M.stateOneTime, answer(STEP.transferReplay, 200, result(7, ASK, 'input_required'))).verdict).toBe(
      'pass',
    );
  });
  it('returns FAIL when the state is honoured on a call for another amount', () => {
    expect(
      judgeOn(M.stateBoundToRequest, answer(STEP.transferOtherAmount, 200, textResult(9, 'transferred 999'))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when there was no fresh state for a variant', () => {
    const exs = override(multiRoundTrip(), { [STEP.transferOtherAmount]: null });
    expect(judgeOn(M.stateBoundToRequest, exs).verdict).toBe('fail');
  });
  it('returns FAIL for both 261 and 262 when the malformed answer is read as a decline', () => {
    const exs = answer(STEP.transferMalformedResponse, 200, textResult(11, 'transfer not confirmed'));
    expect(judgeOn(M.inputResponsesValidated, exs).verdict).toBe('fail');
    expect(judgeOn(M.protocolErrorJsonRpc, exs).verdict).toBe('fail');
  });
  it('passes 261 but fails 262 for a tool error result, and makes 262 not-applicable when asked again', () => {
    const toolError = answer(STEP.transferMalformedResponse, 200, result(11, { content: [], isError: true }));
    expect(judgeOn(M.inputResponsesValidated, toolError).verdict).toBe('pass');
    expect(judgeOn(M.protocolErrorJsonRpc, toolError).verdict).toBe('fail');
    const again = answer(STEP.transferMalformedResponse, 200, result(11, ASK, 'input_required'));
    expect(judgeOn(M.inputResponsesValidated, again).verdict).toBe('pass');
    expect(judgeOn(M.protocolErrorJsonRpc, again).verdict).toBe('not-applicable');
  });
  it('returns FAIL for 262 when the error has a string code', () => {
    const exs = answer(STEP.transferMalformedResponse, 400, {
      jsonrpc: '2.0',
      id: 11,
      error: { code: '-32602', message: 'x' },
    });
    expect(judgeOn(M.protocolErrorJsonRpc, exs).verdict).toBe('fail');
  });
  it('returns FAIL when an extra answer key is refused', () => {
    expect(
      judgeOn(M.extraResponsesIgnored, answer(STEP.transferExtraResponse, 400, rpcError(15, -32602))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when a missing answer gets an error instead of a new question', () => {
    expect(
      judgeOn(M.missingInputAskedAgain, answer(STEP.transferMissingResponse, 400, rpcError(13, -32602))).message,
    ).toMatch(/^Expected a new input_required result asking for the missing answer/);
  });
});
