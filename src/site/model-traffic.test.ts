import { describe, expect, it } from 'vitest';
import type { ApiCodec } from '../bench/model-traffic/types.ts';
import type { ModelExchange } from '../bench/schema/model-traffic.ts';
import { clip, endText, modelTrafficView, tokensLine } from './model-traffic.ts';
import { fixtureModelTraffic } from '../testing/model-traffic-fixture.ts';

// A toy API codec: the request body is {tools, user?, results?}, the response {text, calls?, stop?, usage?}. The view
// only calls the codec interface, so the real codecs (tested with the proxy) read real bodies the same way.
const toy: ApiCodec = {
  api: 'openai-chat',
  request(x) {
    try {
      const b = JSON.parse(x.request) as {
        tools: string[];
        user?: string;
        results?: [string, string][];
        turns?: number;
      };
      return {
        model: 'toy-model',
        tools: b.tools,
        stream: false,
        assistantTurns: b.turns ?? 0,
        ...(b.user !== undefined ? { userText: b.user } : {}),
        toolResults: (b.results ?? []).map(([callId, content]) => ({ callId, content })),
      };
    } catch {
      return undefined;
    }
  },
  reply(x) {
    try {
      const b = JSON.parse(x.response) as {
        text: string;
        calls?: [string, string, unknown][];
        stop?: string;
        usage?: [number, number, number, number];
      };
      return {
        model: 'toy-model-2026',
        text: b.text,
        toolCalls: (b.calls ?? []).map(([id, name, args]) => ({ id, name, arguments: args })),
        ...(b.stop ? { stopReason: b.stop } : {}),
        ...(b.usage
          ? { usage: { input: b.usage[0], output: b.usage[1], cacheRead: b.usage[2], cacheWrite: b.usage[3] } }
          : {}),
      };
    } catch {
      return undefined;
    }
  },
};
const codecs = { 'openai-chat': toy };

