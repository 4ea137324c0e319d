import { describe, expect, it } from 'vitest';
import type { ModelExchange } from '../schema/model-traffic.ts';
import { anthropicMessagesCodec as codec } from './anthropic-messages.ts';
import { CODECS } from './codecs.ts';

const exchange = (o: Partial<ModelExchange>): ModelExchange => ({
  n: 1,
  api: 'anthropic-messages',
  method: 'POST',
  path: '/anthropic/v1/messages',
  t: 0,
  durationMs: 1,
  status: 200,
  request: '{}',
  response: '',
  ...o,
});

const sse = (events: object[]) =>
  events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

// Shaped as Anthropic's own documented responses (Messages API reference, prompt caching and tool use guides,
// "Streaming Messages"), and a stream as a real client recorded it (@ai-sdk/anthropic's test fixture
// anthropic-json-tool.1.chunks), not only as the scripted model writes them.
const documentedMessage = {
  id: 'msg_013Zva2CMHLNnXjNJJKqJ2EF',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [{ type: 'text', text: 'Hi! My name is Claude.' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 2095, output_tokens: 503 },
};

const documentedToolUse = {
  id: 'msg_01Aq9w938a90dw8q',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  stop_reason: 'tool_use',
  stop_sequence: null,
  content: [
    { type: 'text', text: "I'll check the current weather in San Francisco for you." },
    {
      type: 'tool_use',
      id: 'toolu_01A09q90qw90lq917835lq9',
      name: 'get_weather',
      input: { location: 'San Francisco, CA', unit: 'celsius' },
    },
  ],
  usage: {
    input_tokens: 21,
    cache_creation_input_tokens: 188086,
    cache_read_input_tokens: 0,
    output_tokens: 393,
  },
};

const recordedToolStream = [
  {
    type: 'message_start',
    message: {
      model: 'claude-haiku-4-5-20251001',
      id: 'msg_01K2JbSUMYhez5RHoK9ZCj9U',
      type: 'message',
      role: 'assistant',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 849,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 10,
        service_tier: 'standard',
      },
    },
  },
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', name: 'json', input: {} },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
  { type: 'ping' },
  {
    type: 'content_block_delta',
    index: 0,
    delta: {
      type: 'input_json_delta',
      partial_json: '{"elements": [{"location": "San Francisco", "temperature": 58, "condition": "sunny"}]',
    },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '}' } },
  { type: 'content_block_stop', index: 0 },
  {
    type: 'message_delta',
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: { input_tokens: 849, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 47 },
  },
  { type: 'message_stop' },
];

