import { describe, expect, it } from 'vitest';
import type { ModelExchange } from '../schema/model-traffic.ts';
import { CODECS } from './codecs.ts';
import { openaiResponsesCodec as codec, responsesTurns } from './openai-responses.ts';

const exchange = (response: string, responseType?: string, request = '{}'): ModelExchange => ({
  n: 1,
  api: 'openai-responses',
  method: 'POST',
  path: '/openai/v1/responses',
  t: 0,
  durationMs: 1,
  status: 200,
  request,
  ...(responseType ? { responseType } : {}),
  response,
});

const sse = (events: Record<string, unknown>[]) =>
  events.map((e) => `event: ${e.type as string}\ndata: ${JSON.stringify(e)}\n\n`).join('');

// The API reference's "Create a model response" example (platform.openai.com/docs/api-reference/responses/create).
const TEXT_RESPONSE = {
  id: 'resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b',
  object: 'response',
  created_at: 1741476542,
  status: 'completed',
  error: null,
  incomplete_details: null,
  instructions: null,
  max_output_tokens: null,
  model: 'gpt-4.1-2025-04-14',
  output: [
    {
      type: 'message',
      id: 'msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b',
      status: 'completed',
      role: 'assistant',
      content: [
        {
          type: 'output_text',
          text: 'In a peaceful grove beneath a silver moon, a unicorn named Lumina discovered a hidden pool.',
          annotations: [],
        },
      ],
    },
  ],
  parallel_tool_calls: true,
  previous_response_id: null,
  reasoning: { effort: null, summary: null },
  store: true,
  temperature: 1.0,
  text: { format: { type: 'text' } },
  tool_choice: 'auto',
  tools: [],
  top_p: 1.0,
  truncation: 'disabled',
  usage: {
    input_tokens: 36,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 87,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 123,
  },
  user: null,
  metadata: {},
};

// The function-calling guide's output item (platform.openai.com/docs/guides/function-calling), with a reasoning
// item and cached prompt tokens as a reasoning model reports them (prompt-caching guide: cached_tokens is part of
// input_tokens; reasoning_tokens is part of output_tokens).
const TOOL_RESPONSE = {
  ...TEXT_RESPONSE,
  id: 'resp_67ca09c5efe0819096d0511c92b8c890096610f474011cc0',
  model: 'o4-mini-2025-04-16',
  output: [
    {
      id: 'rs_6806bfca0b2481918a5748308061a2600d3ce51bdffd5476',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: '**Checking the weather**' }],
    },
    {
      type: 'function_call',
      id: 'fc_67ca09c6bedc8190a7abfec07b1a1332096610f474011cc0',
      call_id: 'call_unLAR8MvFNptuiZK6K6HCy5k',
      name: 'get_current_weather',
      arguments: '{"location":"Boston, MA","unit":"celsius"}',
      status: 'completed',
    },
  ],
  usage: {
    input_tokens: 2006,
    input_tokens_details: { cached_tokens: 1920 },
    output_tokens: 300,
    output_tokens_details: { reasoning_tokens: 256 },
    total_tokens: 2306,
  },
};

// The streaming reference's events (platform.openai.com/docs/api-reference/responses-streaming), in the order the API
// sends them for a text answer.
const msg = TEXT_RESPONSE.output[0]!;
const text = msg.content[0]!.text;
const STREAM = [
  { type: 'response.created', response: { ...TEXT_RESPONSE, status: 'in_progress', output: [], usage: null } },
  { type: 'response.in_progress', response: { ...TEXT_RESPONSE, status: 'in_progress', output: [], usage: null } },
  { type: 'response.output_item.added', output_index: 0, item: { ...msg, status: 'in_progress', content: [] } },
  {
    type: 'response.content_part.added',
    item_id: msg.id,
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', text: '', annotations: [] },
  },
  { type: 'response.output_text.delta', item_id: msg.id, output_index: 0, content_index: 0, delta: 'In' },
  { type: 'response.output_text.delta', item_id: msg.id, output_index: 0, content_index: 0, delta: text.slice(2) },
  { type: 'response.output_text.done', item_id: msg.id, output_index: 0, content_index: 0, text },
  {
    type: 'response.content_part.done',
    item_id: msg.id,
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', text, annotations: [] },
  },
  { type: 'response.output_item.done', output_index: 0, item: msg },
  { type: 'response.completed', response: TEXT_RESPONSE },
].map((e, i) => ({ ...e, sequence_number: i }));

