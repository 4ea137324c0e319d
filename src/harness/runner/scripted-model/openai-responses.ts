import type { ServerResponse } from 'node:http';
import { responsesTurns } from '../../../bench/model-traffic/openai-responses.ts';
import { completionTokens } from './openai-chat.ts';
import type { ReplyContext, ScriptedApi, ScriptedTurn } from './types.ts';

interface ResponsesBody {
  input?: unknown;
  stream?: boolean;
}

/**
 * OpenAI Responses (`POST …/responses`) as the scripted model speaks it. Streamed like the real API (named SSE events,
 * each with `type` and an increasing `sequence_number`): `response.created`, `response.in_progress`, then per output
 * item `response.output_item.added` → (`response.content_part.added`, `response.output_text.delta`,
 * `response.output_text.done`, `response.content_part.done` | `response.function_call_arguments.delta`,
 * `response.function_call_arguments.done`) → `response.output_item.done`, and `response.completed` carrying the whole
 * response with `usage` (the only place the API reports usage). No `[DONE]` sentinel: the stream ends after the
 * terminal event. Without `stream: true`, one `response` object. Shapes follow the API reference's examples
 * (platform.openai.com/docs/api-reference/responses-streaming).
 */
export const openaiResponses: ScriptedApi = {
  api: 'openai-responses',
  matches: (method, path) => method === 'POST' && path.split('?')[0]!.endsWith('/responses'),
  turnIndex: (body) => responsesTurns((body as ResponsesBody).input),
  streamed: (body) => (body as ResponsesBody).stream === true,
  reply(res, turn, body, path, ctx) {
    const output = outputItems(turn, ctx);
    const done = responseObject(ctx, 'completed', output, usageOf(turn, ctx));
    if (!openaiResponses.streamed(body, path)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(done));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    let seq = 0;
    const send = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data, sequence_number: seq++ })}\n\n`);
    const started = responseObject(ctx, 'in_progress', [], null);
    send('response.created', { response: started });
    send('response.in_progress', { response: started });
    output.forEach((item, output_index) => {
      if (item.type === 'message') {
        const text = item.content[0]!.text;
        const part = { type: 'output_text', annotations: [], logprobs: [], text: '' };
        const at = { item_id: item.id, output_index, content_index: 0 };
        send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
        send('response.content_part.added', { ...at, part });
        send('response.output_text.delta', { ...at, delta: text, logprobs: [] });
        send('response.output_text.done', { ...at, text, logprobs: [] });
        send('response.content_part.done', { ...at, part: { ...part, text } });
      } else {
        send('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
        send('response.function_call_arguments.delta', { item_id: item.id, output_index, delta: item.arguments });
        send('response.function_call_arguments.done', {
          item_id: item.id,
          name: item.name,
          output_index,
          arguments: item.arguments,
        });
      }
      send('response.output_item.done', { output_index, item });
    });
    send('response.completed', { response: done });
    res.end();
  },
};

type OutputItem =
  | {
      type: 'message';
      id: string;
      status: 'completed';
      role: 'assistant';
      content: { type: 'output_text'; annotations: []; logprobs: []; text: string }[];
    }
  | { type: 'function_call'; id: string; status: 'completed'; call_id: string; name: string; arguments: string };

function outputItems(turn: ScriptedTurn, ctx: ReplyContext): OutputItem[] {
  const out: OutputItem[] = [];
  if (turn.text)
    out.push({
      type: 'message',
      id: `msg_${ctx.id}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', annotations: [], logprobs: [], text: turn.text }],
    });
  (turn.toolCalls ?? []).forEach((tc, i) =>
    out.push({
      type: 'function_call',
      id: `fc_${ctx.id}_${i}`,
      status: 'completed',
      call_id: `call_${ctx.id}_${i}`,
      name: tc.name,
      arguments: JSON.stringify(tc.arguments),
    }),
  );
  return out;
}

/** Usage as the API reports it: `input_tokens` includes the cached ones (none here); output includes reasoning. */
function usageOf(turn: ScriptedTurn, ctx: ReplyContext) {
  const output = completionTokens(turn);
  return {
    input_tokens: ctx.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: ctx.promptTokens + output,
  };
}

function responseObject(ctx: ReplyContext, status: string, output: OutputItem[], usage: unknown) {
  return {
    id: `resp_${ctx.id}`,
    object: 'response',
    created_at: 0,
    status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: ctx.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage,
    user: null,
    metadata: {},
  };
}