// Extended thinking then text, with a cache hit, as the streaming guide shows it (thinking_delta, signature_delta);
// this message_delta carries only output_tokens, as older API versions sent it.
const thinkingStream = [
  {
    type: 'message_start',
    message: {
      id: 'msg_01THINK',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-1',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000, output_tokens: 1 },
    },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me solve this ' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'step by step.' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '27 * 453 = ' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '12,231' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 85 } },
  { type: 'message_stop' },
];

describe('anthropic-messages codec', () => {
  it('is registered for its API', () => {
    expect(CODECS['anthropic-messages']).toBe(codec);
  });

  it('reads a non-streamed message: text, stop reason, usage with input already uncached', () => {
    const r = codec.reply(exchange({ responseType: 'application/json', response: JSON.stringify(documentedMessage) }));
    expect(r).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      text: 'Hi! My name is Claude.',
      toolCalls: [],
      stopReason: 'end_turn',
      usage: { input: 2095, output: 503, cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('reads a non-streamed tool call and the cache fields', () => {
    const r = codec.reply(exchange({ responseType: 'application/json', response: JSON.stringify(documentedToolUse) }));
    expect(r?.text).toBe("I'll check the current weather in San Francisco for you.");
    expect(r?.toolCalls).toEqual([
      {
        id: 'toolu_01A09q90qw90lq917835lq9',
        name: 'get_weather',
        arguments: { location: 'San Francisco, CA', unit: 'celsius' },
      },
    ]);
    expect(r?.stopReason).toBe('tool_use');
    expect(r?.usage).toEqual({ input: 21, output: 393, cacheRead: 0, cacheWrite: 188086 });
  });

  it('reassembles a streamed tool call from its input_json_delta pieces; the final message_delta usage wins', () => {
    const r = codec.reply(exchange({ responseType: 'text/event-stream', response: sse(recordedToolStream) }));
    expect(r).toEqual({
      model: 'claude-haiku-4-5-20251001',
      text: '',
      toolCalls: [
        {
          id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
          name: 'json',
          arguments: { elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] },
        },
      ],
      stopReason: 'tool_use',
      usage: { input: 849, output: 47, cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('reads streamed thinking and text; input and cache reads from message_start, output from message_delta', () => {
    // No content type recorded, CRLF line ends: still read as a stream.
    const r = codec.reply(exchange({ response: sse(thinkingStream).replace(/\n/g, '\r\n') }));
    expect(r?.text).toBe('27 * 453 = 12,231');
    expect(r?.reasoning).toBe('Let me solve this step by step.');
    expect(r?.stopReason).toBe('end_turn');
    expect(r?.usage).toEqual({ input: 12, output: 85, cacheRead: 4000, cacheWrite: 0 });
  });

  it('keeps unparsable streamed tool arguments as raw text', () => {
    const events = recordedToolStream.map((e) =>
      e.type === 'content_block_delta' && (e as { delta: { partial_json: string } }).delta.partial_json === '}'
        ? { ...e, delta: { type: 'input_json_delta', partial_json: '' } }
        : e,
    );
    const r = codec.reply(exchange({ responseType: 'text/event-stream', response: sse(events) }));
    expect(r?.toolCalls[0]?.arguments).toEqual({
      raw: '{"elements": [{"location": "San Francisco", "temperature": 58, "condition": "sunny"}]',
    });
  });

  it('gives undefined for a truncated, garbled, errored or non-message body, never a throw', () => {
    const stream = sse(recordedToolStream);
    const cut = stream.slice(0, stream.indexOf('event: message_delta') + 30);
    const cases: Partial<ModelExchange>[] = [
      { responseType: 'text/event-stream', response: cut },
      { responseType: 'text/event-stream', response: stream, truncated: true },
      { responseType: 'text/event-stream', response: stream.slice(0, stream.indexOf('event: message_stop')) },
      { responseType: 'application/json', response: JSON.stringify(documentedMessage).slice(0, 80) },
      { responseType: 'application/json', response: 'Bad Gateway' },
      { response: '' },
      {
        status: 529,
        responseType: 'application/json',
        response: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      },
      {
        responseType: 'text/event-stream',
        response: sse([
          recordedToolStream[0]!,
          { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        ]),
      },
      { path: '/anthropic/v1/messages/count_tokens', response: '{"input_tokens":2095}' },
      { responseType: 'text/event-stream', response: 'event: message_start\ndata: {"type":"message_st' },
    ];
    for (const c of cases) expect(codec.reply(exchange(c))).toBeUndefined();
  });

  it('reads what a request adds since the last assistant turn: tool results and user text', () => {
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      stream: true,
      system: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }],
      tools: [
        { name: 'Bash', input_schema: { type: 'object' } },
        { name: 'Write', input_schema: { type: 'object' } },
      ],
      messages: [
        { role: 'user', content: 'Read TASK.md and do the task.' },
        { role: 'system', content: [{ type: 'text', text: '# Environment' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'cat TASK.md' } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '# task' },
            { type: 'text', text: 'Keep going.' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'ls' } },
            { type: 'tool_use', id: 'toolu_3', name: 'Bash', input: { command: 'pwd' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'TASK.md' }] },
            { type: 'tool_result', tool_use_id: 'toolu_3', content: '/work', is_error: false },
          ],
        },
      ],
    };
    expect(codec.request(exchange({ request: JSON.stringify(body) }))).toEqual({
      model: 'claude-sonnet-4-5',
      tools: ['Bash', 'Write'],
      stream: true,
      assistantTurns: 2,
      system: 'You are a coding agent.',
      toolResults: [
        { callId: 'toolu_2', content: 'TASK.md' },
        { callId: 'toolu_3', content: '/work' },
      ],
    });
    const first = codec.request(
      exchange({ request: JSON.stringify({ ...body, system: 'Be brief.', messages: body.messages.slice(0, 1) }) }),
    );
    expect(first).toMatchObject({ assistantTurns: 0, system: 'Be brief.', userText: 'Read TASK.md and do the task.' });
    expect(first?.toolResults).toEqual([]);
  });

  it('gives undefined for an unreadable request', () => {
    expect(codec.request(exchange({ request: '{"model":"claude' }))).toBeUndefined();
    expect(codec.request(exchange({ request: '[]' }))).toBeUndefined();
  });
});
