import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracleServer as create2025 } from './2025-11-25/server/server.ts';
import { createOracleServer as create2026 } from './2026-07-28/server/server.ts';

// tools.mdx "Error Handling" (both revisions): input validation errors are tool execution errors, reported in a
// CallToolResult with isError: true; only unknown tools and malformed requests are JSON-RPC errors. The conformance
// suite's http-header-validation scenario showed the 2026 oracle answering bad arguments with -32602.

type Json = Record<string, unknown>;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/** POST one JSON-RPC message; the response with its id (JSON or one SSE event). */
async function post(
  url: string,
  body: Json,
  headers: Record<string, string>,
): Promise<{ status: number; msg: Json; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const data = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: ') && l.length > 6)
        .map((l) => JSON.parse(l.slice(6)) as Json)
        .find((m) => m.id === body.id)
    : (JSON.parse(text) as Json);
  return { status: res.status, msg: data ?? {}, headers: res.headers };
}

describe('2026-07-28 oracle: bad tool arguments', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => (url = await listen((server = create2026()))));
  afterAll(() => server.close());
  const call = (id: number, name: string, args: Json, caps: Json = {}) =>
    post(
      url,
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name,
          arguments: args,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': caps,
          },
        },
      },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': name },
    );

  it.each([
    ['add', { a: 1 }, 'argument "b" must be a number'],
    ['echo', { text: 7 }, 'argument "text" must be a string'],
    ['slow_square', { x: 2, delayMs: 999_999 }, 'argument "delayMs" must be an integer from 0 to 60000'],
  ])(
    'answers %s with invalid arguments by a CallToolResult with isError, not a JSON-RPC error',
    async (name, args, message) => {
      const r = await call(1, name, args, { extensions: { 'io.modelcontextprotocol/tasks': {} } });
      expect(r.status).toBe(200);
      expect(r.msg.error).toBeUndefined();
      expect(r.msg.result).toMatchObject({
        resultType: 'complete',
        isError: true,
        content: [{ type: 'text', text: message }],
      });
    },
  );

  it('still answers an unknown tool with JSON-RPC -32602 (a protocol error)', async () => {
    const r = await call(2, 'no_such_tool', {});
    expect(r.msg.error).toMatchObject({ code: -32602 });
  });

  it('still answers valid arguments with the result', async () => {
    expect((await call(3, 'add', { a: 19, b: 23 })).msg.result).toMatchObject({
      content: [{ type: 'text', text: '42' }],
    });
  });
});

describe('2025-11-25 oracle: bad tool arguments', () => {
  let server: Server;
  let url: string;
  let session: Record<string, string>;
  beforeAll(async () => {
    url = await listen((server = create2025()));
    const init = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      {},
    );
    session = { 'MCP-Session-Id': init.headers.get('mcp-session-id')!, 'MCP-Protocol-Version': '2025-11-25' };
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...session },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
  });
  afterAll(() => server.close());
  const call = (id: number, params: Json) => post(url, { jsonrpc: '2.0', id, method: 'tools/call', params }, session);

  it.each([
    ['add', { a: 'x', b: 1 }, 'argument "a" must be a number'],
    ['echo', {}, 'argument "text" must be a string'],
    ['countdown', { n: 11 }, 'argument "n" must be an integer from 1 to 10'],
  ])(
    'answers %s with invalid arguments by a CallToolResult with isError, not a JSON-RPC error',
    async (name, args, message) => {
      const r = await call(1, { name, arguments: args });
      expect(r.msg.error).toBeUndefined();
      expect(r.msg.result).toMatchObject({ isError: true, content: [{ type: 'text', text: message }] });
    },
  );

  it('accepts a task-augmented call with invalid arguments as a task whose result is the tool execution error', async () => {
    const created = await call(2, { name: 'slow_square', arguments: { x: 3, delayMs: -1 }, task: { ttl: 60_000 } });
    const taskId = (created.msg.result as { task?: { taskId?: string } }).task?.taskId;
    expect(typeof taskId).toBe('string');
    const result = await post(url, { jsonrpc: '2.0', id: 3, method: 'tasks/result', params: { taskId } }, session);
    expect(result.msg.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'argument "delayMs" must be an integer from 0 to 60000' }],
    });
  });

  it('still answers an unknown tool with JSON-RPC -32602 (a protocol error)', async () => {
    expect((await call(4, { name: 'no_such_tool', arguments: {} })).msg.error).toMatchObject({ code: -32602 });
  });
});
