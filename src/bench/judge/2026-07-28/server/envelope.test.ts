import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, rpcError, stateless, textResult, type Ex } from './test-logs.ts';
import { CODE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import * as R from './reused.ts';
import { reservedCodesDefined, retiredCodesAbsent } from './error-codes.ts';

const answer = (step: string, status: number, json: unknown) => override(stateless(), { [step]: { status, json } });
const refused = (exs: Ex[]) => exs.map((e): Ex => ({ step: e.step, req: e.req }));

describe('2026-07-28 envelope judges', () => {
  it('returns PASS for every envelope judge on a conformant stateless log', () => {
    const all = [
      R.messagesUtf8,
      R.resultFieldPresent,
      R.errorIdEchoed,
      R.errorCodeMessagePresent,
      R.errorCodeInteger,
      reservedCodesDefined,
      retiredCodesAbsent,
    ];
    expect(all.map((j) => judgeOn(j, stateless())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });

  it('260728-transports-29: returns FAIL when the echo comes back in ISO-8859-1', () => {
    const bytes = Buffer.from(JSON.stringify(textResult('echo-3', 'héllo')), 'latin1');
    const r = judgeOn(R.messagesUtf8, override(stateless(), { [STEP.callEcho]: { bytes } }));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [3] });
  });

  it('260728-basic-71: returns FAIL when tools/list comes without a result member', () => {
    const flat = { jsonrpc: '2.0', id: 2, resultType: 'complete', tools: [] };
    expect(judgeOn(R.resultFieldPresent, answer(STEP.toolsList, 200, flat)).message).toMatch(
      /^Expected a result member in the response on tools-list/,
    );
  });

  it('260728-basic-103: returns FAIL when a header refusal drops the id, PASS when only the Origin 403 does', () => {
    const { id: _, ...noId } = rpcError(6, CODE.headerMismatch);
    expect(judgeOn(R.errorIdEchoed, answer(STEP.versionMismatch, 400, noId)).message).toBe(
      'Expected the error for tools/list on version-mismatch (HTTP 400) to carry id 6, got no id',
    );
    expect(judgeOn(R.errorIdEchoed, stateless()).verdict).toBe('pass');
  });

  it('260728-basic-104: returns FAIL when an error lacks its message, or is not an object', () => {
    const noMessage = { jsonrpc: '2.0', id: 10, error: { code: CODE.methodNotFound } };
    expect(judgeOn(R.errorCodeMessagePresent, answer(STEP.unknownMethod, 404, noMessage)).message).toBe(
      'Expected error {code, message} on unknown-method, got error {"code":-32601}',
    );
    const bare = { jsonrpc: '2.0', id: 10, error: 'Method not found' };
    expect(judgeOn(R.errorCodeMessagePresent, answer(STEP.unknownMethod, 404, bare)).verdict).toBe('fail');
  });
  it('260728-basic-104: accepts a code that is not an integer (that is …-105)', () => {
    const r = judgeOn(R.errorCodeMessagePresent, answer(STEP.unknownMethod, 404, rpcError(10, '-32601' as never)));
    expect(r.verdict).toBe('pass');
  });
  it('260728-basic-104: returns NOT-APPLICABLE without any error response', () => {
    const ok = stateless().map((e): Ex =>
      e.json && 'error' in (e.json as object) ? { ...e, json: result(1, {}) } : e,
    );
    expect(judgeOn(R.errorCodeMessagePresent, ok).verdict).toBe('not-applicable');
  });

  it('260728-basic-105: returns FAIL when a code is a string', () => {
    const r = judgeOn(R.errorCodeInteger, answer(STEP.versionMissing, 400, rpcError(8, '-32020' as never)));
    expect(r.message).toBe('Expected an integer error code on version-missing, got "-32020"');
  });
});

describe('2026-07-28 error-code judges', () => {
  it('260728-basic-124: returns FAIL for an undefined code of the reserved range', () => {
    const r = judgeOn(reservedCodesDefined, answer(STEP.foreignOrigin, 403, rpcError(undefined, -32050)));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [5] });
    expect(r.message).toBe(
      'Expected only the defined codes -32020, -32021, -32022 in -32099…-32020, got -32050 on foreign-origin',
    );
  });
  it('260728-basic-124: returns FAIL for a defined code on a request that is in order', () => {
    const r = judgeOn(reservedCodesDefined, answer(STEP.callAdd, 400, rpcError(1, CODE.headerMismatch)));
    expect(r.message).toBe(
      'Expected -32020 (HeaderMismatch) only for its own case, got it for call-add, a request with every header matching its body and version 2026-07-28',
    );
  });
  it('260728-basic-124: leaves codes outside the reserved range alone (-32000 is legacy, -32601 JSON-RPC)', () => {
    expect(judgeOn(reservedCodesDefined, answer(STEP.foreignOrigin, 403, rpcError(null, -32000))).verdict).toBe('pass');
    expect(judgeOn(reservedCodesDefined, answer(STEP.foreignOrigin, 403, rpcError(null, -32019))).verdict).toBe('pass');
  });
  it('260728-basic-124 and -138: "Not testable" when the server answered nothing', () => {
    for (const j of [reservedCodesDefined, retiredCodesAbsent])
      expect(judgeOn(j, refused(stateless()))).toMatchObject({
        verdict: 'fail',
        message: 'Not testable: the server sent no JSON-RPC response at all',
      });
  });
  it('260728-basic-138: returns FAIL for -32002 or -32042, on JSON or SSE', () => {
    expect(judgeOn(retiredCodesAbsent, answer(STEP.foreignOrigin, 403, rpcError(null, -32002))).message).toBe(
      'Expected no retired code (-32002, -32042), got -32002 (resource not found, 2025-11-25 and earlier) on foreign-origin',
    );
    const sse = override(stateless(), {
      [STEP.unknownMethod]: { status: 200, json: undefined, sse: [{ data: rpcError(10, -32042) }] },
    });
    expect(judgeOn(retiredCodesAbsent, sse)).toMatchObject({ verdict: 'fail', evidence: [10] });
  });
});
