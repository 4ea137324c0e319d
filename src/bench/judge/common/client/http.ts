import { bodyText, isObject, type Exchange } from '../../exchanges.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { acceptList, reqHeader, show } from './view.ts';

/** Client-role HTTP rules both revisions word the same way (each revision registers them in its `reused.ts`). */

/** 251125-transports-92: every POST's Accept lists both application/json and text/event-stream (a wildcard is not a listing). */
export const postAcceptBoth: Judge = ({ exchanges }) => {
  const posts = exchanges.filter((e) => e.request.method === 'POST');
  if (posts.length === 0) return fail('no POST observed');
  for (const e of posts) {
    const list = acceptList(reqHeader(e, 'accept'));
    if (!list.includes('application/json') || !list.includes('text/event-stream')) {
      return fail(
        `POST x${e.x} Accept is ${show(reqHeader(e, 'accept'))}, must list application/json and text/event-stream`,
        [e.x],
      );
    }
  }
  return pass(
    `all ${posts.length} POSTs list application/json and text/event-stream in Accept`,
    posts.map((e) => e.x),
  );
};

/** What a POST body is, for 251125-transports-94: one JSON-RPC request, notification or response, or what else. */
function bodyKind(e: Exchange): string | undefined {
  const v = e.request.json;
  if (v === undefined) return bodyText(e.request.body).trim() === '' ? 'an empty body' : 'not JSON';
  if (Array.isArray(v)) return `a batch of ${v.length}`;
  if (!isObject(v) || v.jsonrpc !== '2.0') return 'not a JSON-RPC 2.0 message';
  if (typeof v.method === 'string' || 'result' in v || 'error' in v) return undefined;
  return 'neither a request, a notification nor a response';
}

/** 251125-transports-94: every POST body is a single JSON-RPC request, notification or response (no batch). */
export const postSingleMessage: Judge = ({ exchanges }) => {
  const posts = exchanges.filter((e) => e.request.method === 'POST');
  if (posts.length === 0) return fail('no POST observed');
  for (const e of posts) {
    const kind = bodyKind(e);
    if (kind) return fail(`POST x${e.x} body is ${kind}`, [e.x]);
  }
  return pass(
    `all ${posts.length} POST bodies are single JSON-RPC messages`,
    posts.map((e) => e.x),
  );
};

/** Requests whose body holds JSON-RPC message(s): a JSON object with `jsonrpc`, or an array of them. */
export function carriesJsonRpc(e: Exchange): boolean {
  const v = e.request.json;
  return (Array.isArray(v) ? v : [v]).some((m) => isObject(m) && 'jsonrpc' in m);
}

/**
 * 251125-transports-88, 260728-shttp-72: every JSON-RPC message is its own request to the MCP endpoint. The log does
 * not hold the URL the client was given, so each revision names the exchange that shows the endpoint (`endpointOf`:
 * the first request the server accepted; undefined = no such request, not applicable with `unknown` as the reason).
 */
export function messagesToEndpoint(
  endpointOf: (exchanges: readonly Exchange[]) => Exchange | undefined,
  unknown: string,
): Judge {
  return ({ exchanges }) => {
    const first = endpointOf(exchanges);
    if (!first) return notApplicable(unknown);
    const endpoint = first.request.path.split('?')[0];
    const carrying = exchanges.filter(carriesJsonRpc);
    const off = carrying.find((e) => e.request.path.split('?')[0] !== endpoint);
    if (off)
      return fail(
        `x${off.x} sent a JSON-RPC message to ${show(off.request.path)}, not the MCP endpoint ${show(endpoint)}`,
        [first.x, off.x],
      );
    const many = carrying.find((e) => Array.isArray(e.request.json) && e.request.json.length > 1);
    if (many)
      return fail(`x${many.x} carried ${(many.request.json as unknown[]).length} messages in one request`, [many.x]);
    return pass(
      `all ${carrying.length} JSON-RPC messages went to ${show(endpoint)}, one per request`,
      carrying.map((e) => e.x),
    );
  };
}
