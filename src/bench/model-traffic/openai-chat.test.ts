import { describe, expect, it } from 'vitest';
import type { ModelExchange } from '../schema/model-traffic.ts';
import { CODECS } from './codecs.ts';
import { openaiChatCodec as codec, sseData } from './openai-chat.ts';

const exchange = (request: unknown, response: string): ModelExchange => ({
  n: 1,
  api: 'openai-chat',
  method: 'POST',
  path: '/openai/v1/chat/completions',
  t: 0,
  durationMs: 1,
  status: 200,
  request: typeof request === 'string' ? request : JSON.stringify(request),
  response,
});
const sse = (chunks: unknown[]) => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';

// Shaped as OpenAI's API reference shows a chat completion (non-streamed), with the cache and reasoning details its
// `usage` object carries.
const completion = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: 1741570283,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'The image shows a wooden boardwalk.', refusal: null, annotations: [] },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 1117,
    completion_tokens: 46,
    total_tokens: 1163,
    prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 10,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  },
  service_tier: 'default',
  system_fingerprint: 'fp_fc9f1d7035',
};

// Streamed as the API streams with `stream_options: {include_usage: true}`: every chunk has `usage: null` but the
// last, whose `choices` is empty; a tool call's id and name come first, its arguments in later fragments.
const base = { id: 'chatcmpl-123', object: 'chat.completion.chunk', created: 1694268190, model: 'gpt-4o-mini' };
const chunk = (delta: unknown, finish: string | null = null) => ({
  ...base,
  system_fingerprint: 'fp_44709d6fcb',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  usage: null,
});
const streamed = sse([
  chunk({ role: 'assistant', content: '', refusal: null }),
  chunk({ content: 'Let me look.' }),
  chunk({
    tool_calls: [
      { index: 0, id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', type: 'function', function: { name: 'bash', arguments: '' } },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"comm' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: 'and":"ls"}' } }] }),
  chunk({
    tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'read', arguments: '{"filePath":' } }],
  }),
  chunk({ tool_calls: [{ index: 1, function: { arguments: '"TASK.md"}' } }] }),
  chunk({}, 'tool_calls'),
  {
    ...base,
    system_fingerprint: 'fp_44709d6fcb',
    choices: [],
    usage: {
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 192, audio_tokens: 0 },
    },
  },
]);

describe('openai-chat codec', () => {
  it('is registered', () => {
    expect(CODECS['openai-chat']).toBe(codec);
  });

  it('reads a non-streamed completion: text, stop reason, usage with the cached tokens taken out of input', () => {
    expect(codec.reply(exchange({}, JSON.stringify(completion)))).toEqual({
      model: 'gpt-4o-2024-08-06',
      text: 'The image shows a wooden boardwalk.',
      toolCalls: [],
      stopReason: 'stop',
      usage: { input: 93, output: 46, cacheRead: 1024, cacheWrite: 0 },
    });
  });

  it('reads non-streamed tool calls (content null, arguments as a JSON string)', () => {
    const body = {
      ...completion,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_abc123',
                type: 'function',
                function: { name: 'get_current_weather', arguments: '{\n"location": "Boston, MA"\n}' },
              },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 },
    };
    const r = codec.reply(exchange({}, JSON.stringify(body)));
    expect(r?.text).toBe('');
    expect(r?.toolCalls).toEqual([
      { id: 'call_abc123', name: 'get_current_weather', arguments: { location: 'Boston, MA' } },
    ]);
    expect(r?.stopReason).toBe('tool_calls');
    expect(r?.usage).toEqual({ input: 82, output: 17, cacheRead: 0, cacheWrite: 0 });
  });

  it('reads a stream: text deltas joined, tool calls assembled by index, usage from the last chunk', () => {
    expect(codec.reply(exchange({}, streamed))).toEqual({
      model: 'gpt-4o-mini',
      text: 'Let me look.',
      toolCalls: [
        { id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'bash', arguments: { command: 'ls' } },
        { id: 'call_2', name: 'read', arguments: { filePath: 'TASK.md' } },
      ],
      stopReason: 'tool_calls',
      usage: { input: 86, output: 300, cacheRead: 1920, cacheWrite: 0 },
    });
  });

  it('reads reasoning deltas of OpenAI-compatible providers (reasoning_content) and their cache-hit field', () => {
    const body = sse([
      chunk({ role: 'assistant', content: null, reasoning_content: 'Think' }),
      chunk({ reasoning_content: 'ing.' }),
      chunk({ content: 'Hi' }, 'stop'),
      {
        ...base,
        choices: [],
        usage: { prompt_tokens: 100, completion_tokens: 9, prompt_cache_hit_tokens: 64, prompt_cache_miss_tokens: 36 },
      },
    ]);
    const r = codec.reply(exchange({}, body));
    expect(r?.reasoning).toBe('Thinking.');
    expect(r?.text).toBe('Hi');
    expect(r?.usage).toEqual({ input: 36, output: 9, cacheRead: 64, cacheWrite: 0 });
  });

  it('a stream without include_usage has no usage; CRLF event separators are read', () => {
    const body = sse([chunk({ role: 'assistant', content: 'ok' }), chunk({}, 'stop')]).replace(/\n/g, '\r\n');
    const r = codec.reply(exchange({}, body));
    expect(r?.text).toBe('ok');
    expect(r?.usage).toBeUndefined();
  });

  it('a truncated or garbled body, or an error object, gives undefined (never a throw)', () => {
    expect(codec.reply(exchange({}, streamed.slice(0, streamed.indexOf('"and\\":') + 3)))).toBeUndefined();
    expect(codec.reply(exchange({}, JSON.stringify(completion).slice(0, 80)))).toBeUndefined();
    expect(codec.reply(exchange({}, 'garbage'))).toBeUndefined();
    expect(codec.reply(exchange({}, ''))).toBeUndefined();
    expect(
      codec.reply(
        exchange({}, JSON.stringify({ error: { message: 'Incorrect API key', type: 'invalid_request_error' } })),
      ),
    ).toBeUndefined();
    expect(codec.request(exchange('{"messages": [', ''))).toBeUndefined();
    expect(codec.request(exchange({ model: 'x' }, ''))).toBeUndefined();
  });

  it('reads the request tail: system, tools, stream, assistant turns, the tool results and user text after the last', () => {
    const request = {
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are opencode.' },
        { role: 'user', content: [{ type: 'text', text: 'Read TASK.md.' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'TASK.md\n' },
        { role: 'user', content: 'Go on.' },
      ],
      tools: [
        { type: 'function', function: { name: 'bash', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'write', parameters: { type: 'object' } } },
      ],
    };
    expect(codec.request(exchange(request, ''))).toEqual({
      model: 'gpt-4o',
      tools: ['bash', 'write'],
      stream: true,
      assistantTurns: 1,
      system: 'You are opencode.',
      userText: 'Go on.',
      toolResults: [{ callId: 'call_1', content: 'TASK.md\n' }],
    });
    const first = codec.request(
      exchange({ ...request, stream: undefined, messages: request.messages.slice(0, 2) }, ''),
    );
    expect(first).toMatchObject({ stream: false, assistantTurns: 0, userText: 'Read TASK.md.', toolResults: [] });
  });

  it('splits SSE events on blank lines and joins multi-line data', () => {
    expect(sseData('event: x\ndata: a\ndata: b\n\n: comment\n\ndata:c\n\n')).toEqual(['a\nb', 'c']);
  });
});
