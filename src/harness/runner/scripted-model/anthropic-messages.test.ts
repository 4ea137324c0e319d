import { afterEach, describe, expect, it } from 'vitest';
import { anthropicMessagesCodec } from '../../../bench/model-traffic/anthropic-messages.ts';
import type { ModelExchange } from '../../../bench/schema/model-traffic.ts';
import { SIDE_REPLY } from './anthropic-messages.ts';
import { startScriptedModel, type ScriptedModel } from './server.ts';
import type { ScriptedTurn } from './types.ts';

const script: ScriptedTurn[] = [
  { text: 'Reading the task.', toolCalls: [{ name: 'Bash', arguments: { command: 'cat TASK.md' } }] },
  { toolCalls: [{ name: 'Write', arguments: { file_path: 'start.sh', content: '#!/bin/sh\necho "hi"\n' } }] },
  { text: 'Done.' },
];

const TOOLS = [{ name: 'Bash', input_schema: { type: 'object' } }];
const user = { role: 'user', content: 'Read TASK.md and do the task.' };
const assistant = { role: 'assistant', content: [{ type: 'text', text: 'x' }] };

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** POST to the scripted model under the proxy's `/anthropic` prefix, as Claude Code does (`?beta=true`). */
async function post(path: string, body: unknown) {
  const res = await fetch(`${model!.origin}/anthropic${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'dummy', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The SSE stream as (event name, parsed data) pairs, checking each event's name matches its data's type. */
function events(text: string): { type: string; [k: string]: unknown }[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .trim()
    .split('\n\n')
    .map((block) => {
      const [ev, data, ...rest] = block.split('\n');
      expect(rest).toEqual([]);
      expect(ev).toMatch(/^event: /);
      expect(data).toMatch(/^data: /);
      const parsed = JSON.parse(data!.slice(6)) as { type: string };
      expect(parsed.type).toBe(ev!.slice(7));
      return parsed;
    });
}

const asExchange = (request: unknown, r: { type: string; text: string }): ModelExchange => ({
  n: 1,
  api: 'anthropic-messages',
  method: 'POST',
  path: '/anthropic/v1/messages',
  t: 0,
  durationMs: 1,
  status: 200,
  request: JSON.stringify(request),
  responseType: r.type,
  response: r.text,
});

describe('scripted model: Anthropic Messages over HTTP', () => {
  it('streams a turn with text and a tool call in the real event order, usage where the API puts it', async () => {
    model = await startScriptedModel(script, 'oracle-script');
    const body = { model: 'oracle-script', max_tokens: 32000, stream: true, tools: TOOLS, messages: [user] };
    const r = await post('/v1/messages?beta=true', body);
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/event-stream');
    const es = events(r.text);
    expect(
      es.map((e) => (e.type === 'content_block_delta' ? `delta:${(e.delta as { type: string }).type}` : e.type)),
    ).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'delta:text_delta',
      'content_block_stop',
      'content_block_start',
      'delta:input_json_delta',
      'delta:input_json_delta',
      'delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = es[0]!.message as Record<string, unknown>;
    expect(start).toMatchObject({ type: 'message', role: 'assistant', model: 'oracle-script', content: [] });
    expect(start.stop_reason).toBeNull();
    expect(start.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 });
    expect((start.usage as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
    expect(es[5]).toMatchObject({ index: 1, content_block: { type: 'tool_use', name: 'Bash', input: {} } });
    expect((es[5]!.content_block as { id: string }).id).toMatch(/^toolu_/);
    const delta = es.at(-2)!;
    expect(delta.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
    expect((delta.usage as { output_tokens: number }).output_tokens).toBeGreaterThan(1);
    // What the proxy would record reads back as the scripted turn.
    expect(anthropicMessagesCodec.reply(asExchange(body, r))).toMatchObject({
      text: 'Reading the task.',
      toolCalls: [{ name: 'Bash', arguments: { command: 'cat TASK.md' } }],
      stopReason: 'tool_use',
    });
  });

  it('picks the turn by the assistant messages in the conversation (a system-role message is not one)', async () => {
    model = await startScriptedModel(script, 'oracle-script');
    const system = { role: 'system', content: [{ type: 'text', text: '# Environment' }] };
    const r = await post('/v1/messages', {
      stream: true,
      tools: TOOLS,
      messages: [
        user,
        system,
        assistant,
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] },
      ],
    });
    const reply = anthropicMessagesCodec.reply(asExchange({}, r));
    expect(reply?.toolCalls).toEqual([
      { id: expect.stringMatching(/^toolu_/) as string, name: 'Write', arguments: script[1]!.toolCalls![0]!.arguments },
    ]);
    const done = await post('/v1/messages', {
      stream: true,
      tools: TOOLS,
      messages: [user, assistant, user, assistant, user],
    });
    expect(events(done.text).at(-2)).toMatchObject({ delta: { stop_reason: 'end_turn' } });
    expect(anthropicMessagesCodec.reply(asExchange({}, done))?.text).toBe('Done.');
  });

  it('answers without a stream as one message object', async () => {
    model = await startScriptedModel(script, 'oracle-script');
    const r = await post('/v1/messages', { model: 'oracle-script', max_tokens: 1024, tools: TOOLS, messages: [user] });
    expect(r.type).toBe('application/json');
    const m = JSON.parse(r.text) as Record<string, unknown>;
    expect(m).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'oracle-script',
      stop_reason: 'tool_use',
      stop_sequence: null,
      content: [
        { type: 'text', text: 'Reading the task.' },
        { type: 'tool_use', name: 'Bash', input: { command: 'cat TASK.md' } },
      ],
      usage: { cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
    expect(m.id).toMatch(/^msg_/);
  });

  it('answers side requests (no tools offered, token counting) without advancing or breaking the script', async () => {
    model = await startScriptedModel(script, 'oracle-script');
    const title = await post('/v1/messages', {
      model: 'claude-haiku-4-5',
      max_tokens: 512,
      system: 'Generate a short title for this coding session.',
      messages: [user],
    });
    expect(JSON.parse(title.text)).toMatchObject({
      content: [{ type: 'text', text: SIDE_REPLY.text }],
      stop_reason: 'end_turn',
    });
    const streamedSide = await post('/v1/messages', {
      stream: true,
      max_tokens: 1,
      messages: [{ role: 'user', content: 'quota' }],
    });
    expect(anthropicMessagesCodec.reply(asExchange({}, streamedSide))?.text).toBe(SIDE_REPLY.text);
    const count = await post('/v1/messages/count_tokens?beta=true', { model: 'x', tools: TOOLS, messages: [user] });
    expect(count.type).toBe('application/json');
    expect(Object.keys(JSON.parse(count.text) as object)).toEqual(['input_tokens']);
    // The agent's first turn is still turn 0 of the script.
    const first = await post('/v1/messages', { stream: true, tools: TOOLS, messages: [user] });
    expect(anthropicMessagesCodec.reply(asExchange({}, first))?.text).toBe('Reading the task.');
    expect(model.requests.map((q) => q.api)).toEqual(Array(4).fill('anthropic-messages'));
  });
});
