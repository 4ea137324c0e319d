import type { ModelExchange } from '../schema/model-traffic.ts';
import type { ApiCodec, ModelReply, ReplyToolCall, RequestTail, TokenCounts } from './types.ts';

/** One item of a Responses `input` or `output` (only the fields read here). */
interface Item {
  type?: string;
  role?: string;
  id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  input?: string;
  action?: unknown;
  output?: unknown;
  content?: unknown;
  summary?: unknown;
  tools?: unknown;
}

interface ResponseObject {
  object?: string;
  model?: string;
  status?: string;
  incomplete_details?: { reason?: string } | null;
  output?: Item[];
  usage?: {
    input_tokens?: number;
    input_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number } | null;
    output_tokens?: number;
  } | null;
}

/**
 * Item types the model produces. A client that keeps no server-side state (`store: false`, as Codex sends) replays
 * them in the next request's `input`, so they also mark where an assistant turn was.
 */
const MODEL_ITEMS = new Set([
  'reasoning',
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
  'file_search_call',
  'computer_call',
  'code_interpreter_call',
  'image_generation_call',
  'mcp_call',
  'tool_search_call',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fromModel = (item: Item) => item.role === 'assistant' || MODEL_ITEMS.has(item.type ?? '');

/**
 * Assistant turns in a Responses `input`: each maximal run of consecutive model-produced items is one turn (one
 * response's reasoning, message and calls come back together, followed by the tool outputs). A string input is a
 * single user message: no turn yet.
 */
export function responsesTurns(input: unknown): number {
  if (!Array.isArray(input)) return 0;
  let turns = 0;
  let inTurn = false;
  for (const item of input as unknown[]) {
    const mine = isObject(item) && fromModel(item as Item);
    if (mine && !inTurn) turns++;
    inTurn = mine;
  }
  return turns;
}

/** Text of a message's `content` (a string, or parts with `text`: input_text, output_text, summary_text…). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as unknown[])
    .map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : ''))
    .filter((t) => t !== '')
    .join('\n');
}

/** Tool names offered: `tools`, and any `additional_tools` input items (Codex sends some there); namespaces flattened. */
function toolNames(tools: unknown, into: string[] = [], prefix = ''): string[] {
  if (!Array.isArray(tools)) return into;
  for (const t of tools as unknown[]) {
    if (!isObject(t)) continue;
    const name = typeof t.name === 'string' ? t.name : typeof t.type === 'string' ? t.type : undefined;
    if (t.type === 'namespace' && name) toolNames(t.tools, into, `${prefix}${name}.`);
    else if (name) into.push(prefix + name);
  }
  return into;
}

/** Arguments as sent: parsed JSON when they parse, else the raw text under `raw`. */
function args(raw: string | undefined): unknown {
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { raw };
  }
}

function toolCall(item: Item): ReplyToolCall | undefined {
  const id = item.call_id ?? item.id ?? '';
  if (item.type === 'function_call') return { id, name: item.name ?? '', arguments: args(item.arguments) };
  // A custom (freeform) tool's input is text, not JSON: Codex's apply_patch and code-mode `exec` are such tools.
  if (item.type === 'custom_tool_call') return { id, name: item.name ?? '', arguments: args(item.input) };
  if (item.type === 'local_shell_call') return { id, name: 'local_shell', arguments: item.action ?? {} };
  return undefined;
}

/**
 * Our token counts from the API's usage. `input_tokens` includes the cached prompt tokens
 * (`input_tokens_details.cached_tokens`) and any cache-write tokens the provider reports
 * (`input_tokens_details.cache_write_tokens`, which Azure documents and Codex reads), so both are subtracted to leave
 * the uncached input; `output_tokens` already includes `output_tokens_details.reasoning_tokens`.
 */
function tokens(usage: ResponseObject['usage']): TokenCounts | undefined {
  if (!isObject(usage) || typeof usage.input_tokens !== 'number') return undefined;
  const cacheRead = usage.input_tokens_details?.cached_tokens ?? 0;
  const cacheWrite = usage.input_tokens_details?.cache_write_tokens ?? 0;
  return {
    input: Math.max(0, usage.input_tokens - cacheRead - cacheWrite),
    output: usage.output_tokens ?? 0,
    cacheRead,
    cacheWrite,
  };
}

function replyOf(r: ResponseObject, streamedItems: Item[]): ModelReply {
  // Some servers end a stream with an empty `output` in the final event; the items streamed before are then the reply.
  const items = Array.isArray(r.output) && r.output.length > 0 ? r.output : streamedItems;
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ReplyToolCall[] = [];
  for (const item of items) {
    if (item.type === 'message') text.push(textOf(item.content));
    else if (item.type === 'reasoning') reasoning.push([textOf(item.summary), textOf(item.content)].join('\n').trim());
    else {
      const tc = toolCall(item);
      if (tc) toolCalls.push(tc);
    }
  }
  const usage = tokens(r.usage);
  const why = reasoning.filter((t) => t !== '').join('\n');
  return {
    ...(r.model ? { model: r.model } : {}),
    text: text.join(''),
    ...(why ? { reasoning: why } : {}),
    toolCalls,
    // The Responses API has no finish reason: the status says it, and why it is incomplete (e.g. max_output_tokens).
    ...(r.incomplete_details?.reason
      ? { stopReason: r.incomplete_details.reason }
      : r.status
        ? { stopReason: r.status }
        : {}),
    ...(usage ? { usage } : {}),
  };
}

/** The JSON payloads of an SSE body, unparseable events skipped. */
function sseEvents(body: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data || data === '[DONE]') continue;
    try {
      const v = JSON.parse(data) as unknown;
      if (isObject(v)) out.push(v);
    } catch {
      // A cut or garbled event: the stream's other events still count.
    }
  }
  return out;
}

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

