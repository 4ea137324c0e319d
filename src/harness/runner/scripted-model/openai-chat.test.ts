import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../../../bench/model-traffic/openai-chat.ts';
import type { ModelExchange } from '../../../bench/schema/model-traffic.ts';
import { SIDE_TURN } from './openai-chat.ts';
import { startScriptedModel, type ScriptedModel } from './server.ts';

const TOOLS = [{ type: 'function', function: { name: 'bash', parameters: { type: 'object' } } }];
const script = [
  { text: 'Reading the task.', toolCalls: [{ name: 'bash', arguments: { command: 'cat TASK.md' } }] },
  { toolCalls: [{ name: 'write', arguments: { filePath: 'a.sh', content: 'x' } }] },
];

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel(script, 'oracle-script');
});
afterAll(() => model.close());

/** POST a chat request the way an OpenAI SDK does, through the proxy's `/openai` prefix. */
async function chat(body: Record<string, unknown>) {
  const res = await fetch(`${model.origin}/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dummy' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
const exchange = (request: unknown, response: string): ModelExchange => ({
  n: 1,
  api: 'openai-chat',
  method: 'POST',
  path: '/openai/v1/chat/completions',
  t: 0,
  durationMs: 0,
  request: JSON.stringify(request),
  response,
});
const events = (text: string) => text.split('\n\n').filter((e) => e !== '');
const user = { role: 'user', content: 'Your task is described in TASK.md.' };

describe('scripted openai-chat over HTTP', () => {
  it('streams turn 0 as the API does with include_usage: role, text, call id+name, arguments, finish, usage, [DONE]', async () => {
    const request = {
      model: 'oracle-script',
      messages: [{ role: 'system', content: 'You are opencode.' }, user],
      tools: TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    };
    const r = await chat(request);
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/event-stream');
    const ev = events(r.text);
    expect(ev.every((e) => e.startsWith('data: '))).toBe(true);
    expect(ev.at(-1)).toBe('data: [DONE]');
    const chunks = ev.slice(0, -1).map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
    for (const c of chunks) expect(c).toMatchObject({ object: 'chat.completion.chunk', model: 'oracle-script' });
    // Every chunk but the last carries `usage: null`; the last has no choices and the usage.
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
    const deltas = chunks.slice(0, -1).map((c) => (c.choices as { delta: unknown; finish_reason: unknown }[])[0]);
    expect(deltas[0]).toEqual({
      index: 0,
      delta: { role: 'assistant', content: '', refusal: null },
      logprobs: null,
      finish_reason: null,
    });
    expect(deltas[1]!.delta).toEqual({ content: 'Reading the task.' });
    expect(deltas[2]!.delta).toEqual({
      tool_calls: [
        { index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'bash', arguments: '' } },
      ],
    });
    expect(deltas[3]!.delta).toEqual({
      tool_calls: [{ index: 0, function: { arguments: '{"command":"cat TASK.md"}' } }],
    });
    expect(deltas.at(-1)).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
    // The codec reads back what was sent.
    expect(openaiChatCodec.reply(exchange(request, r.text))).toMatchObject({
      text: 'Reading the task.',
      toolCalls: [{ name: 'bash', arguments: { command: 'cat TASK.md' } }],
      stopReason: 'tool_calls',
      usage: { input: expect.any(Number), cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('streams no usage chunk (and no usage: null) when include_usage was not asked for', async () => {
    const r = await chat({ messages: [user], tools: TOOLS, stream: true });
    const chunks = events(r.text)
      .slice(0, -1)
      .map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
    expect(chunks.every((c) => !('usage' in c))).toBe(true);
    expect(chunks.every((c) => (c.choices as unknown[]).length === 1)).toBe(true);
  });

  it('answers the turn the conversation asks for (assistant turns so far), non-streamed as one chat.completion', async () => {
    const request = {
      messages: [
        user,
        { role: 'assistant', content: 'Reading the task.', tool_calls: [] },
        { role: 'tool', tool_call_id: 'c', content: 'task' },
      ],
      tools: TOOLS,
    };
    const r = await chat(request);
    expect(r.type).toBe('application/json');
    const body = JSON.parse(r.text) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'oracle-script',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { type: 'function', function: { name: 'write', arguments: '{"filePath":"a.sh","content":"x"}' } },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: expect.any(Number), prompt_tokens_details: { cached_tokens: 0 } },
    });
    // After the script: "Done.", so the agent stops.
    const done = await chat({ ...request, messages: [...request.messages, { role: 'assistant', content: '' }] });
    expect(openaiChatCodec.reply(exchange({}, done.text))).toMatchObject({ text: 'Done.', stopReason: 'stop' });
  });

  it("answers a side request (no tools: opencode's title generator) with a short title, never the script's turn", async () => {
    const before = model.requests.length;
    const request = {
      messages: [
        { role: 'system', content: 'You are a title generator. You output ONLY a thread title.' },
        { role: 'user', content: 'Generate a title for this conversation:\n' },
        user,
      ],
      stream: true,
      stream_options: { include_usage: true },
    };
    const r = await chat(request);
    expect(openaiChatCodec.reply(exchange(request, r.text))).toMatchObject({
      text: SIDE_TURN.text,
      toolCalls: [],
      stopReason: 'stop',
    });
    expect(model.requests.length).toBe(before + 1);
    // The script is untouched: the next agent turn 0 is still the script's first turn.
    const next = await chat({ messages: [user], tools: TOOLS });
    expect(openaiChatCodec.reply(exchange({}, next.text))?.text).toBe('Reading the task.');
  });

  it('refuses what is not a chat completion with a 404 error object', async () => {
    const res = await fetch(`${model.origin}/openai/v1/models`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: expect.stringContaining('no route') } });
  });
});
