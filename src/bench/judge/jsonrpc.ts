import { cutText, stringifyBounded } from './bounded-json.ts';
import { header, isObject, requestMessages, responseMessages, type Exchange } from './exchanges.ts';

/** A JSON-RPC 2.0 message as judges need it: loose, since subjects may send anything. */
export type JsonRpcMessage = Record<string, unknown> & { jsonrpc?: unknown; id?: unknown; method?: unknown };

/** A message with a `method` and an `id` (JSON-RPC request). */
export function isRequest(m: unknown): m is JsonRpcMessage & { method: string } {
  return isObject(m) && typeof m.method === 'string' && 'id' in m;
}

/** A message with a `method` and no `id` (JSON-RPC notification). */
export function isNotification(m: unknown): m is JsonRpcMessage & { method: string } {
  return isObject(m) && typeof m.method === 'string' && !('id' in m);
}

/** A message with `result` or `error` and no `method` (JSON-RPC response). */
export function isResponse(m: unknown): m is JsonRpcMessage {
  return isObject(m) && typeof m.method !== 'string' && ('result' in m || 'error' in m);
}

/** The `result` object of a success response, if it is one. */
export function resultOf(m: unknown): Record<string, unknown> | undefined {
  return isResponse(m) && isObject(m.result) ? m.result : undefined;
}

/** The `error` object of an error response, if it is one. */
export function errorOf(m: unknown): { code?: unknown; message?: unknown; data?: unknown } | undefined {
  return isResponse(m) && isObject(m.error) ? m.error : undefined;
}

/** The JSON-RPC request the exchange carried (first request in the body). */
export function sentRequest(ex: Exchange): (JsonRpcMessage & { method: string }) | undefined {
  return requestMessages(ex).find(isRequest);
}

/** Every JSON-RPC response in the exchange's reply (JSON body or SSE events). */
export function responsesIn(ex: Exchange): JsonRpcMessage[] {
  return responseMessages(ex).filter(isResponse);
}

/**
 * The response to the exchange's own request: same id (strict JSON equality, so `1` ≠ `"1"`), else undefined.
 * A reply whose id differs does not count as an answer.
 */
export function answerOf(ex: Exchange): JsonRpcMessage | undefined {
  const req = sentRequest(ex);
  if (!req) return undefined;
  return responsesIn(ex).find((m) => JSON.stringify(m.id) === JSON.stringify(req.id));
}

/** The text of every `type: "text"` item of a tool result's `content`. */
export function toolTexts(result: Record<string, unknown> | undefined): string[] {
  const content = result?.content;
  if (!Array.isArray(content)) return [];
  return content
    .filter((c) => isObject(c) && c.type === 'text' && typeof c.text === 'string')
    .map((c) => (c as { text: string }).text);
}

/** Response header value, case-insensitive. */
export function responseHeader(ex: Exchange, name: string): string | undefined {
  return header(ex.response?.headers, name);
}

/** Media type of the response (`Content-Type` without parameters, lower-case), or '' when absent. */
export function mediaType(ex: Exchange): string {
  return (responseHeader(ex, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Short, stable description of what came back, for messages: "status 400", or the transport error. */
export function described(ex: Exchange | undefined): string {
  if (!ex) return 'no such request was sent';
  if (ex.error && !ex.response) return `no response (${ex.error.code})`;
  if (!ex.response) return 'no response';
  return `status ${ex.response.status}`;
}

/**
 * JSON for messages, cut to `max` characters so a verdict line stays one line. Bounded: whatever the value's size or
 * depth, only about `max` characters are ever serialised (see `stringifyBounded`).
 */
export function brief(v: unknown, max = 120): string {
  const s = v === undefined ? 'nothing' : (stringifyBounded(v, max + 1) ?? 'undefined');
  return cutText(s, max);
}
