import { isResponse } from '../../jsonrpc.ts';
import { requestMessages } from '../../exchanges.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { messagesToEndpoint as toEndpoint } from '../../common/client/http.ts';
import {
  clientRequests,
  decodeSentinel,
  headerText,
  META_VERSION,
  plainSafe,
  reqHeader,
  resultFor,
  show,
} from './view.ts';
import { judge } from '../../define.ts';

/**
 * 260728-shttp-75: the client uses POST, and only POST. Its reading (what the sentence leaves open) is the
 * checkpoint's `reading` in the scenario file.
 */
export const postOnly = judge('http-post-only', ({ exchanges }) => {
  if (exchanges.length === 0) return fail('no HTTP request observed');
  const bad = exchanges.find((e) => e.request.method !== 'POST');
  if (bad)
    return fail(`x${bad.x} used ${bad.request.method}; the 2026-07-28 transport exchanges messages only by POST`, [
      bad.x,
    ]);
  return pass(
    `all ${exchanges.length} HTTP requests were POSTs`,
    exchanges.map((e) => e.x),
  );
});

/**
 * 260728-shttp-72: every JSON-RPC message is its own POST to the MCP endpoint, read as the path of the first request
 * the server answered with a result (there is no initialize to anchor it; the reference serves only its endpoint).
 */
export const messagesToEndpoint = judge(
  'http-messages-to-endpoint',
  toEndpoint(
    (exchanges) => clientRequests(exchanges).find((r) => resultFor(r) !== undefined)?.ex,
    'no request was answered with a result, so the MCP endpoint is unknown',
  ),
);

/** 260728-shttp-252: every POST carries an MCP-Protocol-Version header. */
export const versionHeader = judge('http-protocol-version-header', ({ exchanges }) => {
  const posts = exchanges.filter((e) => e.request.method === 'POST');
  if (posts.length === 0) return fail('no POST observed');
  const bad = posts.find((e) => reqHeader(e, 'mcp-protocol-version') === undefined);
  if (bad) return fail(`POST x${bad.x} has no MCP-Protocol-Version header`, [bad.x]);
  return pass(
    `all ${posts.length} POSTs carry MCP-Protocol-Version`,
    posts.map((e) => e.x),
  );
});

/** 260728-shttp-257: the MCP-Protocol-Version header equals `_meta["io.modelcontextprotocol/protocolVersion"]` of the body. */
export const versionMatchesMeta = judge('http-protocol-version-matches-meta', ({ exchanges }) => {
  const reqs = clientRequests(exchanges).filter((r) => reqHeader(r.ex, 'mcp-protocol-version') !== undefined);
  if (reqs.length === 0) return notApplicable('no request carried MCP-Protocol-Version');
  for (const r of reqs) {
    const h = reqHeader(r.ex, 'mcp-protocol-version');
    const m = r.meta?.[META_VERSION];
    if (h !== m)
      return fail(`${r.method} x${r.x}: MCP-Protocol-Version ${show(h)} but _meta protocolVersion ${show(m)}`, [r.x]);
  }
  return pass(
    `MCP-Protocol-Version equals the _meta protocolVersion on all ${reqs.length} requests`,
    reqs.map((r) => r.x),
  );
});

/** Methods whose request needs `Mcp-Name`, and the body field it mirrors. */
const NAME_SOURCE: Record<string, string> = { 'tools/call': 'name', 'resources/read': 'uri', 'prompts/get': 'name' };

/**
 * 260728-shttp-293: the standard request headers are present and mirror the body: `Mcp-Method` = `method` on every
 * request; `Mcp-Name` = `params.name` / `params.uri` (after sentinel decoding) on tools/call, resources/read, prompts/get.
 */
export const standardHeaders = judge('http-standard-headers', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  if (reqs.length === 0) return fail('no JSON-RPC request observed');
  for (const r of reqs) {
    const method = reqHeader(r.ex, 'mcp-method');
    if (method !== r.method)
      return fail(`${r.method} x${r.x}: Mcp-Method is ${show(method)}, must be ${show(r.method)}`, [r.x]);
    const field = NAME_SOURCE[r.method];
    if (!field) continue;
    const name = reqHeader(r.ex, 'mcp-name');
    if (name === undefined || headerText(name) !== r.params[field]) {
      return fail(
        `${r.method} x${r.x}: Mcp-Name is ${show(name)}, must carry params.${field} ${show(r.params[field])}`,
        [r.x],
      );
    }
  }
  return pass(
    `Mcp-Method (and Mcp-Name where required) mirror the body on all ${reqs.length} requests`,
    reqs.map((r) => r.x),
  );
});

