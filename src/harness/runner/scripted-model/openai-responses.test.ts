import { afterEach, describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from '../../../bench/model-traffic/openai-responses.ts';
import { startScriptedModel, type ScriptedModel } from './server.ts';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const turns = [
  { text: 'Reading the task.', toolCalls: [{ name: 'exec_command', arguments: { cmd: 'cat TASK.md' } }] },
  { text: 'Done.' },
];

async function post(body: unknown) {
  const res = await fetch(`${model!.origin}/openai/v1/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** SSE blocks as `{event, data}`: the event name line and the JSON data line of each. */
function events(text: string) {
  return text
    .trim()
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^event: /);
      expect(lines[1]).toMatch(/^data: /);
      return { event: lines[0]!.slice(7), data: JSON.parse(lines[1]!.slice(6)) as Record<string, unknown> };
    });
}

// What Codex sends (store false, the whole conversation in `input`, earlier output items replayed).
const user = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Do the task.' }] };
const developer = { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'You are Codex.' }] };

describe('scripted model: OpenAI Responses over HTTP', () => {
  it('streams turn 1 as the API does: named events in order, sequence numbers, usage only in response.completed', async () => {
    model = await startScriptedModel(turns, 'oracle-script');
    const r = await post({ model: 'oracle-script', stream: true, store: false, input: [developer, user], tools: [] });
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/event-stream');
    expect(r.text).not.toContain('[DONE]');
    const ev = events(r.text);
    expect(ev.map((e) => e.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    ev.forEach((e, i) => {
      expect(e.data.type).toBe(e.event);
      expect(e.data.sequence_number).toBe(i);
    });
    expect(ev[0]!.data.response).toMatchObject({ object: 'response', status: 'in_progress', output: [], usage: null });
    expect(ev[2]!.data).toMatchObject({
      output_index: 0,
      item: { type: 'message', status: 'in_progress', content: [] },
    });
    expect(ev[4]!.data).toMatchObject({ output_index: 0, content_index: 0, delta: 'Reading the task.' });
    const call = {
      type: 'function_call',
      status: 'completed',
      name: 'exec_command',
      arguments: '{"cmd":"cat TASK.md"}',
    };
    expect(ev[8]!.data).toMatchObject({ output_index: 1, item: { ...call, status: 'in_progress', arguments: '' } });
    expect(ev[10]!.data).toMatchObject({ output_index: 1, name: 'exec_command', arguments: call.arguments });
    expect(ev[11]!.data).toMatchObject({ output_index: 1, item: call });
    const done = ev[12]!.data.response as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'completed', model: 'oracle-script' });
    expect(done.output).toHaveLength(2);
    const usage = done.usage as Record<string, unknown>;
    expect(usage).toMatchObject({
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
    expect(usage.total_tokens).toBe((usage.input_tokens as number) + (usage.output_tokens as number));
    for (const e of ev.slice(0, -1)) expect(JSON.stringify(e.data)).not.toContain('"input_tokens"');
    // The codec reads what the scripted model wrote.
    const reply = openaiResponsesCodec.reply({
      n: 1,
      api: 'openai-responses',
      method: 'POST',
      path: '/openai/v1/responses',
      t: 0,
      durationMs: 1,
      request: '{}',
      responseType: r.type,
      response: r.text,
    });
    expect(reply).toMatchObject({
      text: 'Reading the task.',
      toolCalls: [{ name: 'exec_command', arguments: { cmd: 'cat TASK.md' } }],
      stopReason: 'completed',
    });
  });

  it('answers the turn after the replayed output items, and a non-streamed request with one response object', async () => {
    model = await startScriptedModel(turns, 'oracle-script');
    const first = events((await post({ stream: true, input: [developer, user] })).text);
    const items = (first.at(-1)!.data.response as { output: { call_id?: string }[] }).output;
    const output = { type: 'function_call_output', call_id: items[1]!.call_id, output: 'the task' };
    const r = await post({ model: 'oracle-script', input: [developer, user, ...items, output] });
    expect(r.type).toContain('application/json');
    const body = JSON.parse(r.text) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] }],
      usage: { input_tokens_details: { cached_tokens: 0 } },
    });
    // After the script: "Done." again, so the harness stops.
    const after = await post({ input: [developer, user, ...items, output, ...(body.output as unknown[])] });
    expect(JSON.parse(after.text)).toMatchObject({ output: [{ content: [{ text: 'Done.' }] }] });
    expect(model.requests.map((q) => q.api)).toEqual(['openai-responses', 'openai-responses', 'openai-responses']);
  });
});
