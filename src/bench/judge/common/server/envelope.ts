import type { Body } from '../../../schema/wire-event.ts';
import { bodyText, header, isObject, responseMessages, type Exchange } from '../../exchanges.ts';
import { brief, mediaType, responsesIn, type JsonRpcMessage } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { bodyIsUtf8 } from '../utf8.ts';
import { ok2xx } from './find.ts';

/**
 * JSON-RPC envelope rules both revisions word the same way (basic/index.mdx "Responses", transports "UTF-8"). Each
 * judge scans every exchange of the run, whatever step sent it; a revision registers them under its own slugs (its
 * `reused.ts`). Total: anything a subject sent is only read through guards.
 */

/** Where an exchange is, for messages: its step, else its index. */
const where = (ex: Exchange) => ex.step ?? `x${ex.x}`;

/** JSON text for comparing ids: `1` and `"1"` differ, an absent id is `undefined`. */
const idText = (v: unknown): string | undefined => JSON.stringify(v) as string | undefined;

/**
 * The request of an exchange whose id a server could read: a single JSON object with `jsonrpc: "2.0"`, a string
 * `method` and a string or integer `id` (the schema's RequestId). Anything else (no body, not JSON, a batch, a
 * notification, a malformed envelope, an id such as 1.5 that no response may carry) is the sentence's "ID could not be
 * read due to a malformed request".
 */
export function readableRequest(ex: Exchange): { id: string | number; method: string } | undefined {
  const v = ex.request.json;
  if (!isObject(v) || v.jsonrpc !== '2.0' || typeof v.method !== 'string') return undefined;
  return typeof v.id === 'string' || Number.isInteger(v.id)
    ? { id: v.id as string | number, method: v.method }
    : undefined;
}

/** A 403 to a request that carried an Origin: its body may be an error without an id (…-79b, shttp Origin rule). */
export const isOriginRefusal = (ex: Exchange): boolean =>
  ex.response?.status === 403 && header(ex.request.headers, 'origin') !== undefined;

/** Every JSON-RPC error response of the run (an `error` member, no method), with its exchange. */
export function errorResponses(exchanges: readonly Exchange[]): { ex: Exchange; m: JsonRpcMessage }[] {
  return exchanges.flatMap((ex) => responsesIn(ex).flatMap((m) => ('error' in m ? [{ ex, m }] : [])));
}

/** The `error.code` of an error response when `error` is an object carrying one, else undefined. */
export function codeOf(m: JsonRpcMessage): { code: unknown } | undefined {
  return isObject(m.error) && 'code' in m.error ? { code: m.error.code } : undefined;
}

