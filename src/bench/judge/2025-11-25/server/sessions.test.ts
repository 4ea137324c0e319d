import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, sessions } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  missingSessionIdReturns400,
  sessionIdAssigned,
  sessionIdsDistinct,
  sessionIdVisibleAscii,
  terminatedSessionReturns404,
} from './sessions.ts';

/** The same log from a server that issues no session id. */
const stateless = () =>
  override(sessions(), {
    [STEP.initialize]: {
      resHeaders: [['Content-Type', 'application/json']],
      json: result(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} } }),
    },
    [STEP.initializeB]: { resHeaders: [['Content-Type', 'application/json']] },
  });

describe('session judges', () => {
  it('returns PASS when session ids are visible ASCII', () => {
    expect(judgeOn(sessionIdVisibleAscii, sessions())).toMatchObject({ verdict: 'pass', evidence: [0, 5] });
  });
  it('returns FAIL when a session id contains a space', () => {
    const r = judgeOn(
      sessionIdVisibleAscii,
      override(sessions(), { [STEP.initializeB]: { resHeaders: [['MCP-Session-Id', 'a b']] } }),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      evidence: [5],
      message: 'Expected a session id of visible ASCII (0x21-0x7E), got "a b"',
    });
  });
  it('returns NOT-APPLICABLE when no session id is issued', () => {
    expect(judgeOn(sessionIdVisibleAscii, stateless()).verdict).toBe('not-applicable');
  });
  it('returns PASS when a request without MCP-Session-Id gets 400', () => {
    expect(judgeOn(missingSessionIdReturns400, sessions()).verdict).toBe('pass');
  });
  it('returns FAIL when a request without MCP-Session-Id is refused with another status than 400', () => {
    const r = judgeOn(missingSessionIdReturns400, override(sessions(), { [STEP.noSessionId]: { status: 404 } }));
    expect(r.message).toBe('Expected 400 for a request without MCP-Session-Id, got status 404');
  });
  it('returns FAIL when a request without MCP-Session-Id gets 2xx without a result (not served, not 400)', () => {
    expect(
      judgeOn(
        missingSessionIdReturns400,
        override(sessions(), { [STEP.noSessionId]: { status: 200, json: undefined } }),
      ).verdict,
    ).toBe('fail');
  });
  it('returns NOT-APPLICABLE when a request without MCP-Session-Id is served: the server does not require one', () => {
    const r = judgeOn(
      missingSessionIdReturns400,
      override(sessions(), { [STEP.noSessionId]: { status: 200, json: result(4, { tools: [] }) } }),
    );
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message:
        'a request without MCP-Session-Id was served (status 200 with a result), so the server does not require one',
    });
  });
  it('returns NOT-APPLICABLE for the missing-id check when the server issues no session id', () => {
    expect(judgeOn(missingSessionIdReturns400, stateless()).verdict).toBe('not-applicable');
  });
  it('returns PASS when the terminated session gets 404', () => {
    expect(judgeOn(terminatedSessionReturns404, sessions())).toMatchObject({ verdict: 'pass', evidence: [9, 10] });
  });
  it('returns FAIL when the terminated session gets 400', () => {
    expect(
      judgeOn(terminatedSessionReturns404, override(sessions(), { [STEP.afterDelete]: { status: 400 } })).message,
    ).toBe('Expected 404 after DELETE, got status 400');
  });
  it('returns NOT-APPLICABLE when DELETE is answered 405', () => {
    const r = judgeOn(terminatedSessionReturns404, override(sessions(), { [STEP.deleteSession]: { status: 405 } }));
    expect(r).toMatchObject({
      verdict: 'not-applicable',
      message: 'the server did not terminate the session: DELETE got status 405',
    });
  });
  it('returns PASS when two sessions get distinct ids', () => {
    expect(judgeOn(sessionIdsDistinct, sessions())).toMatchObject({ verdict: 'pass', evidence: [0, 5] });
  });
  it('returns FAIL when two sessions get the same id', () => {
    const r = judgeOn(
      sessionIdsDistinct,
      override(sessions(), { [STEP.initializeB]: { resHeaders: [['MCP-Session-Id', 'sid-A']] } }),
    );
    expect(r.message).toBe('Expected distinct session ids for two sessions, got "sid-A" twice');
  });
  it('returns NOT-APPLICABLE for distinct ids when no session id is issued', () => {
    expect(judgeOn(sessionIdsDistinct, stateless()).verdict).toBe('not-applicable');
  });
});

describe('session id assigned at initialization (251125-transports-198, MAY)', () => {
  it('returns PASS when the InitializeResult came with MCP-Session-Id', () => {
    expect(judgeOn(sessionIdAssigned, sessions())).toMatchObject({
      verdict: 'pass',
      evidence: [0],
      message: 'the InitializeResult came with MCP-Session-Id "sid-A"',
    });
  });
  it('returns FAIL when the InitializeResult came without one', () => {
    expect(judgeOn(sessionIdAssigned, stateless())).toMatchObject({
      verdict: 'fail',
      evidence: [0],
      message: 'Expected an MCP-Session-Id header on the response carrying the InitializeResult, got none',
    });
  });
  it('returns FAIL when initialize got no answer', () => {
    const r = judgeOn(sessionIdAssigned, override(sessions(), { [STEP.initialize]: { status: undefined } }));
    expect(r).toMatchObject({
      verdict: 'fail',
      message: 'Expected a result for initialize, got no response (ECONNREFUSED)',
    });
  });
});