let n = 0;
const x = (o: Partial<ModelExchange>): ModelExchange => ({
  n: ++n,
  api: 'openai-chat',
  method: 'POST',
  path: '/v1/chat/completions',
  t: 1500,
  firstByteMs: 340,
  durationMs: 2100,
  status: 200,
  request: '{}',
  response: '{}',
  ...o,
});
const header = {
  format: 'mcpfs.model-traffic/1',
  upstreams: { 'openai-chat': 'https://api.example.test' },
  budget: { tokens: 200000, requests: 50 },
};
const sidecar = (lines: object[]) => [header, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n';

function trial() {
  n = 0;
  return sidecar([
    x({
      request: JSON.stringify({ tools: ['read', 'write', 'edit', 'bash'], user: 'Build the server <b>now</b>' }),
      response: JSON.stringify({
        text: 'I will write it.',
        calls: [['c1', 'write', { path: 'server.ts', content: 'x' }]],
        stop: 'tool_calls',
        usage: [1200, 340, 9000, 0],
      }),
    }),
    x({
      t: 4000,
      firstByteMs: undefined,
      request: JSON.stringify({ tools: [] }),
      response: JSON.stringify({ text: 'Title:\n  Build a server', usage: [50, 5, 0, 0] }),
    }),
    x({
      t: 5000,
      request: JSON.stringify({
        tools: ['read', 'write', 'edit', 'bash'],
        results: [['c1', 'wrote 1 byte']],
        turns: 1,
      }),
      response: JSON.stringify({ text: 'Done.', stop: 'stop', usage: [1300, 20, 9000, 100] }),
    }),
    x({ t: 9000, durationMs: 1, status: 429, refused: 'budget', response: '{"error":"budget"}' }),
    { end: true, budgetExhausted: 'tokens', detail: '200,512 of 200,000 tokens' },
  ]);
}

describe('modelTrafficView', () => {
  it('lists each main-conversation turn: new input, reply, tokens, timing, exchange number and API', () => {
    const v = modelTrafficView('k1.model.jsonl', trial(), codecs);
    expect(v.problems).toEqual([]);
    const [first, second] = v.steps;
    expect(first).toMatchObject({
      kind: 'turn',
      n: 1,
      id: 'm-1',
      api: 'openai-chat',
      at: '+1.5 s',
      timing: 'latency 2.1 s · first byte 340 ms · HTTP 200',
      model: 'toy-model-2026',
      request: {
        line: '4 tools offered · not streamed · 0 earlier turns',
        userText: { text: 'Build the server <b>now</b>' },
      },
      reply: { text: { text: 'I will write it.' }, stopReason: 'tool_calls' },
      tokens: 'in 1,200 · out 340 · cached 9,000 · cache write 0',
    });
    if (first?.kind !== 'turn') throw new Error('turn expected');
    expect(first.reply.toolCalls).toEqual([
      { id: 'c1', name: 'write', args: { text: '{\n  "path": "server.ts",\n  "content": "x"\n}' } },
    ]);
    expect(second).toMatchObject({
      kind: 'turn',
      n: 3,
      request: { toolResults: [{ callId: 'c1', content: { text: 'wrote 1 byte' } }] },
      reply: { stopReason: 'stop' },
    });
  });

  it('lists side requests (no tools) compactly, apart from the turns', () => {
    const v = modelTrafficView('k1.model.jsonl', trial(), codecs);
    expect(v.side).toEqual([
      {
        n: 2,
        id: 'm-2',
        api: 'openai-chat',
        at: '+4 s',
        timing: 'latency 2.1 s · HTTP 200',
        model: 'toy-model-2026',
        tokens: 'in 50 · out 5 · cached 0 · cache write 0',
        answer: 'Title: Build a server',
      },
    ]);
  });

  it('shows a refused exchange as refused, the budget, the end line and the totals', () => {
    const v = modelTrafficView('k1.model.jsonl', trial(), codecs);
    expect(v.steps.at(-1)).toMatchObject({
      kind: 'refused',
      n: 4,
      reason: 'budget',
      text: 'refused by the proxy: the model budget was spent',
    });
    expect(v.budget).toBe('tokens 200,000 · requests 50');
    expect(v.upstreams).toEqual(['openai-chat → https://api.example.test']);
    expect(v.end).toBe('session ended by the model budget (tokens: 200,512 of 200,000 tokens)');
    expect(v.summary).toBe(
      '4 exchanges: 2 turns, 1 side request, 1 refused · tokens in 2,550 · out 365 · cached 18,000 · cache write 100',
    );
  });

  it('lists an exchange no codec reads as unread, with its status or error, and never throws', () => {
    n = 0;
    const text = sidecar([
      x({ api: 'gemini-generate', path: '/v1beta/models/x:generateContent' }),
      x({ status: 500, response: 'upstream exploded' }),
      x({ status: undefined, error: 'ECONNRESET', response: '' }),
    ]);
    const v = modelTrafficView('k1.model.jsonl', text, codecs);
    expect(v.steps.map((s) => [s.kind, s.kind === 'turn' ? '' : s.text])).toEqual([
      ['unread', 'no reader for the gemini-generate API on this site'],
      ['unread', 'HTTP 500: upstream exploded'],
      ['unread', 'transport error: ECONNRESET'],
    ]);
    expect(v.summary).toContain('3 unread');
    expect(v.summary).toContain('tokens not reported');
    expect(v.end).toBeUndefined();
  });

  it('reports an unreadable sidecar instead of throwing', () => {
    const v = modelTrafficView('k1.model.jsonl', '{"format":"nope"}\n', codecs);
    expect(v.steps).toEqual([]);
    expect(v.problems.join('\n')).toContain('k1.model.jsonl');
  });
});

describe('clip, tokensLine, endText', () => {
  it('cuts long text and says how much is left, by characters', () => {
    expect(clip('abc', 5)).toEqual({ text: 'abc' });
    expect(clip('é'.repeat(7), 5)).toEqual({ text: 'ééééé', more: '… 2 more characters in model.jsonl' });
  });
  it('says when a reply reported no usage, and an end line without a budget', () => {
    expect(tokensLine(undefined)).toBe('not reported');
    expect(endText({ end: true })).toBe('the proxy ended the session');
  });
});

describe('modelTrafficView with the registered codecs', () => {
  it('reads an Anthropic Messages conversation: turns, the side request, the refusal', () => {
    const v = modelTrafficView('k6.model.jsonl', fixtureModelTraffic());
    expect(v.steps.map((s) => [s.kind, s.n])).toEqual([
      ['turn', 1],
      ['turn', 3],
      ['refused', 4],
    ]);
    const [first, second] = v.steps;
    if (first?.kind !== 'turn' || second?.kind !== 'turn') throw new Error('turns expected');
    expect(first.request.userText?.text).toContain('Build the MCP server');
    expect(first.reply.toolCalls.map((c) => c.name)).toEqual(['write']);
    expect(first.tokens).toBe('in 1,200 · out 80 · cached 0 · cache write 1,000');
    expect(second.request.toolResults.map((r) => r.callId)).toEqual(['toolu_fixture_1']);
    expect(second.reply.stopReason).toBe('end_turn');
    expect(v.side.map((s) => s.answer)).toEqual(['MCP server <i>title</i>']);
  });
});
