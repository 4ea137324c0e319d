import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../schema/scenario.ts';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import { call, goodHeaders, LogBuilder, ok, request, rpcError, SECRET, textResult } from './test-logs.ts';
import { judges } from './index.ts';

type Tool = Scenario['tools'][number];
const tool = (name: string, properties: Record<string, unknown>): Tool => ({
  name,
  description: 'd',
  inputSchema: { type: 'object', properties },
});

function judge(slug: string, b: LogBuilder, tools: Tool[] = []): JudgeResult {
  const log = b.log();
  const scenario = { id: 't', revision: '2026-07-28', role: 'client', tools, checkpoints: [] } as unknown as Scenario;
  return judges[slug]!({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
const v = (slug: string, b: LogBuilder, tools?: Tool[]) => judge(slug, b, tools).verdict;

/** Rewrite an event of exchange `x` in place (the builder only makes well-formed, completed exchanges). */
function patch(b: LogBuilder, x: number, type: string, f: (e: Record<string, unknown>) => void): void {
  const ev = b.events.find((e) => e.type === type && 'x' in e && e.x === x);
  if (ev) f(ev as unknown as Record<string, unknown>);
}

describe('x-mcp-header constraint checkpoint (shttp-402)', () => {
  const decoys = [
    tool('get_secret_eu', { region: { type: 'string', 'x-mcp-header': '' } }),
    tool('get_secret_us', { region: { type: 'string', 'x-mcp-header': 'Re gion' } }),
    tool('get_secret_zoned', {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      zone: { type: 'string', 'x-mcp-header': 'REGION' },
    }),
    tool('get_secret_multi', { regions: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Region' } } }),
  ];
  const fast = tool('get_secret_fast', { budget: { type: 'number', 'x-mcp-header': 'Budget' } });
  const tools = [tool('get_secret', { region: { type: 'string', 'x-mcp-header': 'Region' } }), fast, ...decoys];

  it('returns PASS for tools-annotation-constraints-enforced when only valid tools are called', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, textResult(1, SECRET));
    expect(judge('tools-annotation-constraints-enforced', b, tools).message).toContain('4 tool(s)');
  });

  it('returns FAIL for tools-annotation-constraints-enforced for each decoy called, and when no tool is called', () => {
    for (const d of decoys) {
      const b = new LogBuilder();
      call(b, 1, d.name, {}, textResult(1, 'not available', true));
      call(b, 2, 'get_secret', {}, textResult(2, SECRET));
      expect(judge('tools-annotation-constraints-enforced', b, tools).message).toContain(d.name);
    }
    expect(v('tools-annotation-constraints-enforced', new LogBuilder(), tools)).toBe('fail');
  });

  it('returns PASS for tools-annotation-constraints-enforced when only the type-rule tool is called (-403 judges that)', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret_fast', {}, textResult(1, 'not available', true));
    expect(v('tools-annotation-constraints-enforced', b, tools)).toBe('pass');
    expect(v('tools-invalid-definition-excluded', b, tools)).toBe('fail');
  });
});

describe('header name case checkpoint (shttp-574)', () => {
  /** get_token as JSON, get_secret over SSE with its Content-Type header name written `name`, then submit_answer. */
  function run(name: string, answer: string): LogBuilder {
    const b = new LogBuilder();
    call(b, 1, 'get_token', {}, textResult(1, 'tok'));
    const x = call(b, 2, 'get_secret', { token: 'tok' }, { sse: [{ data: textResult(2, SECRET).json }] });
    patch(b, x, 'response', (e) => {
      e.headers = [[name, 'text/event-stream']];
    });
    call(b, 3, 'submit_answer', { answer }, textResult(3, 'accepted'));
    return b;
  }

  it('returns PASS for http-header-names-case-insensitive when the CONTENT-TYPE answer was used', () => {
    expect(v('http-header-names-case-insensitive', run('CONTENT-TYPE', SECRET))).toBe('pass');
  });
  it('returns FAIL for http-header-names-case-insensitive when its text never came back', () => {
    expect(judge('http-header-names-case-insensitive', run('CONTENT-TYPE', 'other')).message).toContain('CONTENT-TYPE');
  });
  it('returns NOT-APPLICABLE for http-header-names-case-insensitive when every header name is usual', () => {
    expect(v('http-header-names-case-insensitive', run('Content-Type', 'other'))).toBe('not-applicable');
  });
});

describe('resultType checkpoints (basic-84, basic-85)', () => {
  const legacy = (id: number, text: string) => ({
    json: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } },
  });
  const unknown = (id: number, text: string) => ({
    json: { jsonrpc: '2.0', id, result: { resultType: 'deferred', content: [{ type: 'text', text }] } },
  });

  it('returns PASS for result-type-unknown-invalid when the decoy is not used', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, unknown(1, 'decoy'));
    call(b, 2, 'get_secret', {}, textResult(2, SECRET));
    call(b, 3, 'submit_answer', { answer: SECRET }, textResult(3, 'accepted'));
    expect(v('result-type-unknown-invalid', b)).toBe('pass');
  });
  it('returns FAIL for result-type-unknown-invalid when the decoy is submitted, N/A without an unknown type', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, unknown(1, 'decoy'));
    call(b, 2, 'submit_answer', { answer: 'decoy' }, textResult(2, 'wrong answer', true));
    expect(judge('result-type-unknown-invalid', b).message).toContain('"deferred"');
    const c = new LogBuilder();
    call(c, 1, 'get_secret', {}, ok(1, { content: [{ type: 'text', text: SECRET }], resultType: 'input_required' }));
    expect(v('result-type-unknown-invalid', c)).toBe('not-applicable');
  });
});

