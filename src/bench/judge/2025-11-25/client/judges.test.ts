import { describe, expect, it } from 'vitest';
import { toExchanges } from '../../exchanges.ts';
import type { Judge, JudgeResult } from '../../types.ts';
import { strictOf } from '../../define.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import { happyPath, LogBuilder, POST_HEADERS, SECRET, toolResult } from './test-logs.ts';
import { judges } from './index.ts';

function judge(slug: string, b: LogBuilder): JudgeResult {
  const log = b.log();
  const j = judges[slug];
  if (!j) throw new Error(`no judge ${slug}`);
  const scenario = { id: 't', revision: '2025-11-25', role: 'client', checkpoints: [] } as unknown as Scenario;
  return j({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

describe('task-secret-submitted', () => {
  it('returns PASS when submit_answer carries the get_secret text and is accepted', () => {
    expect(v('task-secret-submitted', happyPath())).toBe('pass');
  });
  it('returns FAIL when the answer differs from the secret', () => {
    const b = new LogBuilder();
    b.initialize();
    b.call(2, 'get_secret', {}, SECRET);
    b.call(3, 'submit_answer', { answer: 'nope' }, 'wrong answer');
    expect(judge('task-secret-submitted', b).message).toContain('"nope"');
  });
  it('returns FAIL when the client never connected', () => {
    expect(v('task-secret-submitted', new LogBuilder())).toBe('fail');
  });
  it('returns FAIL when the right answer got a 404 and was never re-sent', () => {
    const b = new LogBuilder();
    b.initialize({ session: 'a' });
    b.call(2, 'get_secret', {}, SECRET);
    b.call(
      3,
      'submit_answer',
      { answer: SECRET },
      { status: 404, json: { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'gone' } } },
    );
    expect(v('task-secret-submitted', b)).toBe('fail');
  });
});

describe('lifecycle checkpoints', () => {
  it('returns PASS for initialize first, FAIL when tools/list comes first', () => {
    expect(v('lifecycle-initialize-first', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { json: toolResult(9, 'x') });
    happyPath(b);
    expect(judge('lifecycle-initialize-first', b).message).toContain('tools/list');
  });
  describe('lifecycle-initialize-first (contested: a refused 2026-07-28 probe before initialize)', () => {
    const on = (j: Judge, b: LogBuilder) => {
      const log = b.log();
      return j({
        log,
        exchanges: toExchanges(log),
        scenario: { id: 't', revision: '2025-11-25', role: 'client', checkpoints: [] } as unknown as Scenario,
        checkpoint: { slug: 'lifecycle-initialize-first', kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
      });
    };
    const lenient = judges['lifecycle-initialize-first']!;
    const strict = strictOf(lenient)!;
    const refusal = {
      status: 400,
      json: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request' } },
    };
    /** A dual-era client: server/discover (2026-07-28 header and _meta), refused with 400, then the 2025 handshake. */
    const probeThenInit = (b = new LogBuilder()) => {
      b.post(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'server/discover',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
        },
        refusal,
        [...POST_HEADERS, ['MCP-Protocol-Version', '2026-07-28']],
      );
      return happyPath(b);
    };
    it('the lenient reading passes a refused modern probe followed by initialize; the strict one fails it', () => {
      expect(on(lenient, probeThenInit())).toMatchObject({ verdict: 'pass', evidence: [0, 1] });
      expect(on(strict, probeThenInit())).toMatchObject({ verdict: 'fail', evidence: [0] });
    });
    it('a tools/call carrying only the 2026-07-28 _meta version is a probe too', () => {
      const b = new LogBuilder();
      b.post(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'tools/call',
          params: { name: 'x', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
        },
        refusal,
      );
      happyPath(b);
      expect(on(lenient, b).verdict).toBe('pass');
      expect(on(strict, b).verdict).toBe('fail');
    });
    it('both readings fail a GET before initialize', () => {
      const b = new LogBuilder();
      b.request('GET', b.headers('GET'), undefined, { status: 405 });
      happyPath(b);
      expect(on(lenient, b)).toMatchObject({ verdict: 'fail', evidence: [0] });
      expect(on(lenient, b).message).toContain('GET');
      expect(on(strict, b).verdict).toBe('fail');
    });
    it('both readings fail a GET between the probe and initialize, and a probe never followed by initialize', () => {
      const b = new LogBuilder();
      b.post({ jsonrpc: '2.0', id: 0, method: 'server/discover' }, refusal);
      b.request('GET', b.headers('GET'), undefined, { status: 405 });
      happyPath(b);
      expect(on(lenient, b)).toMatchObject({ verdict: 'fail', evidence: [1] });
      const alone = new LogBuilder();
      alone.post({ jsonrpc: '2.0', id: 0, method: 'server/discover' }, refusal);
      expect(on(lenient, alone).message).toContain('no initialize followed');
    });
    it('both readings fail a 2025 request before initialize, and a probe the server did not refuse', () => {
      const b = new LogBuilder();
      b.post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { json: toolResult(9, 'x') });
      happyPath(b);
      expect(on(lenient, b).verdict).toBe('fail');
      expect(on(strict, b).verdict).toBe('fail');
      const served = new LogBuilder();
      served.post(
        { jsonrpc: '2.0', id: 0, method: 'server/discover' },
        { json: { jsonrpc: '2.0', id: 0, result: {} } },
      );
      happyPath(served);
      expect(on(lenient, served).message).toContain('did not refuse');
    });
    it('both readings pass the happy path and fail an empty log', () => {
      expect(on(lenient, happyPath()).verdict).toBe('pass');
      expect(on(strict, happyPath()).verdict).toBe('pass');
      expect(on(lenient, new LogBuilder()).verdict).toBe('fail');
      expect(on(strict, new LogBuilder()).verdict).toBe('fail');
    });
  });
  it('returns FAIL when initialize lacks clientInfo', () => {
    expect(v('lifecycle-initialize-params', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize({ params: { protocolVersion: '2025-11-25', capabilities: {} } });
    expect(judge('lifecycle-initialize-params', b).message).toContain('clientInfo');
  });
  it('returns FAIL when initialize asks for an unpublished protocol version', () => {
    expect(v('lifecycle-initialize-version-supported', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize({
      params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'a', version: '1' } },
    });
    expect(v('lifecycle-initialize-version-supported', b)).toBe('fail');
  });
  it('returns FAIL when notifications/initialized never follows the InitializeResult', () => {
    expect(v('lifecycle-initialized-notification', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize();
    b.call(2, 'get_secret', {}, SECRET);
    expect(v('lifecycle-initialized-notification', b)).toBe('fail');
    expect(v('lifecycle-initialized-notification', new LogBuilder())).toBe('not-applicable');
  });
  it('returns FAIL when a request arrives while the initialize response is pending', () => {
    expect(v('lifecycle-no-request-before-initialize-result', happyPath())).toBe('pass');
    const b = new LogBuilder();
    const log = happyPath(b).log();
    // Move the get_secret request (x2) to before the initialize response was sent.
    const req = log.events.find((e) => e.type === 'request' && e.x === 2)!;
    const initResp = log.events.find((e) => e.type === 'response' && e.x === 0)!;
    req.t = initResp.t - 0.5;
    log.events.sort((a, c) => a.t - c.t);
    const r = judges['lifecycle-no-request-before-initialize-result']!({
      log,
      exchanges: toExchanges(log),
      scenario: {} as Scenario,
      checkpoint: {} as never,
    });
    expect(r.verdict).toBe('fail');
  });
});

describe('http header checkpoints', () => {
  it('returns FAIL when a POST has Accept */* only', () => {
    expect(v('http-post-accept-both', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize({
      headers: [
        ['Content-Type', 'application/json'],
        ['accept', '*/*'],
      ],
    });
    expect(judge('http-post-accept-both', b).message).toContain('*/*');
    expect(v('http-post-accept-both', new LogBuilder())).toBe('fail');
  });
  it('returns FAIL when a GET lacks text/event-stream in Accept, N/A without GET', () => {
    expect(v('http-get-accept-event-stream', happyPath())).toBe('not-applicable');
    const ok = happyPath();
    ok.request('GET', ok.headers('GET'), undefined, { status: 405 });
    expect(v('http-get-accept-event-stream', ok)).toBe('pass');
    const bad = happyPath();
    bad.request('GET', [['Accept', 'application/json']], undefined, { status: 405 });
    expect(v('http-get-accept-event-stream', bad)).toBe('fail');
  });
  it('returns FAIL when a request after initialize lacks MCP-Protocol-Version', () => {
    expect(v('http-protocol-version-header', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize();
    b.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, [...POST_HEADERS]);
    expect(v('http-protocol-version-header', b)).toBe('fail');
    expect(v('http-protocol-version-header', new LogBuilder())).toBe('not-applicable');
  });
  it('returns FAIL when MCP-Protocol-Version differs from the negotiated older version', () => {
    const ok = new LogBuilder();
    ok.initialize({ version: '2025-06-18' });
    ok.initialized();
    expect(v('http-protocol-version-negotiated', ok)).toBe('pass');
    const bad = new LogBuilder();
    bad.initialize({ version: '2025-06-18' });
    bad.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, [
      ...POST_HEADERS,
      ['MCP-Protocol-Version', '2025-11-25'],
    ]);
    expect(judge('http-protocol-version-negotiated', bad).message).toContain('"2025-06-18"');
  });
});

describe('JSON-RPC id checkpoints', () => {
  it('returns FAIL when a request has id null', () => {
    expect(v('jsonrpc-request-id-not-null', happyPath())).toBe('pass');
    const b = happyPath();
    b.post({ jsonrpc: '2.0', id: null, method: 'ping' }, { json: { jsonrpc: '2.0', id: null, result: {} } });
    expect(v('jsonrpc-request-id-not-null', b)).toBe('fail');
  });
  it('returns FAIL when a request id is reused in one session, PASS across sessions', () => {
    expect(v('jsonrpc-request-id-unique', happyPath())).toBe('pass');
    const b = happyPath();
    b.post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { json: { jsonrpc: '2.0', id: 2, result: {} } });
    expect(judge('jsonrpc-request-id-unique', b).message).toContain('id 2 reused');
    const two = new LogBuilder();
    two.initialize({ session: 'a' });
    two.initialize({ session: 'b' });
    expect(v('jsonrpc-request-id-unique', two)).toBe('pass');
  });
  it('returns FAIL when the server ping is answered with another id, N/A without server requests', () => {
    const stream = (b: LogBuilder) =>
      b.call(
        2,
        'get_secret',
        {},
        {
          sse: [
            { id: 's-0', data: '' },
            { id: 's-1', data: { jsonrpc: '2.0', id: 'p1', method: 'ping' } },
          ],
        },
      );
    const ok = new LogBuilder();
    ok.initialize({ session: 'a' });
    stream(ok);
    ok.post({ jsonrpc: '2.0', id: 'p1', result: {} });
    expect(v('jsonrpc-response-same-id', ok)).toBe('pass');
    const bad = new LogBuilder();
    bad.initialize({ session: 'a' });
    stream(bad);
    bad.post({ jsonrpc: '2.0', id: 'p1-x', result: {} });
    expect(judge('jsonrpc-response-same-id', bad).message).toContain('"p1-x"');
    expect(v('jsonrpc-response-same-id', happyPath())).toBe('not-applicable');
  });
});

function expiring(b: LogBuilder, reinit: 'clean' | 'with-session' | 'none'): LogBuilder {
  b.initialize({ session: 'a' });
  b.initialized();
  b.call(2, 'get_secret', {}, SECRET);
  b.call(
    3,
    'submit_answer',
    { answer: SECRET },
    { status: 404, json: { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'gone' } } },
  );
  if (reinit === 'none') return b;
  b.initialize({
    id: 4,
    session: 'b',
    headers: reinit === 'clean' ? [...POST_HEADERS] : [...POST_HEADERS, ['MCP-Session-Id', 'a']],
  });
  b.initialized();
  b.call(5, 'submit_answer', { answer: SECRET }, 'accepted');
  return b;
}

describe('session checkpoints', () => {
  it('returns FAIL when a request omits the issued MCP-Session-Id, N/A without sessions', () => {
    expect(v('session-id-echoed', expiring(new LogBuilder(), 'clean'))).toBe('pass');
    const b = new LogBuilder();
    b.initialize({ session: 'a' });
    b.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, [
      ...POST_HEADERS,
      ['MCP-Protocol-Version', '2025-11-25'],
    ]);
    expect(v('session-id-echoed', b)).toBe('fail');
    expect(v('session-id-echoed', happyPath())).toBe('not-applicable');
  });
  it('returns FAIL when 404 is not followed by a clean initialize', () => {
    expect(v('session-reinitialize-after-404', expiring(new LogBuilder(), 'clean'))).toBe('pass');
    expect(v('session-reinitialize-after-404', expiring(new LogBuilder(), 'none'))).toBe('fail');
    expect(judge('session-reinitialize-after-404', expiring(new LogBuilder(), 'with-session')).message).toContain(
      'still carries',
    );
    expect(v('session-reinitialize-after-404', happyPath())).toBe('not-applicable');
  });
  it('returns FAIL when the live session is never DELETEd', () => {
    const b = expiring(new LogBuilder(), 'clean');
    expect(v('session-delete-on-exit', b)).toBe('fail');
    b.request('DELETE', b.headers('DELETE'), undefined, { status: 200 });
    expect(v('session-delete-on-exit', b)).toBe('pass');
    expect(v('session-delete-on-exit', expiring(new LogBuilder(), 'none'))).toBe('not-applicable');
  });
});

/** get_token (JSON), get_secret (SSE cut after retry), then optionally the resume GET and submit. */
function resumable(opts: { waitMs: number; lastEventId?: string | null; resume: boolean }): LogBuilder {
  const b = new LogBuilder();
  b.initialize({ session: 'a' });
  b.initialized();
  b.call(2, 'get_token', {}, 'TOKEN-123');
  b.call(3, 'get_secret', { token: 'TOKEN-123' }, { sse: [{ id: 's1-0', retry: 300, data: '' }], end: 'aborted' });
  if (!opts.resume) return b;
  b.wait(opts.waitMs);
  const extra: [string, string][] = opts.lastEventId === null ? [] : [['Last-Event-ID', opts.lastEventId ?? 's1-0']];
  b.request('GET', b.headers('GET', extra), undefined, { sse: [{ id: 's1-1', data: toolResult(3, SECRET) }] });
  b.call(4, 'submit_answer', { answer: SECRET }, 'accepted');
  return b;
}

describe('SSE checkpoints', () => {
  it('returns FAIL when the client never reconnects after the cut', () => {
    expect(v('sse-reconnect-after-cut', resumable({ waitMs: 400, resume: true }))).toBe('pass');
    expect(v('sse-reconnect-after-cut', resumable({ waitMs: 0, resume: false }))).toBe('fail');
    expect(v('sse-reconnect-after-cut', happyPath())).toBe('not-applicable');
  });
  it('returns PASS when JSON and SSE values are both used, FAIL when the SSE value never is', () => {
    expect(v('sse-json-and-sse-handled', resumable({ waitMs: 400, resume: true }))).toBe('pass');
    expect(judge('sse-json-and-sse-handled', resumable({ waitMs: 0, resume: false })).message).toContain(
      'SSE-answered',
    );
    expect(v('sse-json-and-sse-handled', happyPath())).toBe('not-applicable');
  });
  it('returns FAIL when the client reconnects before retry elapsed', () => {
    expect(v('sse-retry-respected', resumable({ waitMs: 400, resume: true }))).toBe('pass');
    expect(judge('sse-retry-respected', resumable({ waitMs: 10, resume: true })).message).toContain('retry was 300 ms');
    expect(v('sse-retry-respected', resumable({ waitMs: 0, resume: false }))).toBe('not-applicable');
  });
  it('returns FAIL when the resume GET lacks Last-Event-ID or uses a stale one', () => {
    expect(v('sse-resume-with-last-event-id', resumable({ waitMs: 400, resume: true }))).toBe('pass');
    expect(v('sse-resume-with-last-event-id', resumable({ waitMs: 400, resume: true, lastEventId: null }))).toBe(
      'fail',
    );
    expect(v('sse-resume-with-last-event-id', resumable({ waitMs: 400, resume: true, lastEventId: 'zz' }))).toBe(
      'fail',
    );
    expect(v('sse-resume-with-last-event-id', happyPath())).toBe('not-applicable');
  });
});

describe('message shape checkpoints', () => {
  it('returns FAIL when a request id is a float', () => {
    expect(v('jsonrpc-request-id-type', happyPath())).toBe('pass');
    const b = happyPath();
    b.post({ jsonrpc: '2.0', id: 1.5, method: 'ping' }, { json: { jsonrpc: '2.0', id: 1.5, result: {} } });
    expect(judge('jsonrpc-request-id-type', b).message).toContain('1.5');
  });
  it('returns FAIL when a POST body is a batch', () => {
    expect(v('http-post-single-message', happyPath())).toBe('pass');
    const b = happyPath();
    b.post([{ jsonrpc: '2.0', method: 'notifications/initialized' }], { status: 400 });
    expect(judge('http-post-single-message', b).message).toContain('batch');
    expect(v('http-post-single-message', new LogBuilder())).toBe('fail');
  });
  it('judges lifecycle-protocol-version-header like http-protocol-version-header', () => {
    const b = new LogBuilder();
    b.initialize();
    b.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, [...POST_HEADERS]);
    expect(v('lifecycle-protocol-version-header', b)).toBe('fail');
    expect(v('lifecycle-protocol-version-header', happyPath())).toBe('pass');
  });
});

describe('capability and response-shape checkpoints', () => {
  it('returns FAIL when the client calls prompts/list although only tools were declared', () => {
    expect(v('lifecycle-only-negotiated-capabilities', happyPath())).toBe('pass');
    const b = happyPath();
    b.post(
      { jsonrpc: '2.0', id: 9, method: 'prompts/list' },
      { json: { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'no' } } },
    );
    expect(judge('lifecycle-only-negotiated-capabilities', b).message).toContain('"prompts"');
    expect(v('lifecycle-only-negotiated-capabilities', new LogBuilder())).toBe('not-applicable');
  });
  it('returns FAIL when the reply to a server ping has no result field', () => {
    const ok = new LogBuilder();
    ok.initialize({ session: 'a' });
    ok.post({ jsonrpc: '2.0', id: 'p1', result: {} });
    expect(v('jsonrpc-response-has-result', ok)).toBe('pass');
    const bad = new LogBuilder();
    bad.initialize({ session: 'a' });
    bad.post({ jsonrpc: '2.0', id: 'p1' });
    expect(v('jsonrpc-response-has-result', bad)).toBe('fail');
    expect(v('jsonrpc-response-has-result', happyPath())).toBe('not-applicable');
  });
});

describe('POST-to-endpoint checkpoints', () => {
  it('returns FAIL when a JSON-RPC message is sent with PUT', () => {
    expect(v('http-messages-by-post', happyPath())).toBe('pass');
    const b = happyPath();
    b.request('PUT', b.headers('POST'), { jsonrpc: '2.0', method: 'notifications/initialized' }, { status: 405 });
    expect(judge('http-messages-by-post', b).message).toContain('PUT');
    expect(v('http-messages-by-post', new LogBuilder())).toBe('fail');
  });
  it('returns FAIL when a JSON-RPC message goes to another path', () => {
    expect(v('http-messages-to-endpoint', happyPath())).toBe('pass');
    const b = happyPath();
    const x = b.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { status: 404 });
    const ev = b.events.find((e) => e.type === 'request' && e.x === x)!;
    if (ev.type === 'request') ev.path = '/mcp/notify';
    expect(judge('http-messages-to-endpoint', b).message).toContain('/mcp/notify');
    expect(v('http-messages-to-endpoint', new LogBuilder())).toBe('not-applicable');
  });
});

describe('version and notification-id checkpoints', () => {
  it('returns PASS when initialize asks for 2025-11-25, FAIL for an older supported version', () => {
    expect(v('lifecycle-initialize-version-latest', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize({
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'a', version: '1' } },
    });
    expect(judge('lifecycle-initialize-version-latest', b).message).toContain('"2025-06-18"');
    expect(v('lifecycle-initialize-version-latest', new LogBuilder())).toBe('fail');
  });
  it('returns FAIL when a notification carries an id (null included), N/A without notifications', () => {
    expect(v('jsonrpc-notification-no-id', happyPath())).toBe('pass');
    const b = new LogBuilder();
    b.initialize();
    b.post({ jsonrpc: '2.0', id: 2, method: 'notifications/initialized' });
    expect(judge('jsonrpc-notification-no-id', b).message).toContain('notifications/initialized');
    const n = new LogBuilder();
    n.initialize();
    n.post({ jsonrpc: '2.0', id: null, method: 'notifications/initialized' });
    expect(v('jsonrpc-notification-no-id', n)).toBe('fail');
    const none = new LogBuilder();
    none.initialize();
    expect(v('jsonrpc-notification-no-id', none)).toBe('not-applicable');
  });
});

describe('judges are deterministic', () => {
  it('returns identical results for the same log', () => {
    const b = resumable({ waitMs: 400, resume: true });
    for (const slug of Object.keys(judges)) expect(judge(slug, b)).toEqual(judge(slug, b));
  });
});
