import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WireRecorder } from './recorder.ts';
import { startRecordingServer, type RecordingServer, type RequestHandler, type ServerLimits } from './server.ts';

/** The recording server against clients that flood it: past a per-trial cap nothing more is recorded, and it says so. */

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(limits: Partial<ServerLimits>, handler: RequestHandler = (req) => req.json(200, { ok: true })) {
  const rec = new WireRecorder('reference');
  server = await startRecordingServer(rec, handler, limits);
  return { rec, port: server.port };
}

/** Open a connection and run `use`; resolves with what came back and who closed (`server`, or `client` at `ms`). */
function talk(
  port: number,
  use: (s: Socket) => void,
  ms = 5000,
): Promise<{ text: string; closedBy: 'server' | 'client' }> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let text = '';
    let mine = false;
    const t = setTimeout(() => ((mine = true), s.destroy()), ms);
    s.on('data', (c) => (text += c.toString('latin1')));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(t);
      resolve({ text, closedBy: mine ? 'client' : 'server' });
    });
    s.on('connect', () => use(s));
  });
}

const post = (body: string) =>
  `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
const send = (port: number, body = '{}') => talk(port, (s) => s.write(post(body)));
const types = (rec: WireRecorder, type: string) => rec.events.filter((e) => e.type === type);

describe('startRecordingServer caps', () => {
  it('answers requests past maxRequests with 503 without recording them, and notes how many at close', async () => {
    const { rec, port } = await start({ maxRequests: 3 });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push((await send(port)).text.split('\r\n')[0]);
    expect(replies).toEqual([
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      'HTTP/1.1 503 Service Unavailable',
      'HTTP/1.1 503 Service Unavailable',
    ]);
    expect(types(rec, 'request')).toHaveLength(3);
    expect(types(rec, 'truncated')).toEqual([expect.objectContaining({ cap: 'requests', limit: 3 })]);
    await server!.close();
    expect(types(rec, 'note').at(-1)).toMatchObject({ data: { requests: 2, connections: 0, dropped: 0 } });
  });

  it('stops recording requests once the recorded bytes of the trial are spent', async () => {
    const { rec, port } = await start({ maxRecordedBytes: 1500 });
    for (let i = 0; i < 4; i++) await send(port, JSON.stringify({ pad: 'p'.repeat(900) }));
    expect(types(rec, 'request')).toHaveLength(2);
    expect(types(rec, 'truncated')).toEqual([expect.objectContaining({ cap: 'request-bytes', limit: 1500 })]);
  });

  it('closes connections past maxConnections at once, unrecorded', async () => {
    const { rec, port } = await start({ maxConnections: 2 });
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await send(port)).text.startsWith('HTTP/1.1 200'));
    expect(outcomes).toEqual([true, true, false, false]);
    expect(types(rec, 'conn-open')).toHaveLength(2);
    expect(types(rec, 'truncated')).toEqual([expect.objectContaining({ cap: 'connections', limit: 2 })]);
  });

  it('drops connections past maxOpenConnections while the others are open', async () => {
    const { rec, port } = await start({ maxOpenConnections: 2 });
    const idle: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const s = connect(port, '127.0.0.1');
      s.on('error', () => undefined);
      idle.push(s);
      await new Promise((r) => s.once('connect', r));
    }
    await new Promise((r) => setTimeout(r, 50));
    expect((await send(port)).text).toBe('');
    for (const s of idle) s.destroy();
    expect(types(rec, 'truncated')).toEqual([expect.objectContaining({ cap: 'open-connections', limit: 2 })]);
  });

  it('answers an endless chunked body with 413 at maxBodyBytes and closes the connection', async () => {
    const { rec, port } = await start({ maxBodyBytes: 4096 });
    const piece = Buffer.from(`400\r\n${' '.repeat(0x400)}\r\n`);
    const r = await talk(port, (s) => {
      s.write('POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
      const go = () => {
        while (!s.destroyed) if (!s.write(piece)) return void s.once('drain', go);
      };
      go();
    });
    expect(r.closedBy).toBe('server');
    expect(r.text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(types(rec, 'request')).toEqual([
      expect.objectContaining({ step: 'body-too-large', body: expect.objectContaining({ truncated: true }) }),
    ]);
  });

  it('closes a connection whose headers never finish (slowloris) after headersTimeoutMs', async () => {
    const { port } = await start({ headersTimeoutMs: 300 });
    const r = await talk(port, (s) => {
      const text = 'POST /mcp HTTP/1.1\r\nHost: x\r\n' + 'X-Slow: v\r\n'.repeat(1000);
      let i = 0;
      const t = setInterval(() => (s.destroyed ? clearInterval(t) : s.write(text[i++] ?? 'x')), 20);
      s.once('close', () => clearInterval(t));
    });
    expect(r.closedBy).toBe('server');
  });
});
