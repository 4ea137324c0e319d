import { afterEach, describe, expect, it } from 'vitest';
import { geminiGenerateCodec } from '../../../bench/model-traffic/gemini-generate.ts';
import { ModelExchangeSchema } from '../../../bench/schema/model-traffic.ts';
import { startScriptedModel, type ScriptedModel } from './server.ts';
import { sideAnswer } from './gemini-generate.ts';

const TOOLS = [
  {
    functionDeclarations: [
      { name: 'run_shell_command', parametersJsonSchema: { type: 'object' } },
      { name: 'write_file', parametersJsonSchema: { type: 'object' } },
    ],
  },
];
const user = { role: 'user', parts: [{ text: 'Read TASK.md and do it.' }] };
const call = (name: string) => ({
  role: 'model',
  parts: [
    { functionCall: { id: `${name}_1_0`, name, args: {} }, thoughtSignature: 'skip_thought_signature_validator' },
  ],
});
const result = (name: string) => ({
  role: 'user',
  parts: [{ functionResponse: { id: `${name}_1_0`, name, response: { output: 'ok' } } }],
});

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function start() {
  model = await startScriptedModel(
    [
      { text: 'Reading the task.', toolCalls: [{ name: 'run_shell_command', arguments: { command: 'cat TASK.md' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { file_path: 'start.sh', content: '#!/bin/sh\n' } }] },
    ],
    'oracle-script',
  );
  return model;
}

async function post(m: ScriptedModel, path: string, body: unknown) {
  const r = await fetch(`${m.origin}/gemini/v1beta/models/oracle-script:${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'dummy' },
    body: JSON.stringify(body),
  });
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() };
}

const events = (text: string) =>
  text
    .split('\r\n\r\n')
    .filter(Boolean)
    .map((e) => {
      expect(e.startsWith('data: ')).toBe(true);
      return JSON.parse(e.slice(6)) as Record<string, any>;
    });

describe('scripted model: gemini-generate over HTTP', () => {
  it('streams turn 0 as the Gemini API does: SSE data events (CRLF), usage in each, finishReason last', async () => {
    const m = await start();
    const r = await post(m, 'streamGenerateContent?alt=sse', { contents: [user], tools: TOOLS });
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/event-stream');
    expect(r.text.endsWith('\r\n\r\n')).toBe(true);
    const es = events(r.text);
    expect(es).toHaveLength(2);
    expect(es[0]).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Reading the task.' }] }, index: 0 }],
      modelVersion: 'oracle-script',
    });
    expect(es[0]!.candidates[0].finishReason).toBeUndefined();
    expect(es[0]!.usageMetadata.candidatesTokenCount).toBeUndefined();
    expect(es[1]).toMatchObject({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ functionCall: { name: 'run_shell_command', args: { command: 'cat TASK.md' } } }],
          },
          finishReason: 'STOP',
        },
      ],
    });
    const u = es[1]!.usageMetadata;
    expect(u.promptTokenCount).toBeGreaterThan(0);
    expect(u.totalTokenCount).toBe(u.promptTokenCount + u.candidatesTokenCount);
    expect(m.requests.map((q) => q.api)).toEqual(['gemini-generate']);
    // The codec reads what the scripted model wrote.
    const x = ModelExchangeSchema.parse({
      n: 1,
      api: 'gemini-generate',
      method: 'POST',
      path: '/gemini/v1beta/models/oracle-script:streamGenerateContent?alt=sse',
      t: 0,
      durationMs: 1,
      request: JSON.stringify({ contents: [user], tools: TOOLS }),
      response: r.text,
    });
    expect(geminiGenerateCodec.reply(x)).toMatchObject({
      text: 'Reading the task.',
      toolCalls: [{ name: 'run_shell_command', arguments: { command: 'cat TASK.md' } }],
      stopReason: 'STOP',
      usage: { input: u.promptTokenCount, output: u.candidatesTokenCount, cacheRead: 0, cacheWrite: 0 },
    });
  });

  it('answers turn N from the model turns in the conversation; one JSON response when not streamed', async () => {
    const m = await start();
    const r = await post(m, 'generateContent', {
      contents: [user, call('run_shell_command'), result('run_shell_command')],
      tools: TOOLS,
    });
    expect(r.type).toBe('application/json; charset=UTF-8');
    const body = JSON.parse(r.text) as Record<string, any>;
    expect(body.candidates[0]).toMatchObject({
      content: { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { file_path: 'start.sh' } } }] },
      finishReason: 'STOP',
    });
    expect(body.usageMetadata.candidatesTokenCount).toBeGreaterThan(0);
    // Past the script: "Done."
    const done = await post(m, 'streamGenerateContent?alt=sse', {
      contents: [user, call('a'), result('a'), call('b'), result('b')],
      tools: TOOLS,
    });
    expect(events(done.text).at(-1)!.candidates[0].content.parts).toEqual([{ text: 'Done.' }]);
  });

  it('answers side requests (JSON schema or no tools) without advancing the script, and countTokens', async () => {
    const m = await start();
    const router = await post(m, 'generateContent', {
      contents: [user],
      generationConfig: {
        responseMimeType: 'application/json',
        responseJsonSchema: {
          type: 'OBJECT',
          properties: { complexity_reasoning: { type: 'STRING' }, complexity_score: { type: 'INTEGER' } },
          required: ['complexity_reasoning', 'complexity_score'],
        },
      },
    });
    const text = (JSON.parse(router.text) as Record<string, any>).candidates[0].content.parts[0].text as string;
    expect(JSON.parse(text)).toEqual({ complexity_reasoning: '', complexity_score: 100 });
    const plain = await post(m, 'generateContent', { contents: [user] });
    expect((JSON.parse(plain.text) as Record<string, any>).candidates[0].content.parts).toEqual([
      { text: 'Scripted session.' },
    ]);
    const counted = await post(m, 'countTokens', { contents: [user] });
    expect(JSON.parse(counted.text)).toMatchObject({ totalTokens: expect.any(Number) });
    // The script is where it was: turn 0 is still the next answer.
    const next = await post(m, 'streamGenerateContent?alt=sse', { contents: [user], tools: TOOLS });
    expect(events(next.text)[0]!.candidates[0].content.parts).toEqual([{ text: 'Reading the task.' }]);
  });

  it("fits Gemini CLI's checks: next speaker user, no loop", () => {
    const next = sideAnswer({
      generationConfig: {
        responseJsonSchema: {
          type: 'object',
          properties: { reasoning: { type: 'string' }, next_speaker: { type: 'string', enum: ['user', 'model'] } },
        },
      },
    });
    expect(JSON.parse(next)).toEqual({ reasoning: 'Scripted session.', next_speaker: 'user' });
    const loop = sideAnswer({
      generationConfig: {
        responseJsonSchema: {
          type: 'object',
          properties: {
            unproductive_state_analysis: { type: 'string' },
            unproductive_state_confidence: { type: 'number' },
          },
        },
      },
    });
    expect(JSON.parse(loop)).toEqual({ unproductive_state_analysis: '', unproductive_state_confidence: 0 });
  });
});
