import type { ServerResponse } from 'node:http';
import type { ReplyContext, ScriptedApi, ScriptedTurn } from './types.ts';

interface ChatBody {
  messages?: { role?: string }[];
  tools?: unknown[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/**
 * The answer to a side request: a harness's call that is not a turn of the agent's conversation. opencode sends one
 * per session, before the first turn, to name the session: its `title` agent asks the small model with a system
 * prompt "You are a title generator…", no tools, and keeps the text as the session's title. A side request is told
 * apart by offering no tools (every agent turn offers them, pi's as well as opencode's); it gets a short plain answer
 * and never the script's turn, so the script neither advances nor hands a tool call to a caller that cannot run it.
 */
export const SIDE_TURN: ScriptedTurn = { text: 'Scripted MCP task' };

/** Whether a request is a side request (no tools offered). */
export const isSideRequest = (body: unknown): boolean => !((body as ChatBody).tools ?? []).length;

/**
 * OpenAI Chat Completions as the scripted model speaks it. Streamed like the real API: `chat.completion.chunk`s with
 * the role first, the text, each tool call's id and name then its arguments, an empty delta with the finish_reason,
 * then — only when the request set `stream_options.include_usage`, as the API does — a last chunk with `choices: []`
 * and the usage (every earlier chunk then carries `usage: null`), and `data: [DONE]`. Not streamed: one
 * `chat.completion` object with the usage.
 */
export const openaiChat: ScriptedApi = {
  api: 'openai-chat',
  matches: (method, path) => method === 'POST' && path.split('?')[0]!.endsWith('/chat/completions'),
  turnIndex: (body) => ((body as ChatBody).messages ?? []).filter((m) => m.role === 'assistant').length,
  streamed: (body) => (body as ChatBody).stream === true,
  reply(res, scriptTurn, body, path, ctx) {
    const turn = isSideRequest(body) ? SIDE_TURN : scriptTurn;
    const usage = usageOf(turn, ctx);
    if (!openaiChat.streamed(body, path)) {
      const message = {
        role: 'assistant',
        content: turn.text ?? null,
        ...(turn.toolCalls?.length ? { tool_calls: toolCalls(turn, ctx) } : {}),
        refusal: null,
        annotations: [],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: ctx.id,
          object: 'chat.completion',
          created: CREATED,
          model: ctx.model,
          choices: [{ index: 0, message, logprobs: null, finish_reason: finish(turn) }],
          usage,
          service_tier: 'default',
          system_fingerprint: FINGERPRINT,
        }),
      );
      return;
    }
    const withUsage = (body as ChatBody).stream_options?.include_usage === true;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const c of chunks(turn, ctx, withUsage ? usage : undefined)) res.write(`data: ${JSON.stringify(c)}\n\n`);
    res.end('data: [DONE]\n\n');
  },
};

/** A fixed creation time and fingerprint: the scripted model's replies are the same on every run. */
const CREATED = 0;
const FINGERPRINT = 'fp_scripted';

const finish = (turn: ScriptedTurn) => (turn.toolCalls?.length ? 'tool_calls' : 'stop');

function toolCalls(turn: ScriptedTurn, ctx: ReplyContext) {
  return (turn.toolCalls ?? []).map((tc, i) => ({
    id: `call_${ctx.id}_${i}`,
    type: 'function',
    function: { name: tc.name, arguments: JSON.stringify(tc.arguments) },
  }));
}

/** Output tokens: a quarter of the characters written (the scripted model has no tokenizer). */
export function completionTokens(turn: ScriptedTurn): number {
  let n = Math.ceil((turn.text ?? '').length / 4);
  for (const tc of turn.toolCalls ?? []) n += Math.ceil(JSON.stringify(tc.arguments).length / 4);
  return n;
}

function usageOf(turn: ScriptedTurn, ctx: ReplyContext) {
  const completion = completionTokens(turn);
  return {
    prompt_tokens: ctx.promptTokens,
    completion_tokens: completion,
    total_tokens: ctx.promptTokens + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function chunks(turn: ScriptedTurn, ctx: ReplyContext, usage: ReturnType<typeof usageOf> | undefined): unknown[] {
  const base = {
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: CREATED,
    model: ctx.model,
    service_tier: 'default',
    system_fingerprint: FINGERPRINT,
  };
  const choice = (delta: unknown, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(usage ? { usage: null } : {}),
  });
  // The role comes first, with empty text (null when the turn is only tool calls), as the API sends it.
  const out: unknown[] = [choice({ role: 'assistant', content: turn.text ? '' : null, refusal: null })];
  if (turn.text) out.push(choice({ content: turn.text }));
  toolCalls(turn, ctx).forEach((tc, index) => {
    // As the API streams a call: its id, type and name with empty arguments, then the arguments.
    out.push(
      choice({
        tool_calls: [{ index, id: tc.id, type: tc.type, function: { name: tc.function.name, arguments: '' } }],
      }),
    );
    out.push(choice({ tool_calls: [{ index, function: { arguments: tc.function.arguments } }] }));
  });
  out.push(choice({}, finish(turn)));
  if (usage) out.push({ ...base, choices: [], usage });
  return out;
}
