import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WireClient } from './client.ts';
import { WireRecorder } from './recorder.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** Start a throwaway local server; resolves to its base URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('WireClient', () => {
  it('sends headers exactly as given and records request, response, body and end', async () => {
    let seen: string[] = [];
    const base = await serve((req, res) => {
      seen = req.rawHeaders;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({
      method: 'POST',
      url: `${base}/mcp`,
      step: 's1',
      headers: [
        ['accept', 'application/json, text/event-stream'],
        ['X-Case', 'KeEp'],
      ],
      body: '{}',
      timeoutMs: 3000,
    });
    expect(seen).toEqual([
      'Host',
      base.slice(7),
      'accept',
      'application/json, text/event-stream',
      'X-Case',
      'KeEp',
      'Content-Length',
      '2',
    ]);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe('{"ok":true}');
    const types = rec.events.map((e) => e.type);
    expect(types.filter((t) => ['request', 'response', 'body', 'end'].includes(t))).toEqual([
      'request',
      'response',
      'body',
      'end',
    ]);
    expect(types).toContain('conn-open');
    expect(rec.events.find((e) => e.type === 'request')).toMatchObject({
      step: 's1',
      method: 'POST',
      path: '/mcp',
      conn: 0,
    });
    expect(rec.events.find((e) => e.type === 'conn-open')).toMatchObject({ conn: 0 });
    expect(rec.events.find((e) => e.type === 'end')).toMatchObject({ reason: 'complete' });
  });

  it('parses SSE framing into sse events and keeps the priming event', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('id: 1\ndata: \n\n');
      res.end('id: 2\nevent: message\ndata: {"a":\ndata: 1}\n\n');
    });
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 });
    expect(r.sse).toEqual([
      { id: '1', data: '' },
      { id: '2', event: 'message', data: '{"a":\n1}' },
    ]);
    expect(rec.events.filter((e) => e.type === 'sse')).toHaveLength(2);
    expect(rec.events.some((e) => e.type === 'body')).toBe(false);
  });

  it('records connection refused as an error event instead of throwing', async () => {
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({
      method: 'POST',
      url: 'http://127.0.0.1:1/mcp',
      headers: [],
      body: '{}',
      timeoutMs: 3000,
    });
    expect(r.error?.code).toBe('ECONNREFUSED');
    expect(rec.events.find((e) => e.type === 'error')).toMatchObject({ x: 0, code: 'ECONNREFUSED' });
  });

  it('ends a hanging response with reason timeout', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: x\n\n');
    });
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({ method: 'GET', url: base, headers: [], timeoutMs: 300 });
    expect(r.reason).toBe('timeout');
    expect(rec.events.find((e) => e.type === 'end')).toMatchObject({ reason: 'timeout' });
  });

  it('cuts a response past maxBytes and on a scripted abort', async () => {
    const base = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': req.url === '/big' ? 'application/octet-stream' : 'text/event-stream' });
      if (req.url === '/big') res.end(Buffer.alloc(5000, 1));
      else res.write(': open\n\n');
    });
    const rec = new WireRecorder('prober');
    const client = new WireClient(rec);
    const big = await client.send({ method: 'GET', url: `${base}/big`, headers: [], timeoutMs: 3000, maxBytes: 1000 });
    expect(big).toMatchObject({ reason: 'aborted', error: { code: 'EMAXBYTES' } });
    const ac = new AbortController();
    const p = client.send({
      method: 'GET',
      url: `${base}/stream`,
      headers: [],
      timeoutMs: 3000,
      signal: ac.signal,
      onResponse: () => ac.abort(),
    });
    expect((await p).reason).toBe('aborted');
  });

  it('records an unusable URL as an error event', async () => {
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({ method: 'GET', url: 'ftp://example/x', headers: [], timeoutMs: 100 });
    expect(r.error?.code).toBe('EBADURL');
  });
  it('records a header value with a control character instead of failing to parse the response', async () => {
    const raw = createNetServer((sock) => {
      sock.once('data', () =>
        sock.end('HTTP/1.1 200 OK\r\nMCP-Session-Id: a\x01b\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
      );
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      const rec = new WireRecorder('prober');
      const r = await new WireClient(rec).send({
        method: 'POST',
        url: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/mcp`,
        headers: [],
        body: '{}',
        timeoutMs: 3000,
      });
      expect(r.headers.find(([k]) => k === 'MCP-Session-Id')?.[1]).toBe('a\x01b');
    } finally {
      await new Promise((r) => raw.close(r));
    }
  });
});
