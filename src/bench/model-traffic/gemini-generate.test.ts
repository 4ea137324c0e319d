import { describe, expect, it } from 'vitest';
import { ModelExchangeSchema, type ModelExchange } from '../schema/model-traffic.ts';
import { CODECS } from './codecs.ts';
import { geminiGenerateCodec as codec, geminiUsage } from './gemini-generate.ts';

const STREAM = '/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';
const ONCE = '/gemini/v1beta/models/gemini-2.5-pro:generateContent';

function exchange(path: string, response: string, request = '{}', extra: Partial<ModelExchange> = {}): ModelExchange {
  return ModelExchangeSchema.parse({
    n: 1,
    api: 'gemini-generate',
    method: 'POST',
    path,
    t: 0,
    durationMs: 1,
    status: 200,
    request,
    response,
    ...extra,
  });
}

const sse = (...events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join('');

// Shaped as the Gemini API streams (ai.google.dev `streamGenerateContent?alt=sse`): every chunk repeats the usage so
// far — candidatesTokenCount grows, thoughtsTokenCount appears once thinking is done — and only the last carries
// finishReason.
const textChunk = (text: string, candidates: number, final = false) => ({
  candidates: [{ content: { parts: [{ text }], role: 'model' }, ...(final ? { finishReason: 'STOP' } : {}), index: 0 }],
  usageMetadata: {
    promptTokenCount: 9,
    candidatesTokenCount: candidates,
    totalTokenCount: 9 + candidates + 310,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: 9 }],
    thoughtsTokenCount: 310,
  },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'Xk3aZbOQLfW2vr0P3aOF4Ac',
});

describe('gemini-generate codec: replies', () => {
  it('is registered', () => {
    expect(CODECS['gemini-generate']).toBe(codec);
  });

  it('reads a streamed text answer: text joined, the last chunk’s usage, thoughts counted as output', () => {
    const body = sse(textChunk('The sky looks blue because', 6), textChunk(' of Rayleigh scattering.', 11, true));
    expect(codec.reply(exchange(STREAM, body))).toEqual({
      model: 'gemini-2.5-flash',
      text: 'The sky looks blue because of Rayleigh scattering.',
      toolCalls: [],
      stopReason: 'STOP',
      usage: { input: 9, output: 11 + 310, cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('reads a streamed function call with its thought signature (no id from the API) and LF-separated events', () => {
    const body = `data: ${JSON.stringify({
      candidates: [
        {
          content: {
            parts: [
              {
                functionCall: { name: 'get_forecast', args: { city: 'Lyon', days: 3 } },
                thoughtSignature: 'CiQBVKhc7w==',
              },
            ],
            role: 'model',
          },
          finishReason: 'STOP',
          index: 0,
          finishMessage: 'Model generated function call(s).',
        },
      ],
      usageMetadata: {
        promptTokenCount: 120,
        candidatesTokenCount: 18,
        totalTokenCount: 233,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 120 }],
        thoughtsTokenCount: 95,
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'q7c2aZ-FFJq4vr0Pw6WiyAU',
    })}\n\n`;
    const r = codec.reply(exchange(STREAM, body));
    expect(r?.toolCalls).toEqual([
      { id: 'get_forecast#0', name: 'get_forecast', arguments: { city: 'Lyon', days: 3 } },
    ]);
    expect(r?.usage).toEqual({ input: 120, output: 113, cacheRead: 0, cacheWrite: 0 });
    expect(r?.text).toBe('');
  });

  it('reads a non-streamed answer with cached prompt tokens (uncached input = prompt − cached) and a thought part', () => {
    const body = JSON.stringify({
      candidates: [
        {
          content: {
            parts: [
              { text: 'The user wants the list of files first.', thought: true },
              { text: 'Let me look.' },
              { functionCall: { id: 'call-7', name: 'list_directory', args: { dir_path: '.' } } },
            ],
            role: 'model',
          },
          finishReason: 'STOP',
          avgLogprobs: -0.21,
        },
      ],
      usageMetadata: {
        promptTokenCount: 20480,
        candidatesTokenCount: 42,
        totalTokenCount: 20650,
        cachedContentTokenCount: 16384,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 20480 }],
        cacheTokensDetails: [{ modality: 'TEXT', tokenCount: 16384 }],
        thoughtsTokenCount: 128,
      },
      modelVersion: 'gemini-2.5-pro',
      responseId: 'mZ3aZcG1Kp2Mvr0PnL2o8Ag',
    });
    expect(codec.reply(exchange(ONCE, body))).toEqual({
      model: 'gemini-2.5-pro',
      text: 'Let me look.',
      reasoning: 'The user wants the list of files first.',
      toolCalls: [{ id: 'call-7', name: 'list_directory', arguments: { dir_path: '.' } }],
      stopReason: 'STOP',
      usage: { input: 4096, output: 170, cacheRead: 16384, cacheWrite: 0 },
    });
  });

  it('reads an alt=json stream (a JSON array of responses)', () => {
    const body = JSON.stringify([textChunk('Hello', 1), textChunk(' there.', 3, true)]);
    expect(codec.reply(exchange(STREAM.replace('alt=sse', 'alt=json'), body))).toMatchObject({
      text: 'Hello there.',
      usage: { input: 9, output: 313 },
    });
  });

  it('gives undefined for a cut stream, a garbled body, an empty one, an error and a token count', () => {
    const whole = sse(textChunk('Hello', 1), textChunk(' there.', 3, true));
    expect(codec.reply(exchange(STREAM, whole.slice(0, whole.length - 40), '{}', { truncated: true }))).toBeUndefined();
    expect(codec.reply(exchange(ONCE, '{"candidates": [{"content": {"parts": [{"te'))).toBeUndefined();
    expect(codec.reply(exchange(ONCE, '<html>502 Bad Gateway</html>'))).toBeUndefined();
    expect(codec.reply(exchange(ONCE, ''))).toBeUndefined();
    expect(codec.reply(exchange(ONCE, 'null'))).toBeUndefined();
    expect(codec.reply(exchange(STREAM, 'data: [1, 2]\r\n\r\n'))).toBeUndefined();
    const error = { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } };
    expect(codec.reply(exchange(ONCE, JSON.stringify(error), '{}', { status: 429 }))).toBeUndefined();
    const counted = '/gemini/v1beta/models/gemini-2.5-pro:countTokens';
    expect(codec.reply(exchange(counted, JSON.stringify({ totalTokens: 31 })))).toBeUndefined();
  });

  it('maps usage: tool-use prompt tokens are input, absent counts are 0', () => {
    expect(geminiUsage({ promptTokenCount: 50, toolUsePromptTokenCount: 7, candidatesTokenCount: 5 })).toEqual({
      input: 57,
      output: 5,
      cacheRead: 0,
      cacheWrite: 0,
    });
    expect(geminiUsage({})).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });
  });
});

