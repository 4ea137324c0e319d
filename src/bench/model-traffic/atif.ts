import type { ModelPrice } from '../schema/prices.ts';
import type { Subject } from '../schema/subject.ts';
import { ATIF_VERSION, type AtifStep, type AtifTrajectory } from '../schema/atif.ts';
import type { ModelExchange } from '../schema/model-traffic.ts';
import { CODECS } from './codecs.ts';
import { costOf } from './usage.ts';
import type { ModelReply, RequestTail } from './types.ts';

/** One answered exchange of the main conversation, read by its API's codec. */
export interface ModelTurn {
  exchange: ModelExchange;
  request: RequestTail;
  reply: ModelReply;
}

/**
 * The main conversation's turns: answered exchanges (not refused) whose request offers tools. Side requests a harness
 * makes without tools (titles, next-speaker checks, token counts) are left out of the trajectory and counted apart.
 */
export function conversationTurns(exchanges: readonly ModelExchange[]): { turns: ModelTurn[]; side: number } {
  const turns: ModelTurn[] = [];
  let side = 0;
  for (const x of exchanges) {
    if (x.refused) continue;
    const codec = CODECS[x.api];
    const request = codec?.request(x);
    const reply = codec?.reply(x);
    if (!request || !reply || request.tools.length === 0) {
      side++;
      continue;
    }
    turns.push({ exchange: x, request, reply });
  }
  return { turns, side };
}

const args = (a: unknown): Record<string, unknown> =>
  a !== null && typeof a === 'object' && !Array.isArray(a) ? (a as Record<string, unknown>) : { raw: a };

/**
 * A trial's model traffic as an ATIF trajectory (pure): the system prompt and the task message of the first turn, then
 * one agent step per model turn with its text, reasoning, tool calls, the results the next request carried back, and
 * the provider-reported tokens (ATIF counts cached tokens inside `prompt_tokens`; cache writes go to `extra`).
 */
export function atifTrajectory(o: {
  trial: string;
  subject: Subject;
  startedAt: string;
  exchanges: readonly ModelExchange[];
  price?: ModelPrice;
}): AtifTrajectory {
  const { turns, side } = conversationTurns(o.exchanges);
  const t0 = Date.parse(o.startedAt);
  const steps: AtifStep[] = [];
  const first = turns[0]?.request;
  if (first?.system) steps.push({ step_id: steps.length + 1, source: 'system', message: first.system });
  if (first?.userText !== undefined)
    steps.push({
      step_id: steps.length + 1,
      source: 'user',
      message: first.userText,
      timestamp: new Date(t0 + turns[0]!.exchange.t).toISOString(),
    });
  let prompt = 0;
  let completion = 0;
  let cached = 0;
  let cost = 0;
  turns.forEach(({ exchange: x, reply }, i) => {
    const u = reply.usage;
    const results = turns[i + 1]?.request.toolResults ?? [];
    const ids = new Set(reply.toolCalls.map((c) => c.id));
    const answered = results.filter((r) => ids.has(r.callId));
    const stepCost = u && o.price ? costOf(u, o.price) : undefined;
    if (u) {
      prompt += u.input + u.cacheRead + u.cacheWrite;
      completion += u.output;
      cached += u.cacheRead;
    }
    if (stepCost !== undefined) cost += stepCost;
    steps.push({
      step_id: steps.length + 1,
      timestamp: new Date(t0 + x.t).toISOString(),
      source: 'agent',
      ...(reply.model ? { model_name: reply.model } : {}),
      message: reply.text,
      ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
      ...(reply.toolCalls.length
        ? {
            tool_calls: reply.toolCalls.map((c) => ({
              tool_call_id: c.id,
              function_name: c.name,
              arguments: args(c.arguments),
            })),
          }
        : {}),
      ...(answered.length
        ? { observation: { results: answered.map((r) => ({ source_call_id: r.callId, content: r.content })) } }
        : {}),
      metrics: {
        ...(u
          ? {
              prompt_tokens: u.input + u.cacheRead + u.cacheWrite,
              completion_tokens: u.output,
              cached_tokens: u.cacheRead,
            }
          : {}),
        ...(stepCost !== undefined ? { cost_usd: stepCost } : {}),
        extra: {
          exchange: x.n,
          latency_ms: x.durationMs,
          ...(x.firstByteMs !== undefined ? { first_byte_ms: x.firstByteMs } : {}),
          ...(u ? { cache_write_tokens: u.cacheWrite } : {}),
          ...(reply.stopReason ? { stop_reason: reply.stopReason } : {}),
        },
      },
    });
  });
  const s = o.subject;
  return {
    schema_version: ATIF_VERSION,
    session_id: o.trial,
    agent: {
      name: s.harness ?? s.id,
      version: s.harnessVersion ?? 'unknown',
      ...(s.model ? { model_name: s.provider ? `${s.provider}/${s.model}` : s.model } : {}),
      extra: { subject: s.id, ...(s.thinking ? { thinking: s.thinking } : {}) },
    },
    steps,
    notes:
      'Exported by MCP From Scratch from the trial’s model-proxy record (every request and response as they passed); ' +
      'token figures are the provider’s, as the proxy saw them. Side requests without tools are left out ' +
      `(${side} in this trial).`,
    final_metrics: {
      total_prompt_tokens: prompt,
      total_completion_tokens: completion,
      total_cached_tokens: cached,
      ...(o.price ? { total_cost_usd: cost } : {}),
      total_steps: steps.length,
      extra: { side_requests: side, model_requests: o.exchanges.filter((x) => !x.refused).length },
    },
  };
}
