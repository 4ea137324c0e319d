import type { ApiCodec, ModelReply, ReplyToolCall, RequestTail, TokenCounts } from './types.ts';

/**
 * OpenAI Chat Completions (`POST …/chat/completions`), as OpenAI and the OpenAI-compatible providers answer it: one
 * `chat.completion` object, or an SSE stream of `chat.completion.chunk` objects ended by `data: [DONE]`. The usage
 * comes in the object's `usage`, or in a stream's last chunk (`choices: []`) when the request set
 * `stream_options.include_usage` (every other chunk then carries `usage: null`). Only choice 0 is read (the harnesses
 * never ask for `n > 1`).
 */
export const openaiChatCodec: ApiCodec = {
  api: 'openai-chat',
  reply(x) {
    try {
      return x.response.trimStart().startsWith('{') ? fromObject(JSON.parse(x.response)) : fromStream(x.response);
    } catch {
      return undefined;
    }
  },
  request(x) {
    try {
      return tailOf(JSON.parse(x.request));
    } catch {
      return undefined;
    }
  },
};

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Our token counts from the API's `usage`: `prompt_tokens` INCLUDES the cached prompt tokens
 * (`prompt_tokens_details.cached_tokens`; DeepSeek reports them as `prompt_cache_hit_tokens`), so the uncached input
 * is the difference. `completion_tokens` already includes `completion_tokens_details.reasoning_tokens`. OpenAI reports
 * no cache writes; OpenRouter's `prompt_tokens_details.cache_write_tokens` is taken when present (also inside
 * `prompt_tokens`).
 */
export function chatUsage(u: unknown): TokenCounts | undefined {
  if (!isObj(u)) return undefined;
  const details = isObj(u.prompt_tokens_details) ? u.prompt_tokens_details : {};
  const cacheRead = num(details.cached_tokens) || num(u.prompt_cache_hit_tokens);
  const cacheWrite = num(details.cache_write_tokens);
  return {
    input: Math.max(0, num(u.prompt_tokens) - cacheRead - cacheWrite),
    output: num(u.completion_tokens),
    cacheRead,
    cacheWrite,
  };
}

/** Message content as text: a string, or the text parts of a content array. */
function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isObj(p) && (p.type === 'text' || p.type === 'output_text') ? (str(p.text) ?? '') : ''))
    .join('');
}

/** Tool-call arguments: the parsed JSON when the text parses, else `{ raw }`. */
function args(raw: string): unknown {
  if (raw === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return { raw };
  }
}

function fromObject(o: unknown): ModelReply | undefined {
  if (!isObj(o) || !Array.isArray(o.choices)) return undefined;
  const choice = o.choices.find((c) => isObj(c) && (c.index ?? 0) === 0);
  const message = isObj(choice) && isObj(choice.message) ? choice.message : {};
  const toolCalls: ReplyToolCall[] = (Array.isArray(message.tool_calls) ? message.tool_calls : [])
    .filter(isObj)
    .map((tc) => {
      const fn = isObj(tc.function) ? tc.function : {};
      return { id: str(tc.id) ?? '', name: str(fn.name) ?? '', arguments: args(str(fn.arguments) ?? '') };
    });
  // OpenAI shows no reasoning text in this API; DeepSeek sends `reasoning_content`, OpenRouter `reasoning`.
  const reasoning = str(message.reasoning_content) ?? str(message.reasoning);
  return {
    ...(str(o.model) ? { model: str(o.model) } : {}),
    text: text(message.content),
    ...(reasoning ? { reasoning } : {}),
    toolCalls,
    ...(isObj(choice) && str(choice.finish_reason) ? { stopReason: str(choice.finish_reason) } : {}),
    ...(chatUsage(o.usage) ? { usage: chatUsage(o.usage) } : {}),
  };
}

/** The `data:` payloads of an SSE body, one per event (multi-line data joined by newlines, as SSE says). */
export function sseData(body: string): string[] {
  const out: string[] = [];
  for (const event of body.replace(/\r\n?/g, '\n').split('\n\n')) {
    const data = event
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5));
    if (data.length) out.push(data.join('\n'));
  }
  return out;
}

function fromStream(body: string): ModelReply | undefined {
  const payloads = sseData(body).filter((d) => d.trim() !== '[DONE]');
  if (payloads.length === 0) return undefined;
  let model: string | undefined;
  let content = '';
  let reasoning = '';
  let stopReason: string | undefined;
  let usage: TokenCounts | undefined;
  // Tool calls arrive by `index`: the first delta of each carries its id and name, later ones more argument text.
  const calls = new Map<number, { id: string; name: string; raw: string }>();
  for (const p of payloads) {
    const chunk: unknown = JSON.parse(p);
    if (!isObj(chunk)) return undefined;
    model ??= str(chunk.model);
    usage = chatUsage(chunk.usage) ?? usage;
    for (const c of Array.isArray(chunk.choices) ? chunk.choices : []) {
      if (!isObj(c) || (c.index ?? 0) !== 0) continue;
      if (str(c.finish_reason)) stopReason = str(c.finish_reason);
      const delta = isObj(c.delta) ? c.delta : {};
      content += text(delta.content);
      reasoning += str(delta.reasoning_content) ?? str(delta.reasoning) ?? '';
      for (const tc of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
        if (!isObj(tc)) continue;
        const at = typeof tc.index === 'number' ? tc.index : calls.size;
        const fn = isObj(tc.function) ? tc.function : {};
        const call = calls.get(at) ?? { id: '', name: '', raw: '' };
        call.id ||= str(tc.id) ?? '';
        call.name ||= str(fn.name) ?? '';
        call.raw += str(fn.arguments) ?? '';
        calls.set(at, call);
      }
    }
  }
  return {
    ...(model ? { model } : {}),
    text: content,
    ...(reasoning ? { reasoning } : {}),
    toolCalls: [...calls.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, c]) => ({ id: c.id, name: c.name, arguments: args(c.raw) })),
    ...(stopReason ? { stopReason } : {}),
    ...(usage ? { usage } : {}),
  };
}

function tailOf(body: unknown): RequestTail | undefined {
  if (!isObj(body) || !Array.isArray(body.messages)) return undefined;
  const messages = body.messages.filter(isObj);
  let last = -1;
  messages.forEach((m, i) => {
    if (m.role === 'assistant') last = i;
  });
  const after = messages.slice(last + 1);
  // The system prompt: the system (or, for reasoning models, developer) messages that open the conversation.
  const lead: string[] = [];
  for (const m of messages) {
    if (m.role !== 'system' && m.role !== 'developer') break;
    lead.push(text(m.content));
  }
  const user = after.filter((m) => m.role === 'user').map((m) => text(m.content));
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter(isObj)
    .map((t) => (isObj(t.function) ? str(t.function.name) : undefined) ?? str(t.name) ?? '')
    .filter((n) => n !== '');
  return {
    ...(str(body.model) ? { model: str(body.model) } : {}),
    tools,
    stream: body.stream === true,
    assistantTurns: messages.filter((m) => m.role === 'assistant').length,
    ...(lead.length ? { system: lead.join('\n\n') } : {}),
    ...(user.length ? { userText: user.join('\n\n') } : {}),
    toolResults: after
      .filter((m) => m.role === 'tool')
      .map((m) => ({ callId: str(m.tool_call_id) ?? '', content: text(m.content) })),
  };
}
