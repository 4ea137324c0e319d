import { describe, expect, it } from 'vitest';
import { judgeOn, override, sessions } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { noRequestBeforeInitialized } from './sessions.ts';

const onEarlyGet = (data: unknown) => ({ [STEP.getBeforeInitialized]: { sse: [{ data }] } });

describe('251125-lifecycle-160: no requests but ping before initialized', () => {
  it('returns PASS when the early GET stream carried nothing', () => {
    expect(judgeOn(noRequestBeforeInitialized, sessions()).verdict).toBe('pass');
  });
  it('returns PASS when the early GET carried a ping and a log notification', () => {
    const exs = override(sessions(), {
      [STEP.getBeforeInitialized]: {
        sse: [
          { data: { jsonrpc: '2.0', id: 's1', method: 'ping' } },
          { data: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } } },
        ],
      },
    });
    expect(judgeOn(noRequestBeforeInitialized, exs).verdict).toBe('pass');
  });
  it('returns PASS when the server refused the early GET', () => {
    const r = judgeOn(
      noRequestBeforeInitialized,
      override(sessions(), { [STEP.getBeforeInitialized]: { status: 405, sse: undefined } }),
    );
    expect(r).toMatchObject({
      verdict: 'pass',
      message: 'the server sent no request before initialized (the early GET got status 405)',
    });
  });
  it('returns FAIL when the server asked for roots before initialized', () => {
    const r = judgeOn(
      noRequestBeforeInitialized,
      override(sessions(), onEarlyGet({ jsonrpc: '2.0', id: 'early-1', method: 'roots/list' })),
    );
    expect(r).toMatchObject({
      verdict: 'fail',
      message:
        'Expected no request but ping before initialized, got {"jsonrpc":"2.0","id":"early-1","method":"roots/list"} on get-before-initialized',
    });
  });
  it('returns FAIL "Not testable" when the early GET was not sent or got no answer', () => {
    expect(
      judgeOn(noRequestBeforeInitialized, override(sessions(), { [STEP.getBeforeInitialized]: null })).message,
    ).toBe('Not testable: expected an answer to the GET before initialized, got no such request was sent');
    const refused = override(sessions(), { [STEP.getBeforeInitialized]: { status: undefined, sse: undefined } });
    expect(judgeOn(noRequestBeforeInitialized, refused).verdict).toBe('fail');
  });
  it('returns FAIL "Not testable" when initialize got no result', () => {
    const r = judgeOn(noRequestBeforeInitialized, override(sessions(), { [STEP.initialize]: { status: undefined } }));
    expect(r.message).toMatch(/^Not testable: Expected a result for initialize, got no response/);
  });
});
