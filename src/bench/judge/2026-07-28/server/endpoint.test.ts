import { describe, expect, it } from 'vitest';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judgeOn, override, rpcError, stateless } from './test-logs.ts';
import * as E from './endpoint.ts';
import * as S from './stateless.ts';

const ACK = { jsonrpc: '2.0', id: 'ack', result: { resultType: 'complete' } };

describe('2026-07-28 endpoint, notification and initialize judges', () => {
  it('returns PASS for each on a conformant log', () => {
    const all = Object.values(E).map((j) => judgeOn(j, stateless()));
    expect(all.filter((r) => r.verdict !== 'pass')).toEqual([]);
  });

  it('returns FAIL for endpoint-serves-post on a redirect or a bare 404, PASS on the unknown method 404 and on refusals of broken messages', () => {
    const moved = override(stateless(), {
      [STEP.callAdd]: { status: 307, resHeaders: [['Location', '/mcp/rpc']], json: undefined },
    });
    expect(judgeOn(E.endpointServesPost, moved).message).toBe(
      'Expected POST /mcp to be served at the endpoint, got status 307 (Location "/mcp/rpc")',
    );
    const gone = override(stateless(), { [STEP.discover]: { status: 404, json: undefined, text: 'Not Found' } });
    expect(judgeOn(E.endpointServesPost, gone).verdict).toBe('fail');
    const refused = override(stateless(), {
      [STEP.notificationMalformed]: { status: 404, json: undefined },
      [STEP.initializeLegacy]: { status: 404, json: undefined },
    });
    expect(judgeOn(E.endpointServesPost, refused).verdict).toBe('pass');
  });

  it('returns FAIL for notification-accepted-202-empty on 200 or a body, NOT-APPLICABLE when both are refused', () => {
    const ok200 = override(stateless(), { [STEP.notificationDefined]: { status: 200 } });
    expect(judgeOn(E.notificationAccepted202, ok200).message).toBe(
      'Expected the accepted notification (notification-defined) to get 202 with no body, got status 200 with no body',
    );
    const body = override(stateless(), { [STEP.notificationDefined]: { status: 202, json: ACK } });
    expect(judgeOn(E.notificationAccepted202, body).verdict).toBe('fail');
    const refused = override(stateless(), { [STEP.notificationDefined]: { status: 400 } });
    expect(judgeOn(E.notificationAccepted202, refused).verdict).toBe('not-applicable');
  });

  it('returns FAIL for notification-refused-error-status on a 200 or a 3xx, PASS when the malformed one is accepted', () => {
    const ok200 = override(stateless(), { [STEP.notificationMalformed]: { status: 200, json: undefined } });
    expect(judgeOn(E.notificationRefusedError, ok200).message).toBe(
      'Expected the notification notification-malformed to get 202 (accepted) or an error status, got status 200',
    );
    const lenient = override(stateless(), { [STEP.notificationMalformed]: { status: 202, json: undefined } });
    expect(judgeOn(E.notificationRefusedError, lenient).verdict).toBe('pass');
    expect(
      judgeOn(E.notificationRefusedError, override(stateless(), { [STEP.notificationDefined]: null })).verdict,
    ).toBe('fail');
  });

  it('returns FAIL for notification-no-response on a result, or an error with an id, PASS on the id-less or null-id refusal', () => {
    const body = override(stateless(), { [STEP.notificationDefined]: { status: 202, json: ACK } });
    expect(judgeOn(E.notificationNoResponse, body).message).toMatch(
      /^Expected no JSON-RPC response to the notification notification-defined, got /,
    );
    const withId = override(stateless(), { [STEP.notificationMalformed]: { status: 400, json: rpcError(1, -32600) } });
    expect(judgeOn(E.notificationNoResponse, withId).verdict).toBe('fail');
    const nullId = override(stateless(), {
      [STEP.notificationMalformed]: { status: 400, json: rpcError(null, -32600) },
    });
    expect(judgeOn(E.notificationNoResponse, nullId).verdict).toBe('pass');
  });

  it('returns FAIL for initialize-error-names-versions on a bare HeaderMismatch, NOT-APPLICABLE on a result', () => {
    const mismatch = override(stateless(), { [STEP.initializeLegacy]: { status: 400, json: rpcError(13, -32020) } });
    expect(judgeOn(E.initializeErrorNamesVersions, mismatch).message).toMatch(
      /^Expected the error to initialize to name the supported version 2026-07-28, got status 400 with /,
    );
    const named = override(stateless(), {
      [STEP.initializeLegacy]: {
        status: 400,
        json: { jsonrpc: '2.0', id: 13, error: { code: -32600, message: 'only 2026-07-28 is supported' } },
      },
    });
    expect(judgeOn(E.initializeErrorNamesVersions, named).verdict).toBe('pass');
    const served = override(stateless(), {
      [STEP.initializeLegacy]: {
        status: 200,
        json: { jsonrpc: '2.0', id: 13, result: { protocolVersion: '2025-11-25' } },
      },
    });
    expect(judgeOn(E.initializeErrorNamesVersions, served).verdict).toBe('not-applicable');
    const bare = override(stateless(), { [STEP.initializeLegacy]: { status: 400, json: undefined } });
    expect(judgeOn(E.initializeErrorNamesVersions, bare).verdict).toBe('fail');
  });

  it('leaves a dual-era answer to the 2025 initialize out of the 2026 result and session rules', () => {
    const dual = override(stateless(), {
      [STEP.initializeLegacy]: {
        status: 200,
        resHeaders: [
          ['Content-Type', 'application/json'],
          ['Mcp-Session-Id', 'legacy-1'],
        ],
        json: { jsonrpc: '2.0', id: 13, result: { protocolVersion: '2025-11-25', capabilities: {} } },
      },
    });
    for (const j of [S.resultTypeEverywhere, S.resultServerInfo, S.legacyTrafficHandled])
      expect(judgeOn(j, dual).verdict).toBe('pass');
    const minted = override(dual, {
      [STEP.callAdd]: {
        resHeaders: [
          ['Content-Type', 'application/json'],
          ['Mcp-Session-Id', 's-1'],
        ],
      },
    });
    expect(judgeOn(S.legacyTrafficHandled, minted).verdict).toBe('fail');
  });
});
