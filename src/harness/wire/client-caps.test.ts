import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WireEventSchema } from '../../bench/schema/wire-event.ts';
import { ProbeBudget } from '../probe/common/budget.ts';
import { WireClient } from './client.ts';
import { WireRecorder } from './recorder.ts';

/** The recording client against peers that flood it: every cap cuts, records a `truncated` event, and holds. */

let servers: (Server | NetServer)[] = [];
afterEach(async () => {
  for (const s of servers) {
    if ('closeAllConnections' in s) s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  servers = [];
});

async function listen<S extends Server | NetServer>(s: S): Promise<string> {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

/** An SSE endpoint that sends `n` tiny events in one write per 500, then ends. */
const flood = (n: number) =>
  listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (let i = 0; i < n; i += 500) res.write('data: x\n\n'.repeat(Math.min(500, n - i)));
      res.end();
    }),
  );

const truncations = (rec: WireRecorder) => rec.events.flatMap((e) => (e.type === 'truncated' ? [e] : []));

describe('WireClient caps', () => {
  it('keeps maxEvents SSE events of a flooding response, records the cut and ends the exchange as aborted', async () => {
    const base = await flood(5000);
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec, { maxEvents: 100 }).send({
      method: 'GET',
      url: base,
      headers: [],
      timeoutMs: 3000,
    });
    expect(r.sse).toHaveLength(100);
    expect(rec.events.filter((e) => e.type === 'sse')).toHaveLength(100);
    expect(truncations(rec)).toEqual([expect.objectContaining({ x: 0, cap: 'response-events', limit: 100 })]);
    expect(r).toMatchObject({ reason: 'aborted', error: { code: 'EMAXEVENTS' } });
  });

  it('caps SSE events over the whole run, and says the run is spent', async () => {
    const base = await flood(120);
    const rec = new WireRecorder('prober');
    const client = new WireClient(rec, { trialEvents: 150 });
    expect((await client.send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 })).sse).toHaveLength(120);
    expect(client.spent).toBeUndefined();
    expect((await client.send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 })).sse).toHaveLength(30);
    expect(client.spent).toBe('trial-events');
    expect(truncations(rec)).toEqual([expect.objectContaining({ x: 1, cap: 'trial-events', limit: 150 })]);
  });

  it('keeps exactly maxBytes of a large body, and caps bytes over the whole run', async () => {
    const base = await listen(createServer((_req, res) => res.end(Buffer.alloc(3000, 0x61))));
    const rec = new WireRecorder('prober');
    const client = new WireClient(rec, { maxBytes: 1000, trialBytes: 2500 });
    const first = await client.send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 });
    expect(first).toMatchObject({ reason: 'aborted', error: { code: 'EMAXBYTES' } });
    expect(first.body.length).toBe(1000);
    expect(rec.events.find((e) => e.type === 'body')).toMatchObject({ body: { bytes: 1000 } });
    await client.send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 });
    const third = await client.send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 });
    expect(third.body.length).toBeLessThan(1000);
    expect(client.spent).toBe('trial-bytes');
    // The third response hits both caps at once; each is on record.
    expect(truncations(rec).map((e) => e.cap)).toEqual([
      'response-bytes',
      'response-bytes',
      'response-bytes',
      'trial-bytes',
    ]);
  });

  it('cuts a storm of 1xx interim responses', async () => {
    const base = await listen(
      createNetServer((sock) => {
        sock.on('error', () => undefined);
        sock.once('data', () => {
          sock.write('HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n'.repeat(1000));
          sock.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
        });
      }),
    );
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec, { maxInterim: 10 }).send({
      method: 'GET',
      url: base,
      headers: [],
      timeoutMs: 3000,
    });
    expect(r.error?.code).toBe('EMAXINTERIM');
    expect(r.status).toBeUndefined();
    expect(truncations(rec)).toEqual([expect.objectContaining({ cap: 'interim-responses', limit: 10 })]);
  });

  it('records a request Node refuses to send (an SSE id past Latin-1 resent as Last-Event-ID) as an error', async () => {
    const base = await listen(createServer((_req, res) => res.end('{}')));
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({
      method: 'GET',
      url: base,
      headers: [['Last-Event-ID', 'stream-€-1']],
      timeoutMs: 1000,
    });
    expect(r.error?.code).toBe('ERR_INVALID_CHAR');
    expect(rec.events.map((e) => e.type)).toEqual(['request', 'error']);
  });

  it('decodes a UTF-8 character split across two TCP chunks of an SSE stream', async () => {
    const bytes = Buffer.from('data: é€😀\n\n', 'utf8');
    const base = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        // Cut inside é (bytes 6-7) and inside 😀 (bytes 11-14).
        res.write(bytes.subarray(0, 7));
        setTimeout(() => res.write(bytes.subarray(7, 13)), 20);
        setTimeout(() => res.end(bytes.subarray(13)), 40);
      }),
    );
    const r = await new WireClient(new WireRecorder('prober')).send({
      method: 'GET',
      url: base,
      headers: [],
      timeoutMs: 3000,
    });
    expect(r.sse).toEqual([{ data: 'é€😀' }]);
  });

  it('ignores an SSE retry past 2^53, so the recorded log stays valid', async () => {
    const base = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end(`retry: ${'9'.repeat(30)}\ndata: a\n\nretry: 300\ndata: b\n\n`);
      }),
    );
    const rec = new WireRecorder('prober');
    const r = await new WireClient(rec).send({ method: 'GET', url: base, headers: [], timeoutMs: 3000 });
    expect(r.sse).toEqual([{ data: 'a' }, { data: 'b', retry: 300 }]);
    for (const e of rec.events) expect(WireEventSchema.safeParse(e).success, e.type).toBe(true);
  });
});

describe('ProbeBudget', () => {
  it('skips (and notes) every step once a per-run cap of the client is spent', () => {
    const rec = new WireRecorder('prober');
    const budget = new ProbeBudget(rec, {}, () => 'trial-events');
    expect(budget.next('tools-list')).toBeUndefined();
    expect(rec.events).toEqual([
      expect.objectContaining({
        type: 'note',
        text: 'skipped step tools-list: the trial-events cap of this probe run is spent',
      }),
    ]);
  });
});
