import { describe, expect, it } from 'vitest';
import { happyPath, LogBuilder, SECRET, runJudge } from './test-logs.ts';

const judge = runJudge;
const SLUG = 'lifecycle-unsupported-version-disconnect';
const v = (b: LogBuilder) => judge(SLUG, b).verdict;

/** First initialize answered 2024-11-05 on session `old`; `then` is what the client does next. */
function mismatch(then: (b: LogBuilder) => void): LogBuilder {
  const b = new LogBuilder();
  b.initialize({ version: '2024-11-05', session: 'old' });
  then(b);
  return b;
}
/** Connect again properly and finish the task on session `new`. */
const again = (b: LogBuilder) => {
  b.initialize({ id: 10, session: 'new' });
  b.initialized();
  b.call(11, 'get_secret', {}, SECRET);
  b.call(12, 'submit_answer', { answer: SECRET }, 'accepted');
};

describe('lifecycle-unsupported-version-disconnect (lifecycle-174)', () => {
  it('returns PASS when the client ends the session (or just leaves) and initializes again', () => {
    expect(v(mismatch((b) => (b.request('DELETE', b.headers('DELETE'), undefined, { status: 200 }), again(b))))).toBe(
      'pass',
    );
    expect(v(mismatch(again))).toBe('pass');
  });
  it('returns FAIL when the client goes on with the session it got the old version on', () => {
    const b = mismatch((x) => {
      x.initialized();
      x.call(2, 'get_secret', {}, SECRET);
    });
    expect(judge(SLUG, b).message).toContain('on that session');
    const late = mismatch((x) => {
      again(x);
      x.session = 'old';
      x.call(13, 'get_secret', {}, SECRET);
    });
    expect(v(late)).toBe('fail');
  });
  it('returns FAIL when a session-less client sends anything before its next initialize', () => {
    const b = new LogBuilder();
    b.initialize({ version: '2024-11-05' });
    b.initialized();
    expect(v(b)).toBe('fail');
  });
  it('returns PASS when, after a session was issued and ended, a new connection sends a session-less request first', () => {
    // The reading: "without a session" is the case where the server issued none. A new client's GET before its own
    // initialize is not on the old session (lifecycle-initialize-first judges it).
    const b = mismatch((x) => {
      x.request('DELETE', x.headers('DELETE'), undefined, { status: 200 });
      x.session = undefined;
      x.request('GET', [['Accept', 'text/event-stream']], undefined, { status: 405 });
      again(x);
    });
    expect(v(b)).toBe('pass');
  });
  it('returns NOT_APPLICABLE when every answer named a Streamable HTTP version, FAIL without any InitializeResult', () => {
    expect(v(happyPath())).toBe('not-applicable');
    expect(v(new LogBuilder())).toBe('fail');
  });
});
