import type { ModelExchange } from '../schema/model-traffic.ts';
import type { ApiCodec, ModelReply, ReplyToolCall, RequestTail, TokenCounts } from './types.ts';

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Anthropic's usage mapped onto ours: `input_tokens` is already the uncached part (cache reads and writes are
 * reported beside it, not inside it), `output_tokens` includes thinking.
 */
function tokens(u: Json): TokenCounts {
  return {
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    cacheRead: num(u.cache_read_input_tokens),
    cacheWrite: num(u.cache_creation_input_tokens),
  };
}

/** Arguments parsed when they parse, else the raw text under `raw` (the ReplyToolCall contract). */
function args(text: string): unknown {
  if (text.trim() === '') return {};
  const v = parse(text);
  return v === undefined ? { raw: text } : v;
}

/** A complete `message` object's reply (the non-streamed body, or a stream reassembled into one). */
function fromMessage(m: Json): ModelReply | undefined {
  if (m.type !== 'message' || !Array.isArray(m.content)) return undefined;
  let text = '';
  let reasoning = '';
  const toolCalls: ReplyToolCall[] = [];
  for (const b of m.content as unknown[]) {
    if (!isObj(b)) return undefined;
    if (b.type === 'text' && typeof b.text === 'string') text += b.text;
    else if (b.type === 'thinking' && typeof b.thinking === 'string') reasoning += b.thinking;
    else if (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string')
      toolCalls.push({ id: b.id, name: b.name, arguments: b.input ?? {} });
  }
  return {
    ...(typeof m.model === 'string' ? { model: m.model } : {}),
    text,
    ...(reasoning ? { reasoning } : {}),
    toolCalls,
    ...(typeof m.stop_reason === 'string' ? { stopReason: m.stop_reason } : {}),
    ...(isObj(m.usage) ? { usage: tokens(m.usage) } : {}),
  };
}

/** The `data:` payload of each SSE event, parsed; undefined when any is not JSON (a cut or garbled stream). */
function sseEvents(body: string): Json[] | undefined {
  const out: Json[] = [];
  for (const block of body.replace(/\r\n?/g, '\n').split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data === '') continue;
    const v = parse(data);
    if (!isObj(v)) return undefined;
    out.push(v);
  }
  return out;
}

/**
 * A Messages stream reassembled: `message_start` gives the message and the input usage, each block is built from its
 * `content_block_start` and deltas (`text_delta`, `thinking_delta`, `input_json_delta` pieces of a tool call's JSON),
 * `message_delta` gives the stop reason and the usage so far (its fields are cumulative, so the latest wins), and only a
 * stream that reached `message_stop` counts as a reply. An `error` event mid-stream means there was none.
 */
function fromStream(body: string): ModelReply | undefined {
  const events = sseEvents(body);
  if (!events) return undefined;
  let message: Json | undefined;
  const blocks: Json[] = [];
  const partial: string[] = [];
  let usage: Json = {};
  let stopped = false;
  for (const e of events) {
    if (e.type === 'message_start' && isObj(e.message)) {
      message = { ...e.message };
      if (isObj(e.message.usage)) usage = { ...e.message.usage };
    } else if (e.type === 'content_block_start' && typeof e.index === 'number' && isObj(e.content_block)) {
      blocks[e.index] = { ...e.content_block };
      partial[e.index] = '';
    } else if (e.type === 'content_block_delta' && typeof e.index === 'number' && isObj(e.delta)) {
      const b = blocks[e.index];
      if (!b) return undefined;
      const d = e.delta;
      if (d.type === 'text_delta' && typeof d.text === 'string') b.text = `${String(b.text ?? '')}${d.text}`;
      else if (d.type === 'thinking_delta' && typeof d.thinking === 'string')
        b.thinking = `${String(b.thinking ?? '')}${d.thinking}`;
      else if (d.type === 'input_json_delta' && typeof d.partial_json === 'string') partial[e.index] += d.partial_json;
    } else if (e.type === 'message_delta') {
      if (!message) return undefined;
      if (isObj(e.delta) && 'stop_reason' in e.delta) message.stop_reason = e.delta.stop_reason;
      if (isObj(e.usage)) for (const [k, v] of Object.entries(e.usage)) if (v !== null && v !== undefined) usage[k] = v;
    } else if (e.type === 'message_stop') stopped = true;
    else if (e.type === 'error') return undefined;
  }
  if (!message || !stopped) return undefined;
  // flatMap skips the holes of blocks that never started.
  const content = blocks.flatMap((b, i) => {
    if (b.type !== 'tool_use') return [b];
    const input = partial[i] ? args(partial[i]) : (b.input ?? {});
    return [{ ...b, input }];
  });
  return fromMessage({ ...message, content, usage });
}

function reply(x: ModelExchange): ModelReply | undefined {
  const body = x.response;
  if (x.truncated || body.trim() === '') return undefined;
  const sse = (x.responseType ?? '').includes('text/event-stream') || /^(event|data):/m.test(body.slice(0, 200));
  if (sse) return fromStream(body);
  const m = parse(body);
  return isObj(m) ? fromMessage(m) : undefined;
}

/** A message's content as text: a string as is, else its text blocks (tool results' nested text too). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .flatMap((b) => (isObj(b) && b.type === 'text' && typeof b.text === 'string' ? [b.text] : []))
    .join('\n');
}

function request(x: ModelExchange): RequestTail | undefined {
  const b = parse(x.request);
  if (!isObj(b) || !Array.isArray(b.messages)) return undefined;
  const messages = b.messages.filter(isObj);
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  const tail = messages.slice(lastAssistant + 1).filter((m) => m.role === 'user');
  const userText = tail
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : textOf(Array.isArray(m.content) ? m.content.filter((c) => isObj(c) && c.type === 'text') : []),
    )
    .filter(Boolean)
    .join('\n');
  const toolResults = tail.flatMap((m) =>
    Array.isArray(m.content)
      ? m.content.flatMap((c) =>
          isObj(c) && c.type === 'tool_result' && typeof c.tool_use_id === 'string'
            ? [{ callId: c.tool_use_id, content: textOf(c.content) }]
            : [],
        )
      : [],
  );
  const system = typeof b.system === 'string' ? b.system : textOf(b.system);
  return {
    ...(typeof b.model === 'string' ? { model: b.model } : {}),
    tools: Array.isArray(b.tools)
      ? b.tools.flatMap((t) => (isObj(t) && typeof t.name === 'string' ? [t.name] : []))
      : [],
    stream: b.stream === true,
    assistantTurns: messages.filter((m) => m.role === 'assistant').length,
    ...(system ? { system } : {}),
    ...(userText ? { userText } : {}),
    toolResults,
  };
}

/** Anthropic Messages (`POST /v1/messages`), streamed or not. */
export const anthropicMessagesCodec: ApiCodec = { api: 'anthropic-messages', reply, request };
