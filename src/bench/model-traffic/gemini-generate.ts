import type { ModelExchange } from '../schema/model-traffic.ts';
import type { ApiCodec, ModelReply, ReplyToolCall, RequestTail, TokenCounts } from './types.ts';

interface Part {
  text?: string;
  /** A thought summary (the part's text is reasoning, not the answer). */
  thought?: boolean;
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: unknown };
}
interface Content {
  role?: string;
  parts?: Part[];
}
interface UsageMetadata {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
}
interface GenerateContentResponse {
  candidates?: { content?: Content; finishReason?: string }[];
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
}

/** `…/models/<model>:<method>` with any query (`?alt=sse`). */
const PATH = /\/models\/([^/:?]+):([A-Za-z]+)(?:\?|$)/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);

/**
 * The Gemini API's usage in ours. `promptTokenCount` is the whole prompt, cached part included
 * (`cachedContentTokenCount`), so uncached input is the difference; tool-use prompt tokens (e.g. search grounding)
 * are input too. Output is the candidates plus the thoughts (`thoughtsTokenCount` is billed as output and not part of
 * `candidatesTokenCount`). The API has no cache-write count (implicit caching charges none; explicit caches are
 * created by a separate call).
 */
export function geminiUsage(u: UsageMetadata): TokenCounts {
  const cached = count(u.cachedContentTokenCount);
  return {
    input: Math.max(0, count(u.promptTokenCount) - cached) + count(u.toolUsePromptTokenCount),
    output: count(u.candidatesTokenCount) + count(u.thoughtsTokenCount),
    cacheRead: cached,
    cacheWrite: 0,
  };
}

/**
 * The responses a body holds: one GenerateContentResponse (`:generateContent`), an SSE stream of them
 * (`:streamGenerateContent?alt=sse`: `data: {…}` events), or a JSON array of them (`alt=json` streaming). Any event that
 * does not parse (a cut or garbled body) makes the whole body unreadable.
 */
function responses(text: string): GenerateContentResponse[] | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  try {
    if (t.startsWith('{')) {
      const one: unknown = JSON.parse(t);
      return isObject(one) ? [one as GenerateContentResponse] : undefined;
    }
    if (t.startsWith('[')) {
      const many: unknown = JSON.parse(t);
      return Array.isArray(many) && many.every(isObject) ? (many as GenerateContentResponse[]) : undefined;
    }
    const out: GenerateContentResponse[] = [];
    for (const event of t.split(/\r?\n\r?\n|\r\r/)) {
      const data = event
        .split(/\r?\n|\r/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data === '') continue;
      const v: unknown = JSON.parse(data);
      if (!isObject(v)) return undefined;
      out.push(v as GenerateContentResponse);
    }
    return out.length ? out : undefined;
  } catch {
    return undefined;
  }
}

function reply(x: ModelExchange): ModelReply | undefined {
  const method = PATH.exec(x.path)?.[2];
  if (method === 'countTokens') return undefined;
  const rs = responses(x.response);
  if (!rs || !rs.some((r) => Array.isArray(r.candidates) || isObject(r.usageMetadata))) return undefined;
  let text = '';
  let reasoning = '';
  const toolCalls: ReplyToolCall[] = [];
  let stopReason: string | undefined;
  let usage: UsageMetadata | undefined;
  let model: string | undefined;
  for (const r of rs) {
    // Each streamed chunk carries the usage so far (candidatesTokenCount grows): the last one is the total.
    if (isObject(r.usageMetadata)) usage = r.usageMetadata;
    if (typeof r.modelVersion === 'string') model = r.modelVersion;
    // Gemini CLI asks for one candidate; the first is the answer.
    const c = Array.isArray(r.candidates) ? r.candidates[0] : undefined;
    if (!isObject(c)) continue;
    if (typeof c.finishReason === 'string') stopReason = c.finishReason;
    const parts = isObject(c.content) && Array.isArray(c.content.parts) ? c.content.parts : [];
    for (const p of parts) {
      if (!isObject(p)) continue;
      if (typeof p.text === 'string') {
        if (p.thought === true) reasoning += p.text;
        else text += p.text;
      }
      const fc = p.functionCall;
      if (isObject(fc) && typeof fc.name === 'string')
        toolCalls.push({
          // The Gemini API gives calls no id unless the client sent ids; the name and its place stand in.
          id: typeof fc.id === 'string' ? fc.id : `${fc.name}#${toolCalls.length}`,
          name: fc.name,
          arguments: fc.args ?? {},
        });
    }
  }
  return {
    ...(model !== undefined ? { model } : {}),
    text,
    ...(reasoning ? { reasoning } : {}),
    toolCalls,
    ...(stopReason !== undefined ? { stopReason } : {}),
    ...(usage ? { usage: geminiUsage(usage) } : {}),
  };
}

function textOf(parts: Part[]): string {
  return parts
    .filter((p) => isObject(p) && typeof p.text === 'string' && p.thought !== true)
    .map((p) => p.text!)
    .join('\n');
}

/** A function response's content as text: the CLI's `{output}` (or `{content}`, `{error}`) string, else its JSON. */
function responseText(r: unknown): string {
  if (isObject(r)) for (const k of ['output', 'content', 'error']) if (typeof r[k] === 'string') return r[k] as string;
  return typeof r === 'string' ? r : JSON.stringify(r ?? null);
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function request(x: ModelExchange): RequestTail | undefined {
  const m = PATH.exec(x.path);
  let body: unknown;
  try {
    body = JSON.parse(x.request);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const contents = (Array.isArray(body.contents) ? body.contents : []).filter(isObject) as Content[];
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter(isObject)
    .flatMap((t) => (Array.isArray(t.functionDeclarations) ? t.functionDeclarations : []))
    .filter(isObject)
    .flatMap((d) => (typeof d.name === 'string' ? [d.name] : []));
  let last = -1;
  contents.forEach((c, i) => {
    if (c.role === 'model') last = i;
  });
  const after = contents.slice(last + 1).filter((c) => c.role !== 'model');
  const parts = after.flatMap((c) => (Array.isArray(c.parts) ? c.parts.filter(isObject) : []));
  const userText = textOf(parts);
  const toolResults = parts.flatMap((p) => {
    const fr = p.functionResponse;
    if (!isObject(fr)) return [];
    const callId = typeof fr.id === 'string' ? fr.id : typeof fr.name === 'string' ? fr.name : '';
    return [{ callId, content: responseText(fr.response) }];
  });
  const si = body.systemInstruction;
  const system = isObject(si) && Array.isArray(si.parts) ? textOf(si.parts.filter(isObject) as Part[]) : undefined;
  return {
    ...(m ? { model: decoded(m[1]!) } : {}),
    tools,
    stream: m?.[2] === 'streamGenerateContent',
    assistantTurns: contents.filter((c) => c.role === 'model').length,
    ...(system ? { system } : {}),
    ...(userText ? { userText } : {}),
    toolResults,
  };
}

/** The Gemini API (`generateContent`, `streamGenerateContent`; `countTokens` carries no reply). */
export const geminiGenerateCodec: ApiCodec = { api: 'gemini-generate', reply, request };
