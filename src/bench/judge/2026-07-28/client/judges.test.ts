import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../schema/scenario.ts';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import { annotationProblem } from './view.ts';
import {
  call,
  goodHeaders,
  goodMeta,
  happyPath,
  LogBuilder,
  ok,
  request,
  rpcError,
  SECRET,
  textResult,
} from './test-logs.ts';
import { judges } from './index.ts';

const PARAM_TOOL = {
  name: 'get_secret',
  description: 'd',
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      greeting: { type: 'string', 'x-mcp-header': 'Greeting' },
      literal: { type: 'string', 'x-mcp-header': 'Literal' },
      shard: { type: 'integer', 'x-mcp-header': 'Shard' },
      trace: { type: 'string', 'x-mcp-header': 'Trace' },
      note: { type: 'string', 'x-mcp-header': 'Note' },
      options: { type: 'object', properties: { tier: { type: 'string', 'x-mcp-header': 'Tier' } } },
    },
  },
};

const INVALID_TOOL = {
  name: 'get_secret_fast',
  description: 'd',
  inputSchema: { type: 'object', properties: { budget: { type: 'number', 'x-mcp-header': 'Budget' } } },
};

function judge(slug: string, b: LogBuilder): JudgeResult {
  const log = b.log();
  const j = judges[slug];
  if (!j) throw new Error(`no judge ${slug}`);
  const scenario = {
    id: 't',
    revision: '2026-07-28',
    role: 'client',
    tools: [PARAM_TOOL, INVALID_TOOL],
    checkpoints: [],
  } as unknown as Scenario;
  return j({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

describe('transport and _meta checkpoints', () => {
  const slugs = [
    'task-secret-submitted',
    'http-post-only',
    'http-post-accept-both',
    'http-protocol-version-header',
    'http-protocol-version-matches-meta',
    'http-standard-headers',
    'http-no-responses-sent',
    'meta-required-fields',
    'meta-client-info',
    'jsonrpc-request-id-not-null',
    'jsonrpc-request-id-unique-in-flight',
  ];
  for (const slug of slugs) {
    it(`returns PASS for ${slug} on a spec-abiding stateless run`, () => expect(v(slug, happyPath())).toBe('pass'));
  }

  it('returns FAIL for every unconditional rule when the client sent nothing', () => {
    for (const slug of slugs.filter((s) => s !== 'http-protocol-version-matches-meta'))
      expect(v(slug, new LogBuilder()), slug).toBe('fail');
    expect(v('http-protocol-version-matches-meta', new LogBuilder())).toBe('not-applicable');
  });

  it('returns FAIL for http-post-only when the client opens a GET stream', () => {
    const b = new LogBuilder();
    b.request('GET', [['Accept', 'text/event-stream']], undefined, { status: 405 });
    happyPath(b);
    expect(judge('http-post-only', b).message).toContain('GET');
  });

  it('returns FAIL for http-protocol-version-header when a POST lacks MCP-Protocol-Version', () => {
    const b = happyPath();
    request(b, 9, 'tools/list', {}, ok(9, { tools: [] }), {
      headers: goodHeaders('tools/list', {}).filter(([k]) => k !== 'MCP-Protocol-Version'),
    });
    expect(v('http-protocol-version-header', b)).toBe('fail');
  });

  it('returns FAIL for http-protocol-version-matches-meta when header and _meta disagree', () => {
    const b = happyPath();
    request(b, 9, 'tools/list', {}, rpcError(9, -32020), { meta: goodMeta('2025-11-25') });
    expect(judge('http-protocol-version-matches-meta', b).message).toContain('2025-11-25');
  });

  it('returns FAIL for http-standard-headers when Mcp-Name is missing or Mcp-Method differs', () => {
    const noName = new LogBuilder();
    call(noName, 1, 'get_secret', {}, textResult(1, SECRET), {
      headers: goodHeaders('tools/list', {}).map(([k, x]) => [k, k === 'Mcp-Method' ? 'tools/call' : x]),
    });
    expect(judge('http-standard-headers', noName).message).toContain('Mcp-Name');
    const wrongMethod = new LogBuilder();
    request(wrongMethod, 1, 'tools/list', {}, ok(1, { tools: [] }), {
      headers: goodHeaders('tools/call', { name: 'x' }),
    });
    expect(v('http-standard-headers', wrongMethod)).toBe('fail');
  });

  it('returns PASS for http-standard-headers when a non-ASCII tool name travels as the Base64 sentinel', () => {
    const b = new LogBuilder();
    const headers = goodHeaders('tools/call', { name: 'x' }).map(
      ([k, x]) =>
        [k, k === 'Mcp-Name' ? `=?base64?${Buffer.from('grüße').toString('base64')}?=` : x] as [string, string],
    );
    call(b, 1, 'grüße', {}, textResult(1, 'hi'), { headers });
    expect(v('http-standard-headers', b)).toBe('pass');
    expect(v('http-name-header-encoded', b)).toBe('pass');
  });

  it('returns FAIL for http-name-header-encoded when a non-ASCII tool name is sent raw, NOT-APPLICABLE for safe names', () => {
    const b = new LogBuilder();
    const headers = goodHeaders('tools/call', { name: 'x' }).map(
      ([k, x]) => [k, k === 'Mcp-Name' ? Buffer.from('grüße').toString('latin1') : x] as [string, string],
    );
    call(b, 1, 'grüße', {}, rpcError(1, -32020), { headers });
    expect(judge('http-name-header-encoded', b).message).toContain('grüße');
    expect(v('http-name-header-encoded', happyPath())).toBe('not-applicable');
  });

  it('returns FAIL for http-no-responses-sent when the client POSTs a JSON-RPC response', () => {
    const b = happyPath();
    b.post(
      { jsonrpc: '2.0', id: 'x', result: {} },
      { status: 400, json: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'e' } } },
    );
    expect(v('http-no-responses-sent', b)).toBe('fail');
  });

  it('returns FAIL for meta-required-fields without clientCapabilities, and for meta-client-info without clientInfo', () => {
    const b = new LogBuilder();
    request(b, 1, 'tools/list', {}, rpcError(1, -32602), {
      meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
    });
    expect(judge('meta-required-fields', b).message).toContain('clientCapabilities');
    expect(v('meta-client-info', b)).toBe('fail');
    const none = new LogBuilder();
    request(none, 1, 'tools/list', {}, rpcError(1, -32602), { meta: null });
    expect(v('meta-required-fields', none)).toBe('fail');
  });

  it('returns FAIL for jsonrpc-request-id-unique-in-flight when an id is reused before its response, PASS when reused after', () => {
    const log = happyPath().log();
    // Make get_secret (x1) reuse id 1 of tools/list (x0), and arrive before tools/list was answered.
    const req = log.events.find((e) => e.type === 'request' && e.x === 1)!;
    (req as { body: { data: string } }).body.data = (req as { body: { data: string } }).body.data.replace(
      '"id":2',
      '"id":1',
    );
    const sequential = judges['jsonrpc-request-id-unique-in-flight']!({
      log,
      exchanges: toExchanges(log),
      scenario: {} as Scenario,
      checkpoint: {} as never,
    });
    expect(sequential.verdict).toBe('pass');
    const firstAnswer = log.events.find((e) => e.type === 'response' && e.x === 0)!;
    req.t = firstAnswer.t - 0.5;
    log.events.sort((a, c) => a.t - c.t);
    const overlapping = judges['jsonrpc-request-id-unique-in-flight']!({
      log,
      exchanges: toExchanges(log),
      scenario: {} as Scenario,
      checkpoint: {} as never,
    });
    expect(overlapping.verdict).toBe('fail');
  });

  it('returns FAIL for jsonrpc-request-id-not-null on an id null request', () => {
    const b = happyPath();
    request(b, null, 'tools/list', {}, ok(null, { tools: [] }));
    expect(v('jsonrpc-request-id-not-null', b)).toBe('fail');
  });
});

describe('x-mcp-header checkpoints', () => {
  const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`;
  const args = {
    region: 'us-west1',
    greeting: 'Hello, 世界',
    literal: '=?base64?literal?=',
    shard: 42,
    trace: null,
    options: { tier: 'gold' },
  };
  const good: [string, string][] = [
    ['Mcp-Param-Region', 'us-west1'],
    ['mcp-param-greeting', b64('Hello, 世界')],
    ['Mcp-Param-Literal', b64('=?base64?literal?=')],
    ['Mcp-Param-Shard', '42'],
    ['Mcp-Param-Tier', 'gold'],
  ];
  const withHeaders = (hs: [string, string][]) => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', args, textResult(1, SECRET), { extra: hs });
    return b;
  };
  const slugs = [
    'params-header-mirrored',
    'params-header-omitted-null',
    'params-header-omitted-absent',
    'params-base64-unsafe-value',
    'params-base64-sentinel-lookalike',
  ];

  for (const slug of slugs) {
    it(`returns PASS for ${slug} when every header is as the spec asks`, () =>
      expect(v(slug, withHeaders(good))).toBe('pass'));
    it(`returns NOT-APPLICABLE for ${slug} when no annotated tool was called`, () => {
      const b = new LogBuilder();
      call(b, 1, 'submit_answer', { answer: 'x' }, textResult(1, 'accepted'));
      expect(v(slug, b)).toBe('not-applicable');
    });
  }

  it('returns FAIL for params-header-mirrored when a header is missing or the nested value differs', () => {
    expect(
      judge('params-header-mirrored', withHeaders(good.filter(([k]) => k !== 'Mcp-Param-Shard'))).message,
    ).toContain('Shard');
    expect(
      v('params-header-mirrored', withHeaders(good.map(([k, x]) => [k, k === 'Mcp-Param-Tier' ? 'silver' : x]))),
    ).toBe('fail');
  });

  it('accepts 42.0 for an integer 42 (numeric comparison)', () => {
    expect(
      v('params-header-mirrored', withHeaders(good.map(([k, x]) => [k, k === 'Mcp-Param-Shard' ? '42.0' : x]))),
    ).toBe('pass');
  });

  it('returns FAIL for params-header-omitted-null / -absent when a header is sent for a null or absent value', () => {
    expect(v('params-header-omitted-null', withHeaders([...good, ['Mcp-Param-Trace', 'null']]))).toBe('fail');
    expect(v('params-header-omitted-absent', withHeaders([...good, ['Mcp-Param-Note', 'x']]))).toBe('fail');
  });

  it('returns FAIL for params-base64-unsafe-value when a non-ASCII value is sent raw', () => {
    const raw = good.map(([k, x]): [string, string] => [
      k,
      k === 'mcp-param-greeting' ? Buffer.from('Hello, 世界', 'utf8').toString('latin1') : x,
    ]);
    expect(v('params-base64-unsafe-value', withHeaders(raw))).toBe('fail');
  });

  it('returns FAIL for params-base64-sentinel-lookalike when the sentinel-shaped value is sent plain', () => {
    expect(
      v(
        'params-base64-sentinel-lookalike',
        withHeaders(good.map(([k, x]) => [k, k === 'Mcp-Param-Literal' ? '=?base64?literal?=' : x])),
      ),
    ).toBe('fail');
  });

  it('returns FAIL for params-sentinel-markers-lowercase when a sentinel is written =?BASE64? or left unclosed', () => {
    expect(v('params-sentinel-markers-lowercase', withHeaders(good))).toBe('pass');
    const upper = good.map(([k, x]): [string, string] => [k, x.replace('=?base64?', '=?BASE64?')]);
    expect(judge('params-sentinel-markers-lowercase', withHeaders(upper)).message).toContain('=?BASE64?');
    const b = new LogBuilder();
    call(b, 1, 'entrée', {}, textResult(1, 'tok'), {
      headers: [
        ...goodHeaders('tools/call', { name: 'x' }).filter(([k]) => k !== 'Mcp-Name'),
        ['Mcp-Name', '=?Base64?ZW50csOpZQ==?='],
      ],
    });
    expect(v('params-sentinel-markers-lowercase', b)).toBe('fail');
    const open = good.map(([k, x]): [string, string] => [k, k === 'mcp-param-greeting' ? x.slice(0, -2) : x]);
    expect(v('params-sentinel-markers-lowercase', withHeaders(open))).toBe('fail');
  });

  it('returns NOT-APPLICABLE for params-sentinel-markers-lowercase when only a plain look-alike argument is sent', () => {
    expect(v('params-sentinel-markers-lowercase', withHeaders([['Mcp-Param-Literal', '=?base64?literal?=']]))).toBe(
      'not-applicable',
    );
    expect(v('params-sentinel-markers-lowercase', happyPath())).toBe('not-applicable');
  });
});

describe('endpoint and UTF-8 checkpoints', () => {
  const pathOf = (b: LogBuilder, x: number, path: string) => {
    const ev = b.events.find((e) => e.type === 'request' && e.x === x);
    if (ev?.type === 'request') ev.path = path;
  };
  it('returns FAIL for http-messages-to-endpoint when a request goes to another path, N/A without a result', () => {
    expect(v('http-messages-to-endpoint', happyPath())).toBe('pass');
    const b = new LogBuilder();
    const x = request(b, 9, 'tools/list', {}, rpcError(9, -32600, undefined, 404));
    pathOf(b, x, '/mcp/tools');
    happyPath(b);
    expect(judge('http-messages-to-endpoint', b).message).toContain('/mcp/tools');
    expect(v('http-messages-to-endpoint', new LogBuilder())).toBe('not-applicable');
  });

  const latin1 = (b: LogBuilder, x: number) => {
    const ev = b.events.find((e) => e.type === 'request' && e.x === x);
    if (ev?.type !== 'request') return;
    const bytes = Buffer.from(ev.body.data, 'latin1');
    ev.body = { encoding: 'base64', data: bytes.toString('base64'), bytes: bytes.length, truncated: false };
  };
  it('returns PASS for jsonrpc-messages-utf8 on UTF-8 bodies, non-ASCII and control characters included', () => {
    const b = happyPath();
    call(b, 4, 'entrée', { greeting: 'Hello, 世界' }, textResult(4, 'tok'));
    expect(v('jsonrpc-messages-utf8', b)).toBe('pass');
    const c = new LogBuilder();
    const x = call(c, 1, 'get_secret', { note: 'Grüße' }, textResult(1, SECRET));
    const ev = c.events.find((e) => e.type === 'request' && e.x === x);
    if (ev?.type === 'request')
      ev.body = { ...ev.body, encoding: 'base64', data: Buffer.from(ev.body.data).toString('base64') };
    expect(v('jsonrpc-messages-utf8', c)).toBe('pass');
  });
  it('returns FAIL for jsonrpc-messages-utf8 on a Latin-1 body or a non-UTF-8 charset, and when nothing was sent', () => {
    const b = happyPath();
    const x = call(b, 4, 'entrée', {}, textResult(4, 'tok'));
    latin1(b, x);
    expect(judge('jsonrpc-messages-utf8', b).message).toContain(`x${x}`);
    const c = new LogBuilder();
    const latin1Type = goodHeaders('tools/call', { name: 'get_secret' }).map(([k, h]): [string, string] => [
      k,
      k === 'Content-Type' ? 'application/json; charset=ISO-8859-1' : h,
    ]);
    call(c, 1, 'get_secret', {}, textResult(1, SECRET), { headers: latin1Type });
    expect(judge('jsonrpc-messages-utf8', c).message).toContain('iso-8859-1');
    expect(v('jsonrpc-messages-utf8', new LogBuilder())).toBe('fail');
  });
});

describe('tool definition and reused checkpoints', () => {
  it('finds annotation problems: number type, duplicate names, unreachable places, non-token names', () => {
    expect(annotationProblem(PARAM_TOOL.inputSchema)).toBeUndefined();
    expect(annotationProblem(INVALID_TOOL.inputSchema)).toContain('number');
    expect(
      annotationProblem({
        type: 'object',
        properties: { a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } },
      }),
    ).toContain('unique');
    expect(
      annotationProblem({
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'X' } } },
      }),
    ).toContain('reachable');
    expect(
      annotationProblem({ type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'Bad Name' } } }),
    ).toContain('token');
  });

  it('returns PASS for tools-invalid-definition-excluded when only valid tools are called, FAIL when the invalid one is', () => {
    expect(v('tools-invalid-definition-excluded', happyPath())).toBe('pass');
    const b = happyPath();
    call(b, 9, 'get_secret_fast', { budget: 0.5 }, textResult(9, 'no', true));
    expect(judge('tools-invalid-definition-excluded', b).message).toContain('get_secret_fast');
    expect(v('tools-invalid-definition-excluded', new LogBuilder())).toBe('fail');
  });

  it('returns PASS for http-json-and-sse-handled when values from a JSON and an SSE result are both used, FAIL when the SSE one is not', () => {
    const run = (answer: string) => {
      const b = new LogBuilder();
      call(b, 1, 'get_token', {}, textResult(1, 'T0ken-123'));
      call(
        b,
        2,
        'get_secret',
        { token: 'T0ken-123' },
        {
          sse: [
            {
              data: {
                jsonrpc: '2.0',
                id: 2,
                result: { resultType: 'complete', content: [{ type: 'text', text: SECRET }] },
              },
            },
          ],
        },
      );
      call(b, 3, 'submit_answer', { answer }, textResult(3, 'accepted'));
      return b;
    };
    expect(v('http-json-and-sse-handled', run(SECRET))).toBe('pass');
    expect(v('http-json-and-sse-handled', run('something-else'))).toBe('fail');
    expect(v('http-json-and-sse-handled', happyPath())).toBe('not-applicable');
  });

  it('returns FAIL for http-post-single-message on a batch and for jsonrpc-request-id-type on a fractional id', () => {
    expect(v('http-post-single-message', happyPath())).toBe('pass');
    const batch = happyPath();
    batch.post(
      [{ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: goodMeta() } }],
      rpcError(null, -32600),
      goodHeaders('tools/list', {}),
    );
    expect(v('http-post-single-message', batch)).toBe('fail');
    expect(v('jsonrpc-request-id-type', happyPath())).toBe('pass');
    const frac = happyPath();
    request(frac, 1.5, 'tools/list', {}, ok(1.5, { tools: [] }));
    expect(v('jsonrpc-request-id-type', frac)).toBe('fail');
  });
});

describe('version checkpoints', () => {
  const unsupported = (id: number) => rpcError(id, -32022, { supported: ['2026-07-28'], requested: '2027-03-15' });

  it('returns PASS for version-retry-listed and version-no-initialize-fallback when the client retries with a listed version', () => {
    const b = new LogBuilder();
    request(b, 1, 'tools/list', {}, unsupported(1), { version: '2027-03-15' });
    request(b, 2, 'tools/list', {}, ok(2, { tools: [] }));
    expect(v('version-retry-listed', b)).toBe('pass');
    expect(v('version-no-initialize-fallback', b)).toBe('pass');
  });

  it('returns NOT-APPLICABLE for version-retry-listed when the client gives up (it surfaced an error), and FAIL when it retries with an unlisted version', () => {
    const gaveUp = new LogBuilder();
    request(gaveUp, 1, 'tools/list', {}, unsupported(1), { version: '2027-03-15' });
    expect(judge('version-retry-listed', gaveUp)).toMatchObject({
      verdict: 'not-applicable',
      message: expect.stringContaining('sent no request after the -32022'),
    });
    const same = new LogBuilder();
    request(same, 1, 'tools/list', {}, unsupported(1), { version: '2027-03-15' });
    request(same, 2, 'tools/list', {}, unsupported(2), { version: '2027-03-15' });
    expect(v('version-retry-listed', same)).toBe('fail');
  });

  it('returns NOT-APPLICABLE for both when the server never rejected a version', () => {
    expect(v('version-retry-listed', happyPath())).toBe('not-applicable');
    expect(v('version-no-initialize-fallback', happyPath())).toBe('not-applicable');
  });

  it('returns FAIL for version-no-initialize-fallback when initialize follows a modern 400', () => {
    const b = new LogBuilder();
    request(b, 1, 'tools/list', {}, unsupported(1), { version: '2027-03-15' });
    b.post(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'a', version: '1' } },
      },
      unsupported(2),
    );
    request(b, 3, 'tools/list', {}, ok(3, { tools: [] }));
    expect(v('version-no-initialize-fallback', b)).toBe('fail');
  });
});

describe('multi round-trip checkpoints', () => {
  const irr = (id: number, body: Record<string, unknown>) => ok(id, { ...body, resultType: 'input_required' });
  const ASK = {
    confirm: {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'm', requestedSchema: { type: 'object' } },
    },
  };
  const STATE = 'abc+/def==';
  const ANSWERS = { confirm: { action: 'accept', content: { confirm: true } } };

  /** get_secret: IRR with inputRequests → retry with answers → IRR with requestState → retry with state → secret. */
  function rounds(
    opts: { answers?: unknown; state1?: string; state2?: string; sameId?: boolean; leak?: boolean } = {},
  ): LogBuilder {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, irr(1, { inputRequests: ASK }));
    const p2: Record<string, unknown> = {
      inputResponses: 'answers' in opts ? opts.answers : ANSWERS,
      ...(opts.state1 !== undefined ? { requestState: opts.state1 } : {}),
    };
    call(b, opts.sameId ? 1 : 2, 'get_secret', {}, irr(opts.sameId ? 1 : 2, { requestState: STATE }), {}, p2);
    if (opts.leak) request(b, 9, 'tools/list', { requestState: STATE }, ok(9, { tools: [] }));
    call(b, 3, 'get_secret', {}, textResult(3, SECRET), {}, { requestState: opts.state2 ?? STATE });
    call(b, 4, 'submit_answer', { answer: SECRET }, textResult(4, 'accepted'));
    return b;
  }
  const slugs = [
    'mrtr-input-responses-sent',
    'mrtr-request-state-echoed',
    'mrtr-no-unissued-request-state',
    'mrtr-retry-new-id',
    'mrtr-state-not-reused',
    'task-secret-submitted',
  ];

  for (const slug of slugs) {
    it(`returns PASS for ${slug} on a spec-abiding two-round flow`, () => expect(v(slug, rounds())).toBe('pass'));
  }

  it('returns NOT-APPLICABLE for the MRTR rules when the server sent no InputRequiredResult', () => {
    for (const slug of slugs.slice(0, 5)) expect(v(slug, happyPath()), slug).toBe('not-applicable');
  });

  it('returns FAIL for mrtr-input-responses-sent when the retry lacks a key', () => {
    expect(judge('mrtr-input-responses-sent', rounds({ answers: {} })).message).toContain('confirm');
  });

  it('returns FAIL for mrtr-request-state-echoed when the echoed state differs by a byte', () => {
    expect(v('mrtr-request-state-echoed', rounds({ state2: STATE.replace(/=+$/, '') }))).toBe('fail');
  });

  it('returns FAIL for mrtr-no-unissued-request-state when the first retry invents a requestState', () => {
    expect(v('mrtr-no-unissued-request-state', rounds({ state1: 'none' }))).toBe('fail');
  });

  it('returns FAIL for mrtr-retry-new-id when the retry reuses the original id', () => {
    expect(v('mrtr-retry-new-id', rounds({ sameId: true }))).toBe('fail');
  });

  it('returns FAIL for mrtr-state-not-reused when requestState rides on an unrelated tools/list', () => {
    expect(judge('mrtr-state-not-reused', rounds({ leak: true })).message).toContain('tools/list');
  });
});
