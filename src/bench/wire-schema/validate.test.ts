import { describe, expect, it } from 'vitest';
import { loadPinnedSchemas } from '../../harness/io/schema.ts';
import { findingPlace, findingText } from './gate.ts';
import { req2026, res, TestLog } from './test-log.ts';
import { SCHEMA_LIMITS, type PinnedSchemas, type TrialSchemaReport } from './types.ts';
import { validateWireLog } from './validate.ts';

const pinned = loadPinnedSchemas().schemas;
const S26 = pinned['2026-07-28']!;
const S25 = pinned['2025-11-25']!;
const TOOL = { name: 'add', inputSchema: { type: 'object' } };
const LIST = { resultType: 'complete', tools: [TOOL], ttlMs: 60000, cacheScope: 'public' };
const lines = (r: TrialSchemaReport) =>
  r.findings.map((f) => `${findingPlace(f)} ${f.sender} ${f.method ?? '-'}: ${findingText(f)}`);
const notes = (r: TrialSchemaReport) => r.notes.map((n) => `x${n.x} ${n.where}: ${n.text}`);
const init25 = (
  id: unknown,
  params: Record<string, unknown> = {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'c', version: '1' },
  },
) => ({ jsonrpc: '2.0', id, method: 'initialize', params });

describe('validateWireLog against the pinned schemas', () => {
  it('validates a request against the definition of its method', () => {
    const ok = new TestLog('prober');
    ok.exchange(req2026(1, 'tools/list'));
    expect(lines(validateWireLog(S26, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect(lines(validateWireLog(S26, bad.log()))).toEqual([
      "x0 request body harness tools/list: ListToolsRequest /params: must have required property '_meta' (required)",
    ]);
  });

  it('validates a notification against its definition', () => {
    const ok = new TestLog('reference');
    ok.exchange({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } });
    expect(lines(validateWireLog(S25, ok.log()))).toEqual([]);
    const bad = new TestLog('reference');
    bad.exchange({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: true } });
    expect(lines(validateWireLog(S25, bad.log()))[0]).toMatch(
      /^x0 request body subject notifications\/cancelled: CancelledNotification \/params\/requestId: must be string,integer \(type\)/,
    );
  });

  it('validates a result against the result definition of the request it answers (the CacheableResult case)', () => {
    const ok = new TestLog('prober');
    ok.exchange(req2026(2, 'tools/list'), { json: res(2, LIST) });
    expect(lines(validateWireLog(S26, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange(req2026(2, 'tools/list'), { json: res(2, { resultType: 'complete', tools: [TOOL] }) });
    expect(lines(validateWireLog(S26, bad.log()))).toEqual([
      "x0 response body subject tools/list: ListToolsResult /result: must have required property 'cacheScope' (required); /result: must have required property 'ttlMs' (required)",
    ]);
  });

  it("pairs a response on a POST's SSE stream with that POST, and a server request's answer in a later POST with it", () => {
    const b = new TestLog('reference');
    b.exchange(init25(1), {
      json: res(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } }),
    });
    b.exchange(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { sse: ['', { jsonrpc: '2.0', id: 'ping-1', method: 'ping' }, res(2, { tools: [TOOL] })] },
    );
    b.exchange(res('ping-1', {}));
    expect(lines(validateWireLog(S25, b.log()))).toEqual([]);
    const bad = new TestLog('reference');
    bad.exchange(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { sse: [{ jsonrpc: '2.0', id: 'r1', method: 'roots/list' }, res(2, { tools: [{ name: 'x' }] })] },
    );
    bad.exchange(res('r1', { roots: 'none' }));
    expect(lines(validateWireLog(S25, bad.log()))).toEqual([
      "x0 sse event 1 harness tools/list: ListToolsResult /result/tools/0: must have required property 'inputSchema' (required)",
      'x1 request body subject roots/list: ListRootsResult /result/roots: must be array (type)',
    ]);
  });

  it('checks a 2025-11-25 task-augmented call against CreateTaskResult', () => {
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'slow', arguments: {}, task: { ttl: 1000 } },
    };
    const task = {
      taskId: 't1',
      status: 'working',
      createdAt: '2026-01-01T00:00:00Z',
      lastUpdatedAt: '2026-01-01T00:00:00Z',
      ttl: 1000,
    };
    const ok = new TestLog('prober');
    ok.exchange(call, { json: res(3, { task }) });
    expect(lines(validateWireLog(S25, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange(call, { json: res(3, { content: [{ type: 'text', text: '49' }] }) });
    expect(lines(validateWireLog(S25, bad.log()))).toEqual([
      "x0 response body subject tools/call: CreateTaskResult /result: must have required property 'task' (required)",
    ]);
  });

  it('accepts the plain result of a task-augmented call from a server that declared no tasks (251125-tasks-392)', () => {
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_secret', task: { ttl: 1000 } } };
    const plain = res(3, { content: [{ type: 'text', text: 's' }] });
    const initResult = (capabilities: Record<string, unknown>) =>
      res(1, { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'r', version: '1' } });
    const without = new TestLog('reference');
    without.exchange(init25(1), { json: initResult({ tools: {} }) });
    without.exchange(call, { json: plain });
    expect(lines(validateWireLog(S25, without.log()))).toEqual([]);
    // A task created anyway is still checked as a CreateTaskResult.
    const anyway = new TestLog('reference');
    anyway.exchange(init25(1), { json: initResult({ tools: {} }) });
    anyway.exchange(call, { json: res(3, { task: { taskId: 't1' } }) });
    expect(lines(validateWireLog(S25, anyway.log()))[0]).toContain('CreateTaskResult');
    const declared = new TestLog('reference');
    declared.exchange(init25(1), { json: initResult({ tools: {}, tasks: { requests: { tools: { call: {} } } } }) });
    declared.exchange(call, { json: plain });
    expect(lines(validateWireLog(S25, declared.log()))).toEqual([
      "x1 response body harness tools/call: CreateTaskResult /result: must have required property 'task' (required)",
    ]);
  });

  it('checks a request that cannot be task-augmented against its own result, whatever task member it carries', () => {
    const list = { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { task: { ttl: 1000 } } };
    const ok = new TestLog('prober');
    ok.exchange(list, { json: res(4, { tools: [] }) });
    expect(lines(validateWireLog(S25, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange(list, { json: res(4, { tools: 'none' }) });
    expect(lines(validateWireLog(S25, bad.log()))).toEqual([
      'x0 response body subject tools/list: ListToolsResult /result/tools: must be array (type)',
    ]);
  });

  it('follows 2026 resultType: input_required only where the ResultResponse allows it, task via the tasks extension', () => {
    const ok = new TestLog('prober');
    ok.exchange(req2026(1, 'tools/call', { name: 'x' }), {
      json: res(1, { resultType: 'input_required', requestState: 's' }),
    });
    const task = {
      resultType: 'task',
      taskId: 't',
      status: 'working',
      createdAt: 'a',
      lastUpdatedAt: 'a',
      ttlMs: null,
    };
    ok.exchange(req2026(2, 'tools/call', { name: 'x' }), { json: res(2, task) });
    expect(lines(validateWireLog(S26, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange(req2026(1, 'tools/list'), {
      json: res(1, { resultType: 'input_required', requestState: 's', ttlMs: 0, cacheScope: 'private' }),
    });
    bad.exchange(req2026(2, 'tools/call', { name: 'x' }), { json: res(2, { resultType: 'task', status: 'working' }) });
    expect(lines(validateWireLog(S26, bad.log()))).toEqual([
      "x0 response body subject tools/list: ListToolsResult /result: must have required property 'tools' (required)",
      "x1 response body subject tools/call: ext-tasks:CreateTaskResult /result: must have required property 'taskId' (required); /result: must have required property 'createdAt' (required); /result: must have required property 'lastUpdatedAt' (required); /result: must have required property 'ttlMs' (required)",
    ]);
  });

  it("checks an error response against JSONRPCErrorResponse and against its code's own definition", () => {
    const ok = new TestLog('prober');
    ok.exchange(req2026(1, 'tools/list'), {
      status: 400,
      json: {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32022, message: 'no', data: { requested: 'x', supported: ['2026-07-28'] } },
      },
    });
    ok.exchange(req2026(2, 'tools/list'), {
      status: 404,
      json: { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    });
    expect(lines(validateWireLog(S26, ok.log()))).toEqual([]);
    const bad = new TestLog('prober');
    bad.exchange(req2026(1, 'tools/list'), {
      status: 400,
      json: { jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'no' } },
    });
    bad.exchange(req2026(2, 'tools/list'), {
      status: 400,
      json: { jsonrpc: '2.0', id: null, error: { code: -32600 } },
    });
    expect(lines(validateWireLog(S26, bad.log()))).toEqual([
      "x0 response body subject tools/list: UnsupportedProtocolVersionError /error: must have required property 'data' (required)",
      'x1 response body subject -: JSONRPCErrorResponse /id: must be string,integer (type)',
      "x1 response body subject -: InvalidRequestError /error: must have required property 'message' (required)",
    ]);
  });

  it('checks only the envelope of an unknown method, and says so', () => {
    const ok = new TestLog('prober');
    ok.exchange(req2026(1, 'foo/bar'), {
      status: 404,
      json: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } },
    });
    const r = validateWireLog(S26, ok.log());
    expect([lines(r), notes(r)]).toEqual([
      [],
      ['x0 request: unknown request method "foo/bar" in this revision\'s schema: envelope only'],
    ]);
    const bad = new TestLog('prober');
    bad.exchange({ jsonrpc: '1.0', id: 1, method: 'foo/bar' });
    expect(lines(validateWireLog(S26, bad.log()))).toEqual([
      'x0 request body harness foo/bar: JSONRPCRequest /jsonrpc: must be equal to constant "2.0" (const)',
    ]);
  });

  it('knows who sent what from the perspective', () => {
    const bad = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    for (const [p, sender] of [
      ['prober', 'harness'],
      ['reference', 'subject'],
    ] as const) {
      const b = new TestLog(p);
      b.exchange(bad, { json: { jsonrpc: '2.0', id: 1 } });
      expect(validateWireLog(S26, b.log()).findings.map((f) => [f.where, f.sender])).toEqual([
        ['request', sender],
        ['response', sender === 'harness' ? 'subject' : 'harness'],
      ]);
    }
  });

  it('turns hostile input into findings or notes, never an exception', () => {
    const b = new TestLog('reference');
    b.exchange('{"jsonrpc":', {}); // a JSON request body that does not parse
    b.exchange(req2026(1, 'tools/list'), { status: 400, type: 'text/plain', json: 'Bad Request' }); // error text: not a message
    b.exchange(req2026(2, 'tools/list'), { json: '<html>' }); // 2xx application/json that is not JSON
    const deep = `${'['.repeat(100_000)}0${']'.repeat(100_000)}`;
    b.exchange(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x","arguments":{"deep":${deep}}}}`);
    b.exchange(req2026(4, 'tools/list'), { sse: ['x'.repeat(SCHEMA_LIMITS.messageBytes + 1)] });
    b.exchange(req2026(5, 'tools/list'), { json: res(5, LIST), truncated: true });
    b.exchange([req2026(6, 'tools/list'), 7]);
    const r = validateWireLog(S26, b.log());
    expect(lines(r)).toEqual([
      'x0 request body subject -: JSONRPCMessage (message): not JSON: ' +
        r.findings[0]!.errors[0]!.message.slice('not JSON: '.length) +
        ' (json)',
      'x2 response body harness -: JSONRPCMessage (message): not JSON: ' +
        r.findings[1]!.errors[0]!.message.slice('not JSON: '.length) +
        ' (json)',
      'x6 request body subject -: JSONRPCMessage (message): must be object (type); (message): must match a schema in anyOf (anyOf)',
      'x6 request body[1] subject -: JSONRPCMessage (message): must be object (type); (message): must match a schema in anyOf (anyOf)',
    ]);
    expect(notes(r)).toEqual([
      `x3 request: nested deeper than ${SCHEMA_LIMITS.depth} levels: not validated`,
      `x4 sse: ${SCHEMA_LIMITS.messageBytes + 1} characters, over the ${SCHEMA_LIMITS.messageBytes} cap: not validated`,
      expect.stringMatching(/^x5 response: body truncated at \d+ of \d+ bytes: not validated$/),
    ]);
  });

  it('caps the errors per message and the findings per trial', () => {
    const b = new TestLog('prober');
    for (let i = 0; i < SCHEMA_LIMITS.findingsPerTrial + 5; i++)
      b.exchange({
        jsonrpc: '1',
        id: true,
        method: 'tools/call',
        params: {
          _meta: { 'io.modelcontextprotocol/clientInfo': 5 },
          name: 1,
          arguments: [],
          inputResponses: 3,
          requestState: 4,
        },
      });
    const r = validateWireLog(S26, b.log());
    expect(r.findings).toHaveLength(SCHEMA_LIMITS.findingsPerTrial);
    expect(r.moreFindings).toBe(5);
    expect(r.findings[0]!.errors).toHaveLength(SCHEMA_LIMITS.errorsPerMessage);
    expect(r.findings[0]!.moreErrors).toBeGreaterThan(0);
  });
});

describe('validateWireLog without a usable schema', () => {
  it('reports the check skipped instead of throwing', () => {
    const b = new TestLog('prober');
    b.exchange(req2026(1, 'tools/list'));
    const r = validateWireLog({ main: { nothing: true } } as PinnedSchemas, b.log());
    expect(r).toMatchObject({
      status: 'skipped',
      reason: 'pinned schema unusable: main schema: expected an object with "$defs"',
      findings: [],
    });
  });

  it('compiles a schema object once (cache by identity)', () => {
    const schema: PinnedSchemas = { main: { $defs: { JSONRPCMessage: { type: 'object', required: ['jsonrpc'] } } } };
    const b = new TestLog('prober');
    b.exchange([1]);
    const first = validateWireLog(schema, b.log());
    (schema.main as { $defs: Record<string, unknown> }).$defs.JSONRPCMessage = { type: 'array' };
    // A mutated object is not recompiled: the first compilation still answers.
    expect(validateWireLog(schema, b.log())).toEqual(first);
    expect(
      validateWireLog({ main: { $defs: { JSONRPCMessage: { type: 'array' } } } }, b.log()).findings.map((f) => f.batch),
    ).toEqual([0]);
  });
});
