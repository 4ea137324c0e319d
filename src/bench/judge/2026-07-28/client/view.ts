import { isObject, requestMessages, type Exchange } from '../../exchanges.ts';
import { errorOf, isRequest, resultOf } from '../../jsonrpc.ts';
import { answerIn, type Msg } from '../../common/client/view.ts';
import { CODE, META } from '../../../plans/2026-07-28/protocol.ts';

/**
 * Views of a 2026-07-28 reference-perspective wire log: the client under test POSTed requests, the reference answered.
 * Pure and total: a malformed client message simply does not match.
 */

export { reqHeader, show, type Msg } from '../../common/client/view.ts';

/** Reserved `_meta` keys of a 2026-07-28 request (basic/index.mdx, "Per-request protocol fields"). */
export const META_VERSION = META.protocolVersion;
export const META_CAPABILITIES = META.clientCapabilities;
export const META_CLIENT_INFO = META.clientInfo;

/** Error codes a modern (2026-07-28) server answers with HTTP 400 (basic/index.mdx error table). */
export const HEADER_MISMATCH = CODE.headerMismatch;
export const MISSING_CAPABILITY = CODE.missingCapability;
export const UNSUPPORTED_VERSION = CODE.unsupportedVersion;

/** One JSON-RPC request the client POSTed, with what the reference answered. */
export interface ClientRequest {
  x: number;
  /** Time the request arrived. */
  t: number;
  ex: Exchange;
  method: string;
  id: unknown;
  params: Msg;
  /** `params._meta`, when it is an object. */
  meta?: Msg;
  /** The response to it (same id) and when it left the reference, if one was sent. */
  answer?: { t: number; msg: Msg };
  /** When the client had its reply: the response's time, else the end of the HTTP response (e.g. a 400 with id null). */
  doneAt?: number;
}

/** Every JSON-RPC request the client POSTed (one per POST; a batch yields each of its requests), in log order. */
export function clientRequests(exchanges: readonly Exchange[]): ClientRequest[] {
  const out: ClientRequest[] = [];
  for (const ex of exchanges) {
    if (ex.request.method !== 'POST') continue;
    for (const m of requestMessages(ex)) {
      if (!isRequest(m)) continue;
      const params = isObject(m.params) ? m.params : {};
      const a = answerIn(ex, m.id);
      out.push({
        x: ex.x,
        t: ex.request.t,
        ex,
        method: m.method,
        id: m.id,
        params,
        ...(isObject(params._meta) ? { meta: params._meta } : {}),
        ...(a ? { answer: { t: a.t, msg: a.msg } } : {}),
        ...(a || ex.end ? { doneAt: a?.t ?? ex.end!.t } : {}),
      });
    }
  }
  return out;
}

/** The result object of the request's answer, when it was a success. */
export const resultFor = (r: ClientRequest): Msg | undefined => (r.answer ? resultOf(r.answer.msg) : undefined);

/** The error object of the request's answer (or of a 4xx body without a matching id), when it was an error. */
export function errorFor(r: ClientRequest): { code?: unknown; message?: unknown; data?: unknown } | undefined {
  if (r.answer) return errorOf(r.answer.msg);
  return errorOf(r.ex.json);
}

/** The Base64 sentinel `=?base64?…?=` (markers case-sensitive, streamable-http.mdx "Value Encoding"). */
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** Whether a value has the sentinel shape (what -506 says a plain value must not be sent as). */
export const looksLikeSentinel = (v: string): boolean => v.startsWith('=?base64?') && v.endsWith('?=');

/** Decode a sentinel-encoded header value to its UTF-8 text; `undefined` when the value is not a valid sentinel. */
export function decodeSentinel(v: string): string | undefined {
  const m = SENTINEL.exec(v);
  if (!m || m[1]!.length % 4 !== 0) return undefined;
  return Buffer.from(m[1]!, 'base64').toString('utf8');
}

/** A header value as the server reads it: sentinel decoded, plain values as they are. */
export const headerText = (v: string): string => decodeSentinel(v) ?? v;

/**
 * Whether a string can travel as a plain header value: visible ASCII, inner spaces/tabs allowed, no leading or
 * trailing whitespace (streamable-http.mdx "Value Encoding", RFC 9110 field values).
 */
export function plainSafe(s: string): boolean {
  return /^[\x21-\x7e]([\x20\x21-\x7e\t]*[\x21-\x7e])?$/.test(s);
}

/** The string a parameter value converts to before encoding: strings as-is, integers in decimal, booleans lower-case. */
export function paramString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return undefined;
}

/** Whether a header value stands for an argument value (sentinel decoded; integers compared numerically). */
export function headerCarries(header: string, value: unknown): boolean {
  const text = headerText(header);
  if (typeof value === 'number') return text.trim() !== '' && Number(text) === value;
  return text === paramString(value);
}

/** A parameter annotated with `x-mcp-header`: header name part and its property path from the schema root. */
export interface Annotated {
  name: string;
  path: string[];
}

/** Annotated parameters of a tool's inputSchema, reachable through `properties` keys only. */
export function annotatedParams(schema: unknown, path: string[] = []): Annotated[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const out: Annotated[] = [];
  for (const [key, sub] of Object.entries(schema.properties)) {
    if (!isObject(sub)) continue;
    if (typeof sub['x-mcp-header'] === 'string') out.push({ name: sub['x-mcp-header'], path: [...path, key] });
    out.push(...annotatedParams(sub, [...path, key]));
  }
  return out;
}

const TCHARS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);

/**
 * Why a tool's inputSchema violates the x-mcp-header constraints (streamable-http.mdx "Schema Extension"), or undefined
 * when it does not: an annotation must be a non-empty HTTP token, unique case-insensitively, on a string/integer/boolean
 * property reachable from the root through `properties` keys only.
 */
export function annotationProblem(schema: unknown): string | undefined {
  const seen = new Set<string>();
  const walk = (node: unknown, where: string, reachable: boolean): string | undefined => {
    if (!isObject(node)) return undefined;
    const h = node['x-mcp-header'];
    if (h !== undefined) {
      if (!reachable) return `x-mcp-header at ${where}, not reachable through properties alone`;
      if (typeof h !== 'string' || !TCHARS.test(h)) return `x-mcp-header ${JSON.stringify(h)} at ${where} is not an HTTP token`;
      if (seen.has(h.toLowerCase())) return `x-mcp-header ${h} is not unique`;
      seen.add(h.toLowerCase());
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (!types.every((t) => PRIMITIVE.has(t as string))) return `x-mcp-header ${h} on type ${JSON.stringify(node.type)} (only string, integer, boolean)`;
    }
    for (const [k, sub] of Object.entries(node)) {
      if (k === 'properties' && isObject(sub)) {
        for (const [name, prop] of Object.entries(sub)) {
          const p = walk(prop, `${where}.${name}`, reachable);
          if (p) return p;
        }
      } else if (typeof sub === 'object' && sub !== null && k !== 'x-mcp-header') {
        for (const child of Array.isArray(sub) ? sub : [sub]) {
          const p = walk(child, `${where}/${k}`, false);
          if (p) return p;
        }
      }
    }
    return undefined;
  };
  return walk(schema, '$', true);
}

/** Value at a property path; `undefined` when absent (distinct from `null`). */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let cur: unknown = args;
  for (const k of path) {
    if (!isObject(cur) || !(k in cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

export { isObject };