/** The `charset` parameter of the response's Content-Type, lower-cased, if any. */
function charsetOf(ex: Exchange): string | undefined {
  const ct = header(ex.response?.headers, 'content-type') ?? '';
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(ct);
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * 251125-transports-7, 260728-transports-29: every JSON-RPC message the server sent is UTF-8: JSON bodies byte for
 * byte, SSE events without U+FFFD (the recorder decodes SSE leniently, so that is where invalid bytes show) unless the
 * request itself carried one, and a declared charset, if any, is UTF-8.
 */
export const messagesUtf8: Judge = ({ exchanges }) => {
  const checked: number[] = [];
  for (const ex of exchanges) {
    const jsonBody = ex.body !== undefined && (ex.json !== undefined || mediaType(ex) === 'application/json');
    const events = ex.sse.filter((s) => s.data !== '');
    if (!jsonBody && events.length === 0) continue;
    const charset = charsetOf(ex);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      return fail(`Expected UTF-8 messages, got Content-Type charset ${brief(charset, 40)} on ${where(ex)}`, [ex.x]);
    if (jsonBody && ex.body && !bodyIsUtf8(ex.body))
      return fail(
        `Expected a UTF-8 JSON body on ${where(ex)}, got ${ex.body.bytes} bytes that are not UTF-8 (recorded as base64)`,
        [ex.x],
      );
    const echoed = bodyText(ex.request.body).includes('\uFFFD');
    const bad = echoed ? undefined : events.find((s) => s.data.includes('\uFFFD'));
    if (bad)
      return fail(
        `Expected UTF-8 SSE data on ${where(ex)}, got bytes that do not decode (U+FFFD in ${brief(bad.data, 80)})`,
        [ex.x],
      );
    checked.push(ex.x);
  }
  if (checked.length === 0) return fail('Expected JSON-RPC messages from the server, got none', []);
  return pass(`${checked.length} answers carried only UTF-8 JSON-RPC messages`, checked);
};

/**
 * 251125-basic-70, 260728-basic-71: every response that is not an error carries a `result` member. A response is a
 * JSON object without a `method` that has an `id` or a `jsonrpc` member (so a bare `{}` or a plain-text body is not).
 */
export const resultFieldPresent: Judge = ({ exchanges }) => {
  const checked: number[] = [];
  for (const ex of exchanges) {
    for (const m of responseMessages(ex)) {
      if (!isObject(m) || 'method' in m || 'error' in m || !('id' in m || 'jsonrpc' in m)) continue;
      if (!('result' in m))
        return fail(`Expected a result member in the response on ${where(ex)}, got ${brief(m, 100)}`, [ex.x]);
      checked.push(ex.x);
    }
  }
  if (checked.length === 0) return fail('Expected result responses, got none at all', []);
  return pass(`${checked.length} result responses all carried result`, checked);
};

/**
 * 251125-basic-89, 260728-basic-103, strict reading: an error response to a request whose id could be read carries
 * that id (same JSON value and type), HTTP-level refusals included. Unreadable requests (see `readableRequest`) and an
 * Origin refusal's 403 may answer without one.
 */
export const errorIdEchoed: Judge = (input) => idEchoedWhere(input.exchanges, () => true, 'readable requests');

/**
 * 251125-basic-89, lenient reading (the one 2025-11-25 scores): only the JSON-RPC errors of requests the transport
 * accepted (a 2xx answer: the error comes from the JSON-RPC layer) must carry the request's id. Whether the body of an
 * HTTP refusal (4xx for a bad header or a missing session) is a JSON-RPC response to the request is what the
 * contested reading disagrees on (the checkpoint's `contested`).
 */
export const errorIdEchoedAccepted: Judge = (input) =>
  idEchoedWhere(input.exchanges, ok2xx, 'requests the transport accepted (2xx)');

function idEchoedWhere(exchanges: readonly Exchange[], within: (ex: Exchange) => boolean, what: string) {
  const checked: number[] = [];
  for (const ex of exchanges) {
    const req = readableRequest(ex);
    if (!req || isOriginRefusal(ex) || !within(ex)) continue;
    for (const m of responsesIn(ex)) {
      if (!('error' in m)) continue;
      if (idText(m.id) !== idText(req.id))
        return fail(
          `Expected the error for ${req.method} on ${where(ex)}${ex.response ? ` (HTTP ${ex.response.status})` : ''} to carry id ${brief(req.id, 60)}, got ${'id' in m ? `id ${brief(m.id, 60)}` : 'no id'}`,
          [ex.x],
        );
      checked.push(ex.x);
    }
  }
  if (checked.length === 0) return notApplicable(`the server sent no JSON-RPC error response to ${what}`, []);
  return pass(`${checked.length} error responses to ${what} carried their request ids`, checked);
}

/** 251125-basic-91, 260728-basic-105: every `error.code` the server sent is an integer. */
export const errorCodeInteger: Judge = ({ exchanges }) => {
  const withCode = errorResponses(exchanges).flatMap(({ ex, m }) => {
    const c = codeOf(m);
    return c ? [{ ex, code: c.code }] : [];
  });
  if (withCode.length === 0) return notApplicable('the server sent no JSON-RPC error with a code', []);
  const bad = withCode.find((e) => !Number.isInteger(e.code));
  if (bad) return fail(`Expected an integer error code on ${where(bad.ex)}, got ${brief(bad.code, 60)}`, [bad.ex.x]);
  return pass(
    `${withCode.length} error codes were all integers`,
    withCode.map((e) => e.ex.x),
  );
};

/**
 * 260728-basic-104: every error response has an `error` object with a `code` and a string `message` (presence: that
 * the code is an integer is …-105).
 */
export const errorCodeMessagePresent: Judge = ({ exchanges }) => {
  const all = errorResponses(exchanges);
  if (all.length === 0) return notApplicable('the server sent no JSON-RPC error response', []);
  for (const { ex, m } of all) {
    const e = m.error;
    if (!isObject(e) || e.code === undefined || e.code === null || typeof e.message !== 'string')
      return fail(`Expected error {code, message} on ${where(ex)}, got error ${brief(e, 100)}`, [ex.x]);
  }
  return pass(
    `${all.length} error responses carried a code and a message`,
    all.map((e) => e.ex.x),
  );
};
