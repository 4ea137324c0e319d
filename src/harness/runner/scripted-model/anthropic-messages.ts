import type { ServerResponse } from 'node:http';
import { completionTokens } from './openai-chat.ts';
import type { ReplyContext, ScriptedApi, ScriptedTurn } from './types.ts';

interface MessagesBody {
  messages?: { role?: string }[];
  tools?: unknown[];
  stream?: boolean;
}

const route = (path: string) => path.split('?')[0]!;
const isCountTokens = (path: string) => route(path).endsWith('/v1/messages/count_tokens');

/**
 * A side request: one that is not a turn of the agent's conversation, so it must not advance or break the script. The
 * agent loop always offers its tools; what a harness asks besides (Claude Code: a session title, a quota probe, …) is
 * sent without any. Token counting (`/v1/messages/count_tokens`) is one too, answered with a count.
 */
export function isSideRequest(body: unknown, path: string): boolean {
  return isCountTokens(path) || !((body as MessagesBody).tools?.length ?? 0);
}

/** What a side request gets: a short text that reads as an answer to any of them (a title, a yes/no, a summary). */
export const SIDE_REPLY: ScriptedTurn = { text: 'Scripted session' };

/**
 * The Anthropic Messages API as the scripted model speaks it (`POST …/v1/messages`, query such as `?beta=true`
 * allowed): streamed like the real API — `message_start` (the message with empty content and the input usage), per
 * block `content_block_start` / `content_block_delta` (`text_delta`, or `input_json_delta` for a tool call's
 * arguments) / `content_block_stop`, a `ping` after the first block starts, `message_delta` (stop reason and the
 * cumulative usage), `message_stop` — or one `message` object when no stream was asked for. Side requests (no tools
 * offered) get `SIDE_REPLY` whatever turn the conversation is at; `…/count_tokens` gets `{input_tokens}`.
 */
export const anthropicMessages: ScriptedApi = {
  api: 'anthropic-messages',
  matches: (method, path) => method === 'POST' && (route(path).endsWith('/v1/messages') || isCountTokens(path)),
  turnIndex: (body) => ((body as MessagesBody).messages ?? []).filter((m) => m.role === 'assistant').length,
  streamed: (body, path) => !isCountTokens(path) && (body as MessagesBody).stream === true,
  reply(res, scripted, body, path, ctx) {
    if (isCountTokens(path)) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ input_tokens: ctx.promptTokens }));
      return;
    }
    const turn = isSideRequest(body, path) ? SIDE_REPLY : scripted;
    const usage = usageOf(turn, ctx);
    if (!anthropicMessages.streamed(body, path)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: messageId(ctx),
          type: 'message',
          role: 'assistant',
          model: ctx.model,
          content: blocks(turn, ctx),
          stop_reason: stopReason(turn),
          stop_sequence: null,
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const e of events(turn, ctx, usage)) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    res.end();
  },
};

const messageId = (ctx: ReplyContext) => `msg_${ctx.id.replace(/[^A-Za-z0-9]/g, '')}`;
const stopReason = (turn: ScriptedTurn) => (turn.toolCalls?.length ? 'tool_use' : 'end_turn');

type Block =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

function blocks(turn: ScriptedTurn, ctx: ReplyContext): Block[] {
  const out: Block[] = turn.text ? [{ type: 'text', text: turn.text }] : [];
  (turn.toolCalls ?? []).forEach((tc, i) =>
    out.push({ type: 'tool_use', id: `toolu_${messageId(ctx).slice(4)}${i}`, name: tc.name, input: tc.arguments }),
  );
  return out;
}

/** Input is the estimate from the request's size, all of it uncached (the scripted model has no cache). */
function usageOf(turn: ScriptedTurn, ctx: ReplyContext) {
  return {
    input_tokens: ctx.promptTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: completionTokens(turn),
  };
}

function events(turn: ScriptedTurn, ctx: ReplyContext, usage: ReturnType<typeof usageOf>): { type: string }[] {
  const out: ({ type: string } & Record<string, unknown>)[] = [
    {
      type: 'message_start',
      message: {
        id: messageId(ctx),
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // As the real API: the input usage is known at the start, output counts only the first token so far.
        usage: { ...usage, output_tokens: 1 },
      },
    },
  ];
  blocks(turn, ctx).forEach((b, index) => {
    if (b.type === 'text') {
      out.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      if (index === 0) out.push({ type: 'ping' });
      out.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text } });
    } else {
      out.push({ type: 'content_block_start', index, content_block: { ...b, input: {} } });
      if (index === 0) out.push({ type: 'ping' });
      // The real API streams the arguments as JSON text in pieces, starting with an empty one.
      const json = JSON.stringify(b.input);
      const cut = Math.ceil(json.length / 2);
      for (const partial_json of ['', json.slice(0, cut), json.slice(cut)])
        out.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
    }
    out.push({ type: 'content_block_stop', index });
  });
  out.push({ type: 'message_delta', delta: { stop_reason: stopReason(turn), stop_sequence: null }, usage });
  out.push({ type: 'message_stop' });
  return out;
}
