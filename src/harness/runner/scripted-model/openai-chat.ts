import type { ServerResponse } from 'node:http';
import type { ReplyContext, ScriptedApi, ScriptedTurn } from './types.ts';

interface ChatBody {
  messages?: { role?: string }[];
  stream?: boolean;
}

/**
 * OpenAI Chat Completions as the scripted model speaks it: streamed like the real API (role, content or tool-call
 * deltas, finish_reason, a usage chunk, `[DONE]`), or one `chat.completion` object when no stream was asked for.
 */
export const openaiChat: ScriptedApi = {
  api: 'openai-chat',
  matches: (method, path) => method === 'POST' && path.split('?')[0]!.endsWith('/chat/completions'),
  turnIndex: (body) => ((body as ChatBody).messages ?? []).filter((m) => m.role === 'assistant').length,
  streamed: (body) => (body as ChatBody).stream === true,
  reply(res, turn, body, _path, ctx) {
    const usage = usageOf(turn, ctx);
    if (!openaiChat.streamed(body, _path)) {
      const message = {
        role: 'assistant',
        content: turn.text ?? null,
        ...(turn.toolCalls?.length ? { tool_calls: toolCalls(turn, ctx) } : {}),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: ctx.id,
          object: 'chat.completion',
          created: 0,
          model: ctx.model,
          choices: [{ index: 0, message, finish_reason: finish(turn) }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const c of chunks(turn, ctx, usage)) res.write(`data: ${JSON.stringify(c)}\n\n`);
    res.end('data: [DONE]\n\n');
  },
};

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
  return { prompt_tokens: ctx.promptTokens, completion_tokens: completion, total_tokens: ctx.promptTokens + completion };
}

function chunks(turn: ScriptedTurn, ctx: ReplyContext, usage: ReturnType<typeof usageOf>): unknown[] {
  const base = { id: ctx.id, object: 'chat.completion.chunk', created: 0, model: ctx.model };
  const choice = (delta: unknown, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const out: unknown[] = [choice({ role: 'assistant', content: '' })];
  if (turn.text) out.push(choice({ content: turn.text }));
  toolCalls(turn, ctx).forEach((tc, index) => out.push(choice({ tool_calls: [{ index, ...tc }] })));
  out.push(choice({}, finish(turn)));
  out.push({ ...base, choices: [], usage });
  return out;
}