describe('openai-responses codec', () => {
  it('is registered', () => {
    expect(CODECS['openai-responses']).toBe(codec);
  });

  it('reads a non-streamed response: text, model, status, usage', () => {
    expect(codec.reply(exchange(JSON.stringify(TEXT_RESPONSE), 'application/json'))).toEqual({
      model: 'gpt-4.1-2025-04-14',
      text,
      toolCalls: [],
      stopReason: 'completed',
      usage: { input: 36, output: 87, cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('reads tool calls and reasoning; input is the uncached part, output includes reasoning tokens', () => {
    expect(codec.reply(exchange(JSON.stringify(TOOL_RESPONSE), 'application/json'))).toEqual({
      model: 'o4-mini-2025-04-16',
      text: '',
      reasoning: '**Checking the weather**',
      toolCalls: [
        {
          id: 'call_unLAR8MvFNptuiZK6K6HCy5k',
          name: 'get_current_weather',
          arguments: { location: 'Boston, MA', unit: 'celsius' },
        },
      ],
      stopReason: 'completed',
      usage: { input: 86, output: 300, cacheRead: 1920, cacheWrite: 0 },
    });
  });

  it('subtracts cache-write tokens when the provider reports them (input_tokens_details.cache_write_tokens)', () => {
    const r = {
      ...TEXT_RESPONSE,
      usage: {
        ...TEXT_RESPONSE.usage,
        input_tokens: 5000,
        input_tokens_details: { cached_tokens: 1000, cache_write_tokens: 3000 },
      },
    };
    expect(codec.reply(exchange(JSON.stringify(r)))?.usage).toEqual({
      input: 1000,
      output: 87,
      cacheRead: 1000,
      cacheWrite: 3000,
    });
  });

  it('reads a streamed response from its terminal event', () => {
    const reply = codec.reply(exchange(sse(STREAM), 'text/event-stream; charset=utf-8'));
    expect(reply).toEqual({
      model: 'gpt-4.1-2025-04-14',
      text,
      toolCalls: [],
      stopReason: 'completed',
      usage: { input: 36, output: 87, cacheRead: 0, cacheWrite: 0 },
    });
    // SSE is recognised from the body too (a record without its content type).
    expect(codec.reply(exchange(sse(STREAM)))).toEqual(reply);
  });

  it('takes the streamed items when the final event carries no output, and says why a response is incomplete', () => {
    const fc = TOOL_RESPONSE.output[1]!;
    const events = [
      STREAM[0]!,
      { type: 'response.output_item.added', output_index: 0, item: { ...fc, status: 'in_progress', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: fc.id, output_index: 0, delta: fc.arguments },
      { type: 'response.function_call_arguments.done', item_id: fc.id, output_index: 0, arguments: fc.arguments },
      { type: 'response.output_item.done', output_index: 0, item: fc },
      {
        type: 'response.incomplete',
        response: {
          ...TEXT_RESPONSE,
          status: 'incomplete',
          incomplete_details: { reason: 'max_output_tokens' },
          output: [],
        },
      },
    ];
    expect(codec.reply(exchange(sse(events), 'text/event-stream'))).toMatchObject({
      toolCalls: [{ id: fc.call_id, name: 'get_current_weather' }],
      stopReason: 'max_output_tokens',
    });
  });

  it('reads a freeform (custom) tool call as raw text', () => {
    const r = {
      ...TEXT_RESPONSE,
      output: [{ type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_1', name: 'exec', input: 'text("hi")' }],
    };
    expect(codec.reply(exchange(JSON.stringify(r)))?.toolCalls).toEqual([
      { id: 'call_1', name: 'exec', arguments: { raw: 'text("hi")' } },
    ]);
  });

  it('gives undefined, never a throw, for a cut stream, garbled bodies and error bodies', () => {
    const whole = sse(STREAM);
    expect(codec.reply(exchange(whole.slice(0, whole.length - 200), 'text/event-stream'))).toBeUndefined();
    expect(codec.reply(exchange('event: response.created\ndata: {"type":', 'text/event-stream'))).toBeUndefined();
    expect(codec.reply(exchange('{"object":"response","output":[', 'application/json'))).toBeUndefined();
    expect(codec.reply(exchange('<html>Bad gateway</html>'))).toBeUndefined();
    expect(
      codec.reply(exchange(JSON.stringify({ error: { message: 'Invalid API key', type: 'invalid_request_error' } }))),
    ).toBeUndefined();
    expect(codec.request(exchange('', undefined, '{"model":'))).toBeUndefined();
    expect(codec.request(exchange('', undefined, '[1,2]'))).toBeUndefined();
  });

  it('reads a Codex request: tools (namespaces and additional_tools flattened), system, turns, new tool results', () => {
    const request = {
      model: 'gpt-6.2-sol',
      stream: true,
      store: false,
      tools: [
        { type: 'function', name: 'exec_command', parameters: {} },
        { type: 'namespace', name: 'multi_agent_v1', tools: [{ type: 'function', name: 'spawn_agent' }] },
        { type: 'web_search' },
      ],
      input: [
        {
          type: 'additional_tools',
          role: 'developer',
          tools: [{ type: 'namespace', name: 'functions', tools: [{ type: 'custom', name: 'exec' }] }],
        },
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'You are Codex.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context/>' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Do the task.' }] },
        { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'x' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Reading.' }] },
        { type: 'function_call', call_id: 'c1', name: 'exec_command', arguments: '{"cmd":"ls"}' },
        { type: 'function_call_output', call_id: 'c1', output: 'TASK.md\n' },
        { type: 'custom_tool_call', call_id: 'c2', name: 'exec', input: 'x' },
        { type: 'custom_tool_call_output', call_id: 'c2', output: [{ type: 'input_text', text: 'ok' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Go on.' }] },
      ],
    };
    expect(codec.request(exchange('', undefined, JSON.stringify(request)))).toEqual({
      model: 'gpt-6.2-sol',
      tools: ['exec_command', 'multi_agent_v1.spawn_agent', 'web_search', 'functions.exec'],
      stream: true,
      assistantTurns: 2,
      system: 'You are Codex.',
      userText: 'Go on.',
      toolResults: [{ callId: 'c2', content: 'ok' }],
    });
    expect(responsesTurns(request.input)).toBe(2);
    expect(responsesTurns('hello')).toBe(0);
    expect(
      codec.request(exchange('', undefined, JSON.stringify({ model: 'm', input: 'hello', instructions: 'Be brief.' }))),
    ).toEqual({
      model: 'm',
      tools: [],
      stream: false,
      assistantTurns: 0,
      system: 'Be brief.',
      userText: 'hello',
      toolResults: [],
    });
  });
});
