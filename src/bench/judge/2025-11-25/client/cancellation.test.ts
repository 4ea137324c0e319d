import { describe, expect, it } from 'vitest';
import { happyPath, LogBuilder, SECRET, runJudge } from './test-logs.ts';

const judge = runJudge;
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

const cancel = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason: 'timeout' },
});

/**
 * The slow-server run: initialize (id 1), get_secret id 2 left unanswered (only the priming event), then `between`
 * (what the client does at its timeout), the hung stream ending `how`, then the retry (id 3) and submit_answer (id 4).
 */
function slow(opts: { between?: (b: LogBuilder) => void; how?: 'reset' | 'complete'; retryFirst?: boolean } = {}) {
  const b = new LogBuilder();
  b.initialize({ session: 'a' });
  b.initialized();
  const hung = b.call(2, 'get_secret', {}, { sse: [{ id: 'hang-0', data: '' }] });
  // The builder ends every exchange at once; move the hung one's end to where the scenario puts it.
  const end = b.events.findIndex((e) => e.type === 'end' && e.x === hung);
  const [endEvent] = b.events.splice(end, 1);
  b.wait(2000);
  opts.between?.(b);
  const place = () => {
    if (endEvent?.type !== 'end') return;
    b.wait(10);
    b.events.push({ ...endEvent, t: b.events.at(-1)!.t + 1, reason: opts.how ?? 'reset' });
    b.wait(10);
  };
  if (!opts.retryFirst) place();
  b.call(3, 'get_secret', {}, SECRET);
  if (opts.retryFirst) place();
  b.call(4, 'submit_answer', { answer: SECRET }, 'accepted');
  return b;
}
const cancelled = (b: LogBuilder) => b.post(cancel(2));

describe('lifecycle-timeout-cancel-stop-waiting (lifecycle-249)', () => {
  it('returns PASS when the hung call is cancelled and its connection dropped, or the retry goes out while it is open', () => {
    expect(v('lifecycle-timeout-cancel-stop-waiting', slow({ between: cancelled }))).toBe('pass');
    expect(
      v('lifecycle-timeout-cancel-stop-waiting', slow({ between: cancelled, how: 'complete', retryFirst: true })),
    ).toBe('pass');
  });
  it('returns FAIL without a cancellation, with one naming another id, or when the client waited for the server to end it', () => {
    expect(judge('lifecycle-timeout-cancel-stop-waiting', slow()).message).toContain('never cancelled');
    expect(v('lifecycle-timeout-cancel-stop-waiting', slow({ between: (b) => b.post(cancel('2')) }))).toBe('fail');
    expect(
      judge('lifecycle-timeout-cancel-stop-waiting', slow({ between: cancelled, how: 'complete' })).message,
    ).toContain('kept waiting');
  });
  it('returns FAIL when no call went unanswered (nothing was called, or everything answered)', () => {
    expect(v('lifecycle-timeout-cancel-stop-waiting', new LogBuilder())).toBe('fail');
    expect(v('lifecycle-timeout-cancel-stop-waiting', happyPath())).toBe('fail');
  });
});

describe('transports-cancel-by-notification (transports-129)', () => {
  it('returns PASS when the abandoned call was cancelled', () => {
    expect(v('transports-cancel-by-notification', slow({ between: cancelled }))).toBe('pass');
  });
  it('returns FAIL when the client dropped the call or moved on without a cancellation', () => {
    expect(judge('transports-cancel-by-notification', slow()).message).toContain('closed the connection');
    expect(v('transports-cancel-by-notification', slow({ how: 'complete', retryFirst: true }))).toBe('fail');
  });
  it('returns NOT_APPLICABLE when the client waited until the server ended the call, or nothing hung', () => {
    expect(v('transports-cancel-by-notification', slow({ how: 'complete' }))).toBe('not-applicable');
    expect(v('transports-cancel-by-notification', happyPath())).toBe('not-applicable');
  });
});

describe('cancellation-in-flight-request-only and cancellation-not-initialize (cancellation-32, -35)', () => {
  it('returns PASS for a cancellation of the unanswered call', () => {
    for (const slug of ['cancellation-in-flight-request-only', 'cancellation-not-initialize'])
      expect(v(slug, slow({ between: cancelled })), slug).toBe('pass');
  });
  it('returns FAIL for cancelling an answered request, an unknown id, or a server request id', () => {
    const answered = slow({ between: cancelled });
    answered.wait(300);
    answered.post(cancel(3));
    expect(judge('cancellation-in-flight-request-only', answered).message).toContain('answered');
    expect(v('cancellation-not-initialize', answered)).toBe('pass');
    expect(v('cancellation-in-flight-request-only', slow({ between: (b) => b.post(cancel(99)) }))).toBe('fail');
    const ping = new LogBuilder();
    ping.initialize({ session: 'a' });
    ping.call(2, 'get_secret', {}, { sse: [{ id: 's-1', data: { jsonrpc: '2.0', id: 'p1', method: 'ping' } }] });
    ping.post(cancel('p1'));
    expect(v('cancellation-in-flight-request-only', ping)).toBe('fail');
  });
  it('does not hold a cancellation against the client when the answer was sent just before it', () => {
    const b = new LogBuilder();
    b.initialize({ session: 'a' });
    b.call(2, 'get_secret', {}, SECRET);
    b.post(cancel(2));
    expect(v('cancellation-in-flight-request-only', b)).toBe('pass');
  });
  it('returns FAIL for cancellation-not-initialize when the initialize is cancelled', () => {
    const b = new LogBuilder();
    b.initialize({ session: 'a' });
    b.post(cancel(1));
    expect(judge('cancellation-not-initialize', b).message).toContain('initialize');
  });
  it('returns NOT_APPLICABLE without cancellations', () => {
    for (const slug of ['cancellation-in-flight-request-only', 'cancellation-not-initialize'])
      expect(v(slug, happyPath()), slug).toBe('not-applicable');
  });
});
