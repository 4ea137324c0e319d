import { describe, expect, it } from 'vitest';
import { AtifTrajectorySchema } from '../schema/atif.ts';
import type { ModelExchange } from '../schema/model-traffic.ts';
import type { Subject } from '../schema/subject.ts';
import { atifTrajectory, conversationTurns } from './atif.ts';

const subject: Subject = {
  kind: 'agent',
  id: 'agent/opencode@1.18.33/openai/gpt-x/default',
  label: 'opencode',
  harness: 'opencode',
  harnessVersion: '1.18.33',
  provider: 'openai',
  model: 'gpt-x',
  thinking: 'default',
};
const TOOLS = [{ type: 'function', function: { name: 'bash', parameters: { type: 'object' } } }];

/** One Chat Completions exchange as the proxy records it (a JSON answer; usage with cached tokens). */
function chat(n: number, messages: unknown[], reply: unknown, usage: unknown, tools: unknown[] = TOOLS): ModelExchange {
  return {
    n,
    api: 'openai-chat',
    method: 'POST',
    path: '/openai/v1/chat/completions',
    t: n * 1000,
    firstByteMs: 5,
    durationMs: 40,
    status: 200,
    request: JSON.stringify({ model: 'gpt-x', messages, tools }),
    response: JSON.stringify({
      id: `c${n}`,
      object: 'chat.completion',
      model: 'gpt-x',
      choices: [{ index: 0, message: reply, finish_reason: 'stop' }],
      usage,
    }),
  };
}

const system = { role: 'system', content: 'You are a coding agent.' };
const user = { role: 'user', content: 'Your task is described in TASK.md.' };
const call = {
  role: 'assistant',
  content: null,
  tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bash', arguments: '{"command":"cat TASK.md"}' } }],
};
const usage = (p: number, c: number, cached = 0) => ({
  prompt_tokens: p,
  completion_tokens: c,
  prompt_tokens_details: { cached_tokens: cached },
});

const exchanges: ModelExchange[] = [
  chat(1, [system, user], call, usage(100, 10)),
  // A title request without tools: a side request, counted and left out.
  chat(2, [{ role: 'user', content: 'Title?' }], { role: 'assistant', content: 'A title' }, usage(20, 3), []),
  chat(
    3,
    [system, user, call, { role: 'tool', tool_call_id: 'call_1', content: '# Task' }],
    { role: 'assistant', content: 'Done.' },
    usage(150, 5, 100),
  ),
  { ...chat(4, [system, user], call, usage(1, 1)), refused: 'budget', status: 400 },
];

describe('ATIF export of model traffic', () => {
  it('gives the system prompt, the task, and one agent step per turn with what its tool calls returned', () => {
    const t = atifTrajectory({ trial: 'tr-1', subject, startedAt: '2026-12-07T10:00:00.000Z', exchanges });
    expect(AtifTrajectorySchema.safeParse(t).success).toBe(true);
    expect(t.steps.map((s) => s.source)).toEqual(['system', 'user', 'agent', 'agent']);
    const [, , first, last] = t.steps;
    expect(first!.tool_calls).toEqual([
      { tool_call_id: 'call_1', function_name: 'bash', arguments: { command: 'cat TASK.md' } },
    ]);
    expect(first!.observation).toEqual({ results: [{ source_call_id: 'call_1', content: '# Task' }] });
    expect(first!.timestamp).toBe('2026-12-07T10:00:01.000Z');
    // ATIF counts cached tokens inside prompt_tokens; ours keep them apart.
    expect(last!.metrics).toMatchObject({ prompt_tokens: 150, completion_tokens: 5, cached_tokens: 100 });
    expect(last!.message).toBe('Done.');
    expect(t.final_metrics).toMatchObject({
      total_prompt_tokens: 250,
      total_completion_tokens: 15,
      total_cached_tokens: 100,
      total_steps: 4,
      extra: { side_requests: 1, model_requests: 3 },
    });
    expect(t.final_metrics!.total_cost_usd).toBeUndefined();
  });

  it('prices the steps when the model is priced, and leaves out what it cannot read', () => {
    const price = {
      model: 'openai/gpt-x',
      input: 1,
      output: 10,
      cacheRead: 0.1,
      cacheWrite: 0,
      source: 'https://example.com/p',
      asOf: '2026-12-01',
    };
    const t = atifTrajectory({ trial: 'tr-1', subject, startedAt: '2026-12-07T10:00:00.000Z', exchanges, price });
    // 100 input + 10 output, then 50 uncached + 100 cached + 5 output: (100 + 50) × 1 + 15 × 10 + 100 × 0.1 per million.
    expect(t.final_metrics!.total_cost_usd).toBeCloseTo(310 / 1e6, 12);
    const garbled = { ...exchanges[0]!, response: '{"choices": [' };
    expect(conversationTurns([garbled]).turns).toEqual([]);
    expect(conversationTurns([garbled]).side).toBe(1);
  });
});
