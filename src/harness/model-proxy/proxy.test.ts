import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseModelTraffic } from '../../bench/model-traffic/parse.ts';
import { startScriptedModel } from '../runner/scripted-model/server.ts';
import { startModelProxy, type ModelProxy } from './proxy.ts';

/** An upstream that answers every request with what it received (headers and path), as a provider would see it. */
async function echoUpstream(): Promise<{
  origin: string;
  seen: { path: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}> {
  const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (b: Buffer) => (body += b.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function proxyTo(origin: string, o: Partial<Parameters<typeof startModelProxy>[0]> = {}): Promise<ModelProxy> {
  const p = await startModelProxy({
    upstreams: {
      anthropic: { origin, key: 'sk-real-anthropic' },
      openai: { origin, key: 'sk-real-openai' },
      gemini: { origin, key: 'real-gemini' },
    },
    key: 'dummy-key',
    ...o,
  });
  closers.push(() => p.close());
  return p;
}

const chat = (turns = 0) => ({
  model: 'm',
  stream: true,
  messages: [
    { role: 'user', content: 'hi' },
    ...Array.from({ length: turns }, () => ({ role: 'assistant', content: 'x' })),
  ],
});

describe('the model proxy', () => {
  it('swaps the dummy key for the real one and forwards nothing else that authenticates', async () => {
    const up = await echoUpstream();
    closers.push(up.close);
    const p = await proxyTo(up.origin);
    const a = await fetch(`${p.origin}/anthropic/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': 'dummy-key',
        'anthropic-version': '2023-06-01',
        cookie: 'c=1',
        'content-type': 'application/json',
      },
      body: '{"model":"m","messages":[]}',
    });
    expect(a.status).toBe(200);
    const o = await fetch(`${p.origin}/openai/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer dummy-key' },
      body: '{}',
    });
    expect(o.status).toBe(200);
    const g = await fetch(`${p.origin}/gemini/v1beta/models/g:generateContent?key=dummy-key&alt=sse`, {
      method: 'POST',
      body: '{}',
    });
    expect(g.status).toBe(200);
    expect(up.seen.map((s) => s.path)).toEqual([
      '/v1/messages',
      '/v1/responses',
      '/v1beta/models/g:generateContent?alt=sse',
    ]);
    expect(up.seen[0]!.headers['x-api-key']).toBe('sk-real-anthropic');
    expect(up.seen[0]!.headers['anthropic-version']).toBe('2023-06-01');
    expect(up.seen[0]!.headers.cookie).toBeUndefined();
    expect(up.seen[1]!.headers.authorization).toBe('Bearer sk-real-openai');
    expect(up.seen[2]!.headers['x-goog-api-key']).toBe('real-gemini');
    expect(JSON.stringify(up.seen)).not.toContain('dummy-key');
    // The record never holds the key the sandbox presented in a query either.
    expect(p.exchanges.map((x) => x.path)).toEqual([
      '/anthropic/v1/messages',
      '/openai/v1/responses',
      '/gemini/v1beta/models/g:generateContent?key=%5Bredacted%5D&alt=sse',
    ]);
    expect(p.exchanges.map((x) => x.api)).toEqual(['anthropic-messages', 'openai-responses', 'gemini-generate']);
  });

  it('refuses a request without this trial’s key, and records the refusal without forwarding it', async () => {
    const up = await echoUpstream();
    closers.push(up.close);
    const p = await proxyTo(up.origin);
    const r = await fetch(`${p.origin}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer guess' },
      body: '{}',
    });
    expect(r.status).toBe(401);
    expect(up.seen).toEqual([]);
    expect(p.exchanges[0]).toMatchObject({ n: 1, api: 'openai-chat', refused: 'unauthorized', status: 401 });
  });

  it('streams the scripted model’s answer through unchanged and measures its usage from it', async () => {
    const model = await startScriptedModel([{ text: 'hello' }]);
    closers.push(model.close);
    const p = await proxyTo(model.origin);
    const via = await (
      await fetch(`${p.origin}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer dummy-key' },
        body: JSON.stringify(chat()),
      })
    ).text();
    const direct = await (
      await fetch(`${model.origin}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(chat()) })
    ).text();
    expect(via.replace(/scripted-\d+/g, 'ID')).toBe(direct.replace(/scripted-\d+/g, 'ID'));
    expect(p.exchanges[0]!.response).toBe(via);
    const parsed = parseModelTraffic('k1.model.jsonl', p.sidecar());
    expect(parsed.problems).toEqual([]);
    expect(parsed.traffic!.exchanges).toHaveLength(1);
  });

  it('ends the session when the request budget is spent and refuses what comes after', async () => {
    const model = await startScriptedModel([{ text: 'a' }, { text: 'b' }]);
    closers.push(model.close);
    const ended: string[] = [];
    const p = await proxyTo(model.origin, { budget: { requests: 1 }, onExhausted: (e) => ended.push(e.detail ?? '') });
    const send = () =>
      fetch(`${p.origin}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer dummy-key' },
        body: JSON.stringify(chat()),
      });
    expect((await send()).status).toBe(200);
    const second = await send();
    expect(second.status).toBe(400);
    expect(await second.text()).toContain('budget requests = 1 reached');
    expect(ended).toEqual(['budget requests = 1 reached: 1 requests spent']);
    expect(model.requests).toHaveLength(1);
    expect(p.end).toMatchObject({ budgetExhausted: 'requests' });
    const parsed = parseModelTraffic('k1.model.jsonl', p.sidecar());
    expect(parsed.traffic!.end?.budgetExhausted).toBe('requests');
    expect(parsed.traffic!.exchanges[1]!.refused).toBe('budget');
  });
});

describe('the trial proxy', () => {
  it('refuses a cost budget on a model the price table does not price: it could never be reached', async () => {
    const { startTrialProxy } = await import('../runner/trial-proxy.ts');
    await expect(
      startTrialProxy({
        subject: { kind: 'agent', id: 'agent/pi@1/acme/unpriced/off', label: 'x', provider: 'acme', model: 'unpriced' },
        budget: { costUsd: 1 },
        onExhausted: () => {},
      }),
    ).rejects.toThrow(/--budget-usd: acme\/unpriced is not in the price table/);
  });
});