describe('gemini-generate codec: requests', () => {
  // As Gemini CLI sends them: one functionDeclarations list, ids on its calls and responses, the tool output under
  // `response.output`.
  const body = {
    contents: [
      { role: 'user', parts: [{ text: '<session_context>…</session_context>' }, { text: 'Read TASK.md and do it.' }] },
      {
        role: 'model',
        parts: [
          { text: 'Reading the task.' },
          {
            functionCall: { id: 'run_shell_command_1_0', name: 'run_shell_command', args: { command: 'cat TASK.md' } },
            thoughtSignature: 'skip_thought_signature_validator',
          },
        ],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: 'run_shell_command_1_0',
              name: 'run_shell_command',
              response: { output: 'Output: # Task\nProcess Group PGID: 47' },
            },
          },
        ],
      },
    ],
    systemInstruction: { role: 'user', parts: [{ text: 'You are Gemini CLI.' }] },
    tools: [
      {
        functionDeclarations: [
          { name: 'write_file', parametersJsonSchema: { type: 'object' } },
          { name: 'run_shell_command', parametersJsonSchema: { type: 'object' } },
        ],
      },
    ],
    generationConfig: { temperature: 1, thinkingConfig: { includeThoughts: true } },
  };

  it('reads the tail after the last model turn: tool results by call id, turns, tools, system, stream', () => {
    expect(codec.request(exchange(STREAM.replace('2.5-flash', '3.1-pro-preview'), '', JSON.stringify(body)))).toEqual({
      model: 'gemini-3.1-pro-preview',
      tools: ['write_file', 'run_shell_command'],
      stream: true,
      assistantTurns: 1,
      system: 'You are Gemini CLI.',
      toolResults: [{ callId: 'run_shell_command_1_0', content: 'Output: # Task\nProcess Group PGID: 47' }],
    });
  });

  it('reads the first request’s user text, and a side request without tools', () => {
    const first = { contents: [body.contents[0]] };
    expect(codec.request(exchange(ONCE, '', JSON.stringify(first)))).toEqual({
      model: 'gemini-2.5-pro',
      tools: [],
      stream: false,
      assistantTurns: 0,
      userText: '<session_context>…</session_context>\nRead TASK.md and do it.',
      toolResults: [],
    });
  });

  it('gives undefined for a body that is not a JSON object', () => {
    expect(codec.request(exchange(ONCE, '', '{"contents": ['))).toBeUndefined();
    expect(codec.request(exchange(ONCE, '', '[]'))).toBeUndefined();
  });
});