describe('relist after HeaderMismatch checkpoint (shttp-539)', () => {
  const drifted = [
    tool('get_secret', { token: { type: 'string' }, shard: { type: 'integer', 'x-mcp-header': 'Shard' } }),
  ];
  const args = { token: 'tok', shard: 7 };
  function refused(b = new LogBuilder()): LogBuilder {
    call(b, 1, 'get_secret', args, rpcError(1, -32020));
    return b;
  }
  const relist = (b: LogBuilder, id: number) => request(b, id, 'tools/list', {}, ok(id, { tools: drifted }));
  const withShard = (value: string) => ({ extra: [['Mcp-Param-Shard', value]] as [string, string][] });

  it('returns PASS for params-relist-after-mismatch when tools/list comes before a retry with the new header', () => {
    const b = refused();
    relist(b, 2);
    call(b, 3, 'get_secret', args, textResult(3, SECRET), withShard('7'));
    expect(v('params-relist-after-mismatch', b)).toBe('pass');
  });
  it('returns FAIL for params-relist-after-mismatch without a relist, with a wrong header, or without a retry', () => {
    const direct = refused();
    call(direct, 2, 'get_secret', args, textResult(2, SECRET), withShard('7'));
    expect(judge('params-relist-after-mismatch', direct).message).toContain('without listing');
    const wrong = refused();
    relist(wrong, 2);
    call(wrong, 3, 'get_secret', args, textResult(3, SECRET), withShard('8'));
    expect(judge('params-relist-after-mismatch', wrong).message).toContain('Mcp-Param-Shard');
    const missing = refused();
    relist(missing, 2);
    call(missing, 3, 'get_secret', args, rpcError(3, -32020));
    expect(v('params-relist-after-mismatch', missing)).toBe('fail');
    expect(judge('params-relist-after-mismatch', refused()).message).toContain('never retried');
  });
  it('returns NOT-APPLICABLE for params-relist-after-mismatch when no call was refused', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', args, textResult(1, SECRET));
    expect(v('params-relist-after-mismatch', b)).toBe('not-applicable');
  });
});

