import { header, isObject, requestMessages, responseMessages, type Exchange } from '../../exchanges.ts';
import { brief, isRequest, isResponse, resultOf, toolTexts } from '../../jsonrpc.ts';

/**
 * Views of a reference-perspective wire log (the client under test sent the requests, our reference server answered).
 * Everything here is pure and total: a malformed client message simply does not match.
 */

export type Msg = Record<string, unknown>;

/** A JSON-RPC message the client POSTed. */
export interface ClientMessage {
  x: number;
  t: number;
  /** The POST that carried it. */
  ex: Exchange;
  msg: Msg;
}

/** Every JSON-RPC message the client sent, in log order (a batch body yields several). */
export function clientMessages(exchanges: readonly Exchange[]): ClientMessage[] {
  const out: ClientMessage[] = [];
  for (const ex of exchanges) {
    if (ex.request.method !== 'POST') continue;
    for (const m of requestMessages(ex)) if (isObject(m)) out.push({ x: ex.x, t: ex.request.t, ex, msg: m });
  }
  return out;
}

/** Whether the exchange is a POST whose body is an `initialize` request. */
export function isInitializePost(ex: Exchange): boolean {
  return ex.request.method === 'POST' && requestMessages(ex).some((m) => isRequest(m) && m.method === 'initialize');
}

/** A successful initialize: when its result was sent, the version it negotiated, the session id it issued. */
export interface InitDone {
  x: number;
  /** The initialize POST. */
  ex: Exchange;
  /** Time the InitializeResult left the server (JSON response head, or the SSE event carrying it). */
  t: number;
  version?: string;
  sessionId?: string;
  /** The server's `capabilities` object (empty when absent). */
  capabilities: Msg;
}

/** The time the response to the exchange's request (by id) was sent, and that response. */
export function answerIn(ex: Exchange, id: unknown): { t: number; msg: Msg; via: 'json' | 'sse' } | undefined {
  const key = JSON.stringify(id);
  if (ex.response && ex.json !== undefined) {
    const list = Array.isArray(ex.json) ? ex.json : [ex.json];
    const msg = list.find((m) => isResponse(m) && JSON.stringify(m.id) === key);
    if (msg) return { t: ex.response.t, msg: msg as Msg, via: 'json' };
  }
  for (const s of ex.sse)
    if (isResponse(s.json) && JSON.stringify(s.json.id) === key) return { t: s.t, msg: s.json as Msg, via: 'sse' };
  return undefined;
}

/** Successful initialize exchanges, in order. */
export function initsDone(exchanges: readonly Exchange[]): InitDone[] {
  const out: InitDone[] = [];
  for (const ex of exchanges) {
    if (!isInitializePost(ex)) continue;
    const req = requestMessages(ex).find((m) => isRequest(m) && m.method === 'initialize') as Msg;
    const a = answerIn(ex, req.id);
    const result = a ? resultOf(a.msg) : undefined;
    if (!a || !result || ex.response?.status !== 200) continue;
    const sessionId = header(ex.response.headers, 'mcp-session-id');
    const capabilities = isObject(result.capabilities) ? result.capabilities : {};
    out.push({
      x: ex.x,
      ex,
      t: a.t,
      capabilities,
      ...(typeof result.protocolVersion === 'string' ? { version: result.protocolVersion } : {}),
      ...(sessionId ? { sessionId } : {}),
    });
  }
  return out;
}

/** The tool call a POST carried, and where its result came back (same POST, or a later resumed GET stream). */
export interface ToolCall {
  x: number;
  t: number;
  /** The POST that carried the call. */
  ex: Exchange;
  name: string;
  args: Msg;
  /** Exchange and delivery of the result, when one came back. */
  answer?: { x: number; t: number; via: 'json' | 'sse'; result?: Msg; isError: boolean; texts: string[] };
}

export function toolCalls(exchanges: readonly Exchange[]): ToolCall[] {
  const out: ToolCall[] = [];
  for (const ex of exchanges) {
    if (ex.request.method !== 'POST') continue;
    for (const m of requestMessages(ex)) {
      if (!isRequest(m) || m.method !== 'tools/call' || !isObject(m.params) || typeof m.params.name !== 'string')
        continue;
      const call: ToolCall = {
        x: ex.x,
        t: ex.request.t,
        ex,
        name: m.params.name,
        args: isObject(m.params.arguments) ? m.params.arguments : {},
      };
      const later = exchanges.filter((g) => g.x === ex.x || (g.request.method === 'GET' && g.request.t > ex.request.t));
      for (const g of later) {
        const a = answerIn(g, m.id);
        if (!a) continue;
        const result = resultOf(a.msg);
        call.answer = {
          x: g.x,
          t: a.t,
          via: a.via,
          ...(result ? { result } : {}),
          isError: !result || result.isError === true,
          texts: toolTexts(result),
        };
        break;
      }
      out.push(call);
    }
  }
  return out;
}

/** Request headers as judges need them. */
export const reqHeader = (ex: Exchange, name: string): string | undefined => header(ex.request.headers, name);

/** Media types an Accept header lists (parameters and q-values dropped, lower-cased). */
export function acceptList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((p) => p.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
}

/** Requests the server sent the client on any SSE stream (method + id). */
export function serverRequests(
  exchanges: readonly Exchange[],
): { x: number; t: number; id: unknown; method: string }[] {
  const out: { x: number; t: number; id: unknown; method: string }[] = [];
  for (const ex of exchanges)
    for (const s of ex.sse) if (isRequest(s.json)) out.push({ x: ex.x, t: s.t, id: s.json.id, method: s.json.method });
  return out;
}

/** Compact, stable rendering of a JSON value for messages; bounded (a huge or deep client value is cut, not thrown on). */
export const show = (v: unknown): string => (v === undefined ? 'undefined' : brief(v, SHOW_MAX));
/** Far above any real value's rendering, so cutting only ever happens to hostile ones. */
const SHOW_MAX = 1000;

export { responseMessages };
