import { describe, expect, it } from 'vitest';
import { judgeOn, override, post, result, rpc, rpcError, stateless, textResult } from './test-logs.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import * as R from './reused.ts';
import * as S from './stateless.ts';

const answer = (step: string, status: number, json: unknown) => override(stateless(), { [step]: { status, json } });

describe('2026-07-28 stateless judges', () => {
  it('returns PASS for every stateless judge on a conformant log', () => {
    const all = [
      S.statelessToolsAnswer,
      S.firstRequestServed,
      S.discoverImplemented,
      S.discoverServerInfo,
      S.resultTypeEverywhere,
      S.resultServerInfo,
      R.requestContentType,
      R.responseIdEchoed,
      S.foreignOrigin403,
      S.versionMismatch400,
      S.versionUnsupported400,
      S.versionMissingRejected,
      S.methodHeaderMissing400,
      S.unknownMethod404,
      S.capabilitiesMissing32602,
      S.legacyTrafficHandled,
      S.toolsListStable,
    ];
    expect(all.map((j) => judgeOn(j, stateless())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL when add answers the wrong sum', () => {
    expect(judgeOn(S.statelessToolsAnswer, answer(STEP.callAdd, 200, textResult(1, '-4'))).message).toBe(
      'Expected tools/call add {"a":19,"b":23} to return text "42", got ["-4"]',
    );
  });
  it('returns FAIL when the first request is refused until server/discover is called', () => {
    const r = judgeOn(S.firstRequestServed, answer(STEP.callAdd, 400, rpcError(1, -32600)));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [0] });
    expect(r.message).toContain('JSON-RPC error -32600');
  });
  it('returns FAIL when the first request was not the tools/call', () => {
    const exs = stateless();
    expect(judgeOn(S.firstRequestServed, [exs[1]!, exs[0]!]).verdict).toBe('fail');
  });
  it('returns FAIL when server/discover is a 404', () => {
    expect(judgeOn(S.discoverImplemented, answer(STEP.discover, 404, rpcError('discover-1', -32601))).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL when the DiscoverResult lacks supportedVersions', () => {
    const r = judgeOn(S.discoverImplemented, answer(STEP.discover, 200, result('discover-1', { capabilities: {} })));
    expect(r.message).toBe(
      'Expected a DiscoverResult with supportedVersions including 2026-07-28 and a capabilities object, got supportedVersions nothing, capabilities {}',
    );
  });
  it('returns FAIL when the DiscoverResult has no serverInfo', () => {
    const json = {
      jsonrpc: '2.0',
      id: 'discover-1',
      result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} },
    };
    expect(judgeOn(S.discoverServerInfo, answer(STEP.discover, 200, json)).verdict).toBe('fail');
    expect(judgeOn(S.resultServerInfo, answer(STEP.discover, 200, json))).toMatchObject({
      verdict: 'fail',
      evidence: [1],
    });
  });
  it('returns FAIL when a result lacks resultType', () => {
    const r = judgeOn(
      S.resultTypeEverywhere,
      answer(STEP.toolsList, 200, { jsonrpc: '2.0', id: 2, result: { tools: [] } }),
    );
    expect(r.message).toBe('Expected resultType in every result, got a tools/list result without it: {"tools":[]}');
  });
  it('returns FAIL for resultType and serverInfo when no result came at all', () => {
    const none = stateless().map((e) => ({ ...e, status: undefined }));
    expect(judgeOn(S.resultTypeEverywhere, none).verdict).toBe('fail');
    expect(judgeOn(S.resultServerInfo, none).verdict).toBe('fail');
  });
  it('returns FAIL when a request is answered text/plain', () => {
    const r = judgeOn(
      R.requestContentType,
      override(stateless(), { [STEP.toolsList]: { resHeaders: [['Content-Type', 'text/plain']] } }),
    );
    expect(r.message).toBe(
      'Expected Content-Type application/json or text/event-stream for tools/list, got "text/plain"',
    );
  });
  it('returns FAIL when an integer id comes back as a string', () => {
    expect(judgeOn(R.responseIdEchoed, answer(STEP.callAdd, 200, textResult('1', '42'))).message).toBe(
      'Expected result id 1 for tools/call, got "1"',
    );
  });
  it('returns FAIL when a foreign Origin is served', () => {
    expect(judgeOn(S.foreignOrigin403, answer(STEP.foreignOrigin, 200, result(5, { tools: [] }))).message).toContain(
      'Expected 403 for a POST with Origin: http://evil.example',
    );
  });
  it('returns FAIL when a version mismatch is served, and when it gets the wrong code', () => {
    expect(judgeOn(S.versionMismatch400, answer(STEP.versionMismatch, 200, result(6, { tools: [] }))).verdict).toBe(
      'fail',
    );
    const r = judgeOn(S.versionMismatch400, answer(STEP.versionMismatch, 400, rpcError(6, -32600)));
    expect(r.message).toBe(
      'Expected 400 with JSON-RPC error -32020 for MCP-Protocol-Version 2026-07-28 with _meta protocolVersion 2025-11-25, got status 400 with JSON-RPC error -32600',
    );
  });
  it('returns FAIL when an unsupported version gets -32022 without data.supported', () => {
    const r = judgeOn(S.versionUnsupported400, answer(STEP.versionUnsupported, 400, rpcError(7, -32022)));
    expect(r.message).toBe('Expected error data.supported listing 2026-07-28, got data nothing');
  });
  it('returns FAIL when an unsupported version gets -32600', () => {
    expect(judgeOn(S.versionUnsupported400, answer(STEP.versionUnsupported, 400, rpcError(7, -32600))).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL when a request without Mcp-Method is served', () => {
    expect(judgeOn(S.methodHeaderMissing400, answer(STEP.methodMissing, 200, result(9, { tools: [] }))).verdict).toBe(
      'fail',
    );
  });
  it('returns NOT-APPLICABLE when a request without MCP-Protocol-Version is served (the server supports such clients, shttp-277)', () => {
    expect(judgeOn(S.versionMissingRejected, answer(STEP.versionMissing, 200, result(8, { tools: [] }))).verdict).toBe(
      'not-applicable',
    );
  });
  it('returns FAIL when a request without MCP-Protocol-Version is rejected otherwise than 400 + -32020', () => {
    expect(judgeOn(S.versionMissingRejected, answer(STEP.versionMissing, 400, rpcError(8, -32600))).message).toBe(
      'Expected 400 with JSON-RPC error -32020 for a POST without MCP-Protocol-Version, got status 400 with JSON-RPC error -32600',
    );
  });
  it('judges -32602 (basic-380) and HTTP 400 (basic-381) of a request without clientCapabilities apart', () => {
    const on200 = answer(STEP.capabilitiesMissing, 200, rpcError(11, -32602));
    expect(judgeOn(S.capabilitiesMissing32602, on200).verdict).toBe('pass');
    expect(judgeOn(S.capabilitiesMissing400, on200).message).toMatch(/^Expected status 400 for the malformed request/);
    const wrongCode = answer(STEP.capabilitiesMissing, 400, rpcError(11, -32600));
    expect(judgeOn(S.capabilitiesMissing32602, wrongCode).verdict).toBe('fail');
    expect(judgeOn(S.capabilitiesMissing400, wrongCode).verdict).toBe('pass');
  });
  it('returns FAIL when an unknown method gets 200 with -32601', () => {
    expect(judgeOn(S.unknownMethod404, answer(STEP.unknownMethod, 200, rpcError(10, -32601))).message).toContain(
      'got status 200 with JSON-RPC error -32601',
    );
  });
  it('accepts an error without id for a missing clientCapabilities, and fails a wrong code', () => {
    expect(
      judgeOn(
        S.capabilitiesMissing32602,
        answer(STEP.capabilitiesMissing, 400, { jsonrpc: '2.0', error: { code: -32602, message: 'x' } }),
      ).verdict,
    ).toBe('pass');
    expect(
      judgeOn(S.capabilitiesMissing32602, answer(STEP.capabilitiesMissing, 400, rpcError(11, -32600))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when GET opens a stream, and when a session id is minted', () => {
    expect(
      judgeOn(S.legacyTrafficHandled, override(stateless(), { [STEP.get]: { status: 200, sse: [] } })).message,
    ).toBe('Expected 405 for GET, got status 200 without a response carrying the request id');
    const minted = override(stateless(), {
      [STEP.callAdd]: {
        resHeaders: [
          ['Content-Type', 'application/json'],
          ['Mcp-Session-Id', 's1'],
        ],
      },
    });
    expect(judgeOn(S.legacyTrafficHandled, minted)).toMatchObject({
      verdict: 'fail',
      evidence: [0],
      message: 'Expected no Mcp-Session-Id from a server without sessions, got "s1" on call-add',
    });
  });
  it('returns FAIL when the request carrying Mcp-Session-Id is refused', () => {
    expect(judgeOn(S.legacyTrafficHandled, answer(STEP.sessionIdIgnored, 400, rpcError(12, -32600))).verdict).toBe(
      'fail',
    );
  });
  it('returns FAIL when tools/list grows after a tools/call', () => {
    const grown = answer(
      STEP.toolsListAgain,
      200,
      result(4, {
        tools: [
          { name: 'add', inputSchema: {} },
          { name: 'echo', inputSchema: {} },
          { name: 'calls_2', inputSchema: {} },
        ],
      }),
    );
    expect(judgeOn(S.toolsListStable, grown).message).toBe(
      'Expected the same tools before and after tools/call, got ["add","echo"] then ["add","calls_2","echo"]',
    );
  });
  it('builds requests with _meta (fixture sanity)', () => {
    expect(post('x', rpc(1, 'tools/list'), 200, {}).reqHeaders).toEqual([
      ['MCP-Protocol-Version', '2026-07-28'],
      ['Mcp-Method', 'tools/list'],
    ]);
  });
});