describe('cancel on timeout checkpoint (cancellation-48)', () => {
  /** A silent get_secret stream ended with `reason` (at once, or 5 s after the retry was answered), then a retry. */
  function run(reason: 'reset' | 'complete', closeAfterRetry = false): LogBuilder {
    const b = new LogBuilder();
    const hung = call(b, 1, 'get_secret', {}, { sse: [] });
    b.wait(2000);
    const retry = call(b, 2, 'get_secret', {}, { sse: [{ data: textResult(2, SECRET).json }] });
    const retryAnswer = b.events.find((e) => e.type === 'sse' && e.x === retry)!.t;
    patch(b, hung, 'end', (e) => {
      e.reason = reason;
      if (closeAfterRetry) e.t = retryAnswer + 5000;
    });
    call(b, 3, 'submit_answer', { answer: SECRET }, textResult(3, 'accepted'));
    return b;
  }

  it('returns PASS for cancel-on-timeout when the client closed the silent stream before the retry was answered', () => {
    expect(v('cancel-on-timeout', run('reset'))).toBe('pass');
  });
  it('returns FAIL for cancel-on-timeout when the server ended the stream, or the client closed it too late', () => {
    expect(judge('cancel-on-timeout', run('complete')).message).toContain('ended by the server');
    expect(judge('cancel-on-timeout', run('reset', true)).message).toContain('only after its retry');
  });
  it('returns NOT-APPLICABLE for cancel-on-timeout when every call was answered', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, textResult(1, SECRET));
    expect(v('cancel-on-timeout', b)).toBe('not-applicable');
  });
});

describe('notification id checkpoint (basic-172, client row)', () => {
  const cancelled = (b: LogBuilder, id?: number) =>
    b.post(
      {
        jsonrpc: '2.0',
        ...(id !== undefined ? { id } : {}),
        method: 'notifications/cancelled',
        params: { requestId: 1 },
      },
      {},
      goodHeaders('notifications/cancelled', {}),
    );
  it('returns PASS / FAIL / NOT-APPLICABLE for jsonrpc-notification-no-id', () => {
    const good = new LogBuilder();
    cancelled(good);
    expect(v('jsonrpc-notification-no-id', good)).toBe('pass');
    const bad = new LogBuilder();
    cancelled(bad, 9);
    expect(judge('jsonrpc-notification-no-id', bad).message).toContain('notifications/cancelled');
    expect(v('jsonrpc-notification-no-id', new LogBuilder())).toBe('not-applicable');
  });
});

describe('network $ref checkpoint (basic-301, client row)', () => {
  const REF = 'http://127.0.0.1:4000/schemas/options.json';
  const listed = (b: LogBuilder) =>
    request(
      b,
      1,
      'tools/list',
      {},
      ok(1, { tools: [tool('get_secret', { token: { type: 'string' }, options: { $ref: REF } })] }),
    );
  it('returns PASS for schema-network-ref-not-fetched when the $ref is never requested', () => {
    const b = new LogBuilder();
    listed(b);
    call(b, 2, 'get_secret', {}, textResult(2, SECRET));
    expect(v('schema-network-ref-not-fetched', b)).toBe('pass');
  });
  it('returns FAIL for schema-network-ref-not-fetched when the client GETs it, N/A without such a schema', () => {
    const b = new LogBuilder();
    listed(b);
    const x = b.request('GET', [['Accept', '*/*']], undefined, { status: 404 });
    patch(b, x, 'request', (e) => {
      e.path = '/schemas/options.json?x=1';
    });
    expect(judge('schema-network-ref-not-fetched', b).message).toContain('/schemas/options.json');
    const c = new LogBuilder();
    request(c, 1, 'tools/list', {}, ok(1, { tools: [tool('get_secret', { options: { $ref: '#/$defs/o' } })] }));
    expect(v('schema-network-ref-not-fetched', c)).toBe('not-applicable');
  });
});