/**
 * 260728-shttp-295: when the `Mcp-Name` source (tool/prompt name, resource uri) is not a header-safe plain value, the
 * header carries it as the Base64 sentinel of its UTF-8. A missing header is shttp-293's business (not judged here).
 */
export const nameHeaderEncoded = judge('http-name-header-encoded', ({ exchanges }) => {
  const unsafe = clientRequests(exchanges).filter((r) => {
    const src = r.params[NAME_SOURCE[r.method] ?? ''];
    return typeof src === 'string' && !plainSafe(src) && reqHeader(r.ex, 'mcp-name') !== undefined;
  });
  if (unsafe.length === 0)
    return notApplicable('no request named a tool, prompt or resource outside the header-safe set');
  for (const r of unsafe) {
    const src = r.params[NAME_SOURCE[r.method]!] as string;
    const h = reqHeader(r.ex, 'mcp-name')!;
    if (decodeSentinel(h) !== src)
      return fail(`${r.method} x${r.x}: Mcp-Name ${show(h)} is not =?base64?…?= of ${show(src)}`, [r.x]);
  }
  return pass(
    `${unsafe.length} request(s) carried a non-header-safe name as the Base64 sentinel`,
    unsafe.map((r) => r.x),
  );
});

/** String values anywhere in a JSON value (a tool's arguments), for telling a plain argument from an encoding. */
function stringsIn(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const e of v) stringsIn(e, out);
  else if (typeof v === 'object' && v !== null) for (const e of Object.values(v)) stringsIn(e, out);
  return out;
}

/** The sentinel's opening marker in any letter case: what a client meant as `=?base64?`. */
const OPENING_ANY_CASE = /^=\?base64\?/i;

/**
 * 260728-shttp-499: every `Mcp-Name` / `Mcp-Param-*` value that opens with the sentinel marker in any letter case uses
 * both markers exactly: `=?base64?` lower-case and a closing `?=`. A value that is the request's own plain text (the
 * name, or an argument sent as it is) is no encoding and is left to the other checkpoints.
 */
export const sentinelMarkersExact = judge('params-sentinel-markers-lowercase', ({ exchanges }) => {
  const uses: { x: number; method: string; header: string; value: string }[] = [];
  for (const r of clientRequests(exchanges)) {
    const plain = stringsIn(r.params.arguments);
    const name = r.params[NAME_SOURCE[r.method] ?? ''];
    if (typeof name === 'string') plain.add(name);
    for (const [k, value] of r.ex.request.headers) {
      const key = k.toLowerCase();
      if (key !== 'mcp-name' && !key.startsWith('mcp-param-')) continue;
      if (OPENING_ANY_CASE.test(value) && !plain.has(value)) uses.push({ x: r.x, method: r.method, header: k, value });
    }
  }
  if (uses.length === 0) return notApplicable('no Mcp-Name or Mcp-Param-* header carried a Base64 sentinel');
  const bad = uses.find((u) => !u.value.startsWith('=?base64?') || !u.value.endsWith('?='));
  if (bad)
    return fail(
      `${bad.method} x${bad.x}: ${bad.header} is ${show(bad.value)}, the markers must be exactly =?base64? and ?=`,
      [bad.x],
    );
  return pass(
    `${uses.length} sentinel-encoded header value(s), all with the exact lower-case markers`,
    uses.map((u) => u.x),
  );
});

/** 260728-shttp-81: the client never POSTs a JSON-RPC response (there are no server requests to answer). */
export const noResponsesSent = judge('http-no-responses-sent', ({ exchanges }) => {
  const posts = exchanges.filter((e) => e.request.method === 'POST');
  if (posts.length === 0) return fail('no POST observed');
  const bad = posts.find((e) => requestMessages(e).some(isResponse));
  if (bad) return fail(`POST x${bad.x} carried a JSON-RPC response ${show(bad.request.json).slice(0, 100)}`, [bad.x]);
  return pass(
    `none of ${posts.length} POSTs carried a JSON-RPC response`,
    posts.map((e) => e.x),
  );
});