function streamedReply(body: string): ModelReply | undefined {
  const items: Item[] = [];
  let final: ResponseObject | undefined;
  for (const e of sseEvents(body)) {
    if (e.type === 'response.output_item.done' && isObject(e.item)) items.push(e.item as Item);
    if (TERMINAL.has(e.type as string) && isObject(e.response)) final = e.response as ResponseObject;
  }
  // Without its terminal event the stream was cut: no usage was reported, so it is not a reply we can account.
  return final ? replyOf(final, items) : undefined;
}

const isStream = (x: ModelExchange) =>
  (x.responseType ?? '').includes('text/event-stream') || /^\s*(event|data):/.test(x.response);

/**
 * OpenAI Responses (`POST /v1/responses`): a streamed reply is named SSE events ending in `response.completed` (or
 * `.incomplete` / `.failed`), whose `response` carries the output items and the only usage; a non-streamed reply is
 * that `response` object itself.
 */
export const openaiResponsesCodec: ApiCodec = {
  api: 'openai-responses',
  reply(x) {
    if (isStream(x)) return streamedReply(x.response);
    try {
      const r = JSON.parse(x.response) as unknown;
      if (!isObject(r) || (r.object !== 'response' && !Array.isArray(r.output))) return undefined;
      return replyOf(r as ResponseObject, []);
    } catch {
      return undefined;
    }
  },
  request(x) {
    let body: unknown;
    try {
      body = JSON.parse(x.request);
    } catch {
      return undefined;
    }
    if (!isObject(body)) return undefined;
    const input: Item[] =
      typeof body.input === 'string'
        ? [{ type: 'message', role: 'user', content: body.input }]
        : Array.isArray(body.input)
          ? (body.input as unknown[]).filter(isObject)
          : [];
    const tools = toolNames(body.tools);
    for (const item of input) if (item.type === 'additional_tools') toolNames(item.tools, tools);
    let last = -1;
    input.forEach((item, i) => {
      if (fromModel(item)) last = i;
    });
    const after = input.slice(last + 1);
    const userText = after
      .filter((i) => (i.type ?? 'message') === 'message' && i.role === 'user')
      .map((i) => textOf(i.content))
      .join('\n');
    // The system prompt: `instructions`, else the system/developer messages the input opens with (Codex's way).
    const lead: Item[] = [];
    for (const i of input) {
      if (i.role !== 'system' && i.role !== 'developer') break;
      lead.push(i);
    }
    const system =
      typeof body.instructions === 'string' && body.instructions
        ? body.instructions
        : lead
            .map((i) => textOf(i.content))
            .filter((t) => t !== '')
            .join('\n');
    const tail: RequestTail = {
      ...(typeof body.model === 'string' ? { model: body.model } : {}),
      tools,
      stream: body.stream === true,
      assistantTurns: responsesTurns(input),
      ...(system ? { system } : {}),
      ...(userText ? { userText } : {}),
      toolResults: after
        .filter((i) => typeof i.type === 'string' && i.type.endsWith('_output') && typeof i.call_id === 'string')
        .map((i) => ({ callId: i.call_id!, content: typeof i.output === 'string' ? i.output : textOf(i.output) })),
    };
    return tail;
  },
};
