import { describe, expect, it } from 'vitest';
import { happyPath, LogBuilder, runJudge } from './test-logs.ts';

const judge = runJudge;
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

/** The server-ping stream: a log notification, a request nobody serves (`u1`), a ping (`p1`); `replies` follow it. */
function chatter(...replies: unknown[]): LogBuilder {
  const b = new LogBuilder();
  b.initialize({ session: 'a' });
  b.call(
    2,
    'get_secret',
    {},
    {
      sse: [
        { id: 's-0', data: '' },
        { id: 's-1', data: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } } },
        { id: 's-2', data: { jsonrpc: '2.0', id: 'u1', method: 'mcpfs/unknown', params: {} } },
        { id: 's-3', data: { jsonrpc: '2.0', id: 'p1', method: 'ping' } },
      ],
    },
  );
  for (const r of replies) b.post(r);
  return b;
}
/** An error response; `NO_ID` leaves the id member out. */
const NO_ID = Symbol('no id');
const refusal = (error: unknown, id: unknown = 'u1') => ({ jsonrpc: '2.0', ...(id === NO_ID ? {} : { id }), error });
const NOT_FOUND = { code: -32601, message: 'Method not found' };
const PONG = { jsonrpc: '2.0', id: 'p1', result: {} };

describe('client error responses (basic-89, -90, -91)', () => {
  it('returns PASS when the unknown request is refused with its id, an integer code and a message', () => {
    const b = chatter(refusal(NOT_FOUND), PONG);
    for (const slug of ['jsonrpc-error-id-echoed', 'jsonrpc-error-has-code-and-message', 'jsonrpc-error-code-integer'])
      expect(v(slug, b), slug).toBe('pass');
  });
  it('returns FAIL for jsonrpc-error-id-echoed when the error has no id, id null, or an id the server never sent', () => {
    expect(judge('jsonrpc-error-id-echoed', chatter(refusal(NOT_FOUND, NO_ID), PONG)).message).toContain('no id');
    expect(v('jsonrpc-error-id-echoed', chatter(refusal(NOT_FOUND, null), PONG))).toBe('fail');
    expect(judge('jsonrpc-error-id-echoed', chatter(refusal(NOT_FOUND, 'u2'), PONG)).message).toContain('"u2"');
  });
  it('returns FAIL for jsonrpc-error-has-code-and-message without a message or a code', () => {
    expect(v('jsonrpc-error-has-code-and-message', chatter(refusal({ code: -32601 }), PONG))).toBe('fail');
    expect(v('jsonrpc-error-has-code-and-message', chatter(refusal({ message: 'no' }), PONG))).toBe('fail');
    expect(v('jsonrpc-error-has-code-and-message', chatter(refusal('boom'), PONG))).toBe('fail');
  });
  it('returns FAIL for jsonrpc-error-code-integer on a string or fractional code', () => {
    expect(v('jsonrpc-error-code-integer', chatter(refusal({ ...NOT_FOUND, code: '-32601' }), PONG))).toBe('fail');
    expect(v('jsonrpc-error-code-integer', chatter(refusal({ ...NOT_FOUND, code: -32601.5 }), PONG))).toBe('fail');
  });
  it('returns NOT_APPLICABLE when the client sent no error response', () => {
    for (const slug of [
      'jsonrpc-error-id-echoed',
      'jsonrpc-error-has-code-and-message',
      'jsonrpc-error-code-integer',
    ]) {
      expect(v(slug, chatter(PONG)), slug).toBe('not-applicable');
      expect(v(slug, happyPath()), slug).toBe('not-applicable');
    }
  });
});

describe('jsonrpc-no-response-to-notification (basic-96)', () => {
  it('returns PASS when only the two requests are answered', () => {
    expect(v('jsonrpc-no-response-to-notification', chatter(refusal(NOT_FOUND), PONG))).toBe('pass');
    expect(v('jsonrpc-no-response-to-notification', chatter(PONG))).toBe('pass');
  });
  it('returns FAIL when the notification is answered too (with or without an id)', () => {
    const b = chatter(refusal(NOT_FOUND, NO_ID), refusal(NOT_FOUND), PONG);
    expect(judge('jsonrpc-no-response-to-notification', b).message).toContain('3 responses for 2');
    expect(
      v('jsonrpc-no-response-to-notification', chatter({ jsonrpc: '2.0', id: null, result: {} }, PONG, PONG)),
    ).toBe('fail');
  });
  it('returns PASS when a request is answered with a wrong id (that is basic-69, not this rule)', () => {
    expect(v('jsonrpc-no-response-to-notification', chatter(refusal(NOT_FOUND, 'u1-x'), PONG))).toBe('pass');
  });
  it('returns NOT_APPLICABLE when the server sent no notification', () => {
    expect(v('jsonrpc-no-response-to-notification', happyPath())).toBe('not-applicable');
  });
});

describe('jsonrpc-response-same-id with a request only an error can answer', () => {
  it('judges the ping only: an unanswered mcpfs/unknown is not held against basic-69', () => {
    expect(v('jsonrpc-response-same-id', chatter(PONG))).toBe('pass');
    expect(v('jsonrpc-response-same-id', chatter(refusal(NOT_FOUND)))).toBe('fail');
  });
});
