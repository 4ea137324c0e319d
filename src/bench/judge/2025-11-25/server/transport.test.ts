import { describe, expect, it } from 'vitest';
import { basics, judgeOn, override, result, streaming, tasks, textResult } from './test-logs.ts';
import { ID_PROBES, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  errorHasCodeAndMessage,
  foreignOriginReturns403,
  missingProtocolVersionServed,
  getReturnsSseOr405,
  initializedReturns202,
  invalidProtocolVersionReturns400,
} from './transport.ts';
import { requestContentType, responseIdEchoed } from './reused.ts';

describe('transport judges', () => {
  it('returns PASS when a foreign Origin gets 403', () => {
    expect(judgeOn(foreignOriginReturns403, basics())).toMatchObject({ verdict: 'pass', evidence: [6] });
  });
  it('returns FAIL when a foreign Origin is served with 200', () => {
    const r = judgeOn(foreignOriginReturns403, override(basics(), { [STEP.foreignOrigin]: { status: 200 } }));
    expect(r.message).toBe('Expected 403 for a POST with Origin: http://evil.example, got status 200');
  });
  it('returns FAIL when the Origin probe was never sent', () => {
    const r = judgeOn(foreignOriginReturns403, override(basics(), { [STEP.foreignOrigin]: null }));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [] });
    expect(r.message).toContain('no such request was sent');
  });
  it('returns PASS when an unsupported MCP-Protocol-Version gets 400', () => {
    expect(judgeOn(invalidProtocolVersionReturns400, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when an unsupported MCP-Protocol-Version is served', () => {
    expect(
      judgeOn(invalidProtocolVersionReturns400, override(basics(), { [STEP.badProtocolVersion]: { status: 200 } }))
        .verdict,
    ).toBe('fail');
  });
  it('returns PASS when notifications/initialized gets 202 with no body', () => {
    expect(judgeOn(initializedReturns202, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when the 202 carries a body', () => {
    const r = judgeOn(initializedReturns202, override(basics(), { [STEP.initialized]: { json: { ok: true } } }));
    expect(r.message).toBe('Expected 202 with no body for notifications/initialized, got 202 with a 11-byte body');
  });
  it('returns FAIL when notifications/initialized gets 200', () => {
    expect(judgeOn(initializedReturns202, override(basics(), { [STEP.initialized]: { status: 200 } })).verdict).toBe(
      'fail',
    );
  });
  it('returns NOT-APPLICABLE when notifications/initialized is refused with an error status (the server did not accept it)', () => {
    const r = judgeOn(
      initializedReturns202,
      override(basics(), {
        [STEP.initialized]: {
          status: 400,
          json: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'bad' } },
        },
      }),
    );
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message: 'notifications/initialized got status 400: the server did not accept it',
    });
  });
  it('returns FAIL "Not testable" when notifications/initialized gets no answer', () => {
    expect(
      judgeOn(initializedReturns202, override(basics(), { [STEP.initialized]: { status: undefined } })).message,
    ).toMatch(/^Not testable: /);
  });
  it('returns PASS when every 2xx request answer is JSON or SSE', () => {
    expect(judgeOn(requestContentType, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when a request is answered with text/plain', () => {
    const r = judgeOn(
      requestContentType,
      override(basics(), { [STEP.callAdd]: { resHeaders: [['Content-Type', 'text/plain; charset=utf-8']] } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [3],
      message: 'Expected Content-Type application/json or text/event-stream for tools/call, got "text/plain"',
    });
  });
  it('returns PASS when string and integer ids are echoed', () => {
    expect(judgeOn(responseIdEchoed, basics()).verdict).toBe('pass');
  });
  it('returns FAIL when an integer id comes back as a string', () => {
    const r = judgeOn(responseIdEchoed, override(basics(), { [STEP.callAdd]: { json: textResult('3', '42') } }));
    expect(r.message).toBe('Expected result id 3 for tools/call, got "3"');
  });
  it('returns FAIL when no string-id request was answered', () => {
    const r = judgeOn(
      responseIdEchoed,
      override(basics(), { [STEP.toolsList]: null, [STEP.callEcho]: null, [STEP.idLongText]: null }),
    );
    expect(r.verdict).toBe('fail');
  });
  it('returns FAIL when a large integer id (past 32 bits, or 2^53−1) comes back as a string', () => {
    for (const step of [STEP.idPast32Bits, STEP.idMaxSafe]) {
      const id = ID_PROBES.find(([s]) => s === step)![1];
      const r = judgeOn(responseIdEchoed, override(basics(), { [step]: { json: result(String(id), { tools: [] }) } }));
      expect(r.message).toBe(
        `Expected result id ${JSON.stringify(id)} for tools/list, got ${JSON.stringify(String(id))}`,
      );
    }
  });
  it('returns FAIL when id 0 comes back as null, or a long non-ASCII string id comes back cut', () => {
    expect(
      judgeOn(responseIdEchoed, override(basics(), { [STEP.idZero]: { json: result(null, { tools: [] }) } })).verdict,
    ).toBe('fail');
    const long = ID_PROBES.find(([s]) => s === STEP.idLongText)![1] as string;
    expect(
      judgeOn(
        responseIdEchoed,
        override(basics(), { [STEP.idLongText]: { json: result(long.slice(0, 100), { tools: [] }) } }),
      ).verdict,
    ).toBe('fail');
  });
  it('returns PASS when GET opens an SSE stream, and when it gets 405', () => {
    expect(judgeOn(getReturnsSseOr405, streaming()).verdict).toBe('pass');
    expect(
      judgeOn(getReturnsSseOr405, override(streaming(), { [STEP.getStream]: { status: 405, sse: undefined } })).verdict,
    ).toBe('pass');
  });
  it('returns FAIL when GET gets 200 application/json', () => {
    const r = judgeOn(getReturnsSseOr405, override(streaming(), { [STEP.getStream]: { sse: undefined, json: {} } }));
    expect(r.message).toBe(
      'Expected text/event-stream or 405 for GET, got status 200 with Content-Type "application/json"',
    );
  });
  it('returns PASS when a request without MCP-Protocol-Version is served', () => {
    expect(judgeOn(missingProtocolVersionServed, basics())).toMatchObject({ verdict: 'pass', evidence: [8] });
  });
  it('returns FAIL when a request without MCP-Protocol-Version gets 400', () => {
    const r = judgeOn(
      missingProtocolVersionServed,
      override(basics(), {
        [STEP.noProtocolVersion]: {
          status: 400,
          json: { jsonrpc: '2.0', id: 8, error: { code: -32600, message: 'header required' } },
        },
      }),
    );
    expect(r.message).toBe(
      'Expected a request without MCP-Protocol-Version to be served with a result, got status 400 with JSON-RPC error -32600',
    );
  });
  it('returns PASS when every error response has an integer code and a message', () => {
    expect(judgeOn(errorHasCodeAndMessage, tasks()).verdict).toBe('pass');
  });
  it('returns FAIL when an error response lacks its message', () => {
    const r = judgeOn(
      errorHasCodeAndMessage,
      override(tasks(), { [STEP.taskGetUnknown]: { json: { jsonrpc: '2.0', id: 10, error: { code: -32602 } } } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [16],
      message: 'Expected error {code, message}, got error {"code":-32602}',
    });
  });
  it('returns NOT-APPLICABLE for the error shape when no error response was seen', () => {
    expect(judgeOn(errorHasCodeAndMessage, streaming()).verdict).toBe('not-applicable');
  });
});
