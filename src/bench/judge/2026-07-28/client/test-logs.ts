import type { Headers } from '../../../schema/wire-event.ts';
import { LogBuilder, type Reply } from '../../common/client/log-builder.ts';

/** Test-only helpers for hand-made 2026-07-28 client-role wire logs (built on the common LogBuilder). */

export { LogBuilder };
export const SECRET = 'S3cr3t-value';
export const VERSION = '2026-07-28';

type Msg = Record<string, unknown>;

/** What a well-behaved 2026-07-28 client puts in `_meta`. */
export const goodMeta = (version = VERSION): Msg => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
});

/** The headers a well-behaved client sends for this request (Accept, version, Mcp-Method, Mcp-Name). */
export function goodHeaders(method: string, params: Msg, version = VERSION): Headers {
  const h: Headers = [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
    ['MCP-Protocol-Version', version],
    ['Mcp-Method', method],
  ];
  if (method === 'tools/call') h.push(['Mcp-Name', String(params.name)]);
  return h;
}

export interface ReqOpts {
  /** Replace the request headers entirely. */
  headers?: Headers;
  /** Add headers to the good ones. */
  extra?: Headers;
  /** Replace `_meta` (null: leave it out). */
  meta?: Msg | null;
  version?: string;
}

/** A complete JSON result for `id`. */
export const ok = (id: unknown, result: Msg): Reply => ({
  json: { jsonrpc: '2.0', id, result: { resultType: 'complete', ...result } },
});
export const textResult = (id: unknown, text: string, isError = false): Reply =>
  ok(id, { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) });
export const rpcError = (id: unknown, code: number, data?: unknown, status = 400): Reply => ({
  status,
  json: { jsonrpc: '2.0', id, error: { code, message: 'e', ...(data !== undefined ? { data } : {}) } },
});

/** POST one request with good headers and `_meta` (unless overridden); returns its exchange index. */
export function request(
  b: LogBuilder,
  id: unknown,
  method: string,
  params: Msg,
  reply: Reply,
  opts: ReqOpts = {},
): number {
  const meta = opts.meta === null ? undefined : (opts.meta ?? goodMeta(opts.version));
  const full = { ...params, ...(meta ? { _meta: meta } : {}) };
  const headers = opts.headers ?? [...goodHeaders(method, params, opts.version), ...(opts.extra ?? [])];
  return b.post({ jsonrpc: '2.0', id, method, params: full }, reply, headers);
}

/** tools/call with good headers. */
export const call = (
  b: LogBuilder,
  id: unknown,
  name: string,
  args: Msg,
  reply: Reply,
  opts: ReqOpts = {},
  extraParams: Msg = {},
): number => request(b, id, 'tools/call', { name, arguments: args, ...extraParams }, reply, opts);

/** tools/list, get_secret, submit_answer — all as the spec asks. */
export function happyPath(b = new LogBuilder()): LogBuilder {
  request(b, 1, 'tools/list', {}, ok(1, { tools: [] }));
  call(b, 2, 'get_secret', {}, textResult(2, SECRET));
  call(b, 3, 'submit_answer', { answer: SECRET }, textResult(3, 'accepted'));
  return b;
}
