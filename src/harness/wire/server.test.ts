import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WireRecorder } from './recorder.ts';
import { startRecordingServer, type RecordingServer, type RequestHandler } from './server.ts';

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(
  handler: RequestHandler,
  limits = { maxBodyBytes: 1024, bodyTimeoutMs: 300, responseTimeoutMs: 2_000 },
) {
  const rec = new WireRecorder('reference', 64);
  server = await startRecordingServer(rec, handler, limits);
  return { rec, url: server.url, port: server.port };
}

/** Send raw bytes and collect whatever comes back until the server closes or `ms` pass. */
function raw(port: number, data: string, ms = 1_000, endAfterWrite = false): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let out = '';
    const done = () => {
      sock.destroy();
      resolve(out);
    };
    const timer = setTimeout(done, ms);
    sock.on('data', (c) => (out += c.toString('utf8')));
    sock.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    sock.on('error', () => undefined);
    sock.write(data);
    if (endAfterWrite) sock.end();
  });
}

const echo: RequestHandler = (req) => req.json(200, { got: req.body.toString('utf8') });

describe('startRecordingServer', () => {
  it('records raw request headers in wire order with their case, and the response', async () => {
    const { rec, port } = await start(echo);
    await raw(
      port,
      'POST /mcp HTTP/1.1\r\nHost: x\r\nX-B: 2\r\nx-a: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    const req = rec.events.find((e) => e.type === 'request');
    expect(req?.type === 'request' && req.headers).toEqual([
      ['Host', 'x'],
      ['X-B', '2'],
      ['x-a', '1'],
      ['Content-Length', '2'],
      ['Connection', 'close'],
    ]);
    expect(rec.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['conn-open', 'request', 'response', 'body', 'end']),
    );
  });

  it('answers an oversized body with 413 and keeps serving', async () => {
    const { rec, url } = await start(echo);
    const big = await fetch(url, { method: 'POST', body: 'x'.repeat(5_000) }).catch(() => undefined);
    if (big) expect(big.status).toBe(413);
    const small = await fetch(url, { method: 'POST', body: 'ok' });
    expect(await small.json()).toEqual({ got: 'ok' });
    const first = rec.events.find((e) => e.type === 'request');
    expect(first?.type === 'request' && first.body.truncated).toBe(true);
  });

  it('answers a body that never finishes with 408', async () => {
    const { rec, port } = await start(echo);
    const out = await raw(port, 'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"partial"', 2_000);
    expect(out).toContain('408');
    expect(rec.events.some((e) => e.type === 'request' && e.step === 'body-timeout')).toBe(true);
  });

  it('records a handler crash as an error and a 500', async () => {
    const { rec, url } = await start(() => {
      throw new Error('boom');
    });
    expect((await fetch(url)).status).toBe(500);
    expect(rec.events.some((e) => e.type === 'error' && e.code === 'HANDLER')).toBe(true);
  });

  it('records a client that drops an SSE stream as reset, and garbage HTTP as an error', async () => {
    let sent!: () => void;
    const once = new Promise<void>((r) => (sent = r));
    const { rec, port, url } = await start(async (req) => {
      const w = req.sse();
      w.send({ id: '1', data: 'hello' });
      sent();
      await w.done;
    });
    const ctl = new AbortController();
    const res = await fetch(url, { signal: ctl.signal });
    await once;
    ctl.abort();
    await res.body?.cancel().catch(() => undefined);
    await raw(port, 'this is not http\r\n\r\n', 1_000, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(rec.events.some((e) => e.type === 'sse' && e.data === 'hello')).toBe(true);
    expect(rec.events.some((e) => e.type === 'end' && e.reason === 'reset')).toBe(true);
    expect(rec.events.some((e) => e.type === 'error' && e.x === undefined)).toBe(true);
  });

  it('cuts an SSE connection after flushing its events when closed as aborted', async () => {
    const { rec, url } = await start((req) => {
      const w = req.sse();
      w.send({ id: 'a-0', retry: 300, data: '' });
      w.close('aborted');
    });
    const res = await fetch(url);
    let text = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
    } catch {
      // The cut connection ends the body with an error: expected.
    }
    expect(text).toContain('retry: 300');
    expect(rec.events.some((e) => e.type === 'end' && e.reason === 'aborted')).toBe(true);
  });

  it("lets an SSE caller's header replace a default of the same name in any case, written as given", async () => {
    const { rec, port } = await start((req) => {
      const w = req.sse({ 'CONTENT-TYPE': 'text/event-stream' });
      w.send({ data: 'x' });
      w.close();
    });
    const text = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(text).toContain('\r\nCONTENT-TYPE: text/event-stream\r\n');
    expect(text.toLowerCase().split('content-type:')).toHaveLength(2);
    const res = rec.events.find((e) => e.type === 'response');
    expect(res?.type === 'response' ? res.headers.filter(([k]) => k.toLowerCase() === 'content-type') : []).toEqual([
      ['CONTENT-TYPE', 'text/event-stream'],
    ]);
  });
});
