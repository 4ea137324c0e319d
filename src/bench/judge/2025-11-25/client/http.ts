import { type Exchange } from '../../exchanges.ts';
import { carriesJsonRpc, messagesToEndpoint as toEndpoint } from '../../common/client/http.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { acceptList, initsDone, isInitializePost, reqHeader, show, type InitDone } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/** 251125-transports-91: every request that carries a JSON-RPC message is a POST. */
export const messagesByPost = judge('http-messages-by-post', ({ exchanges }) => {
  const carrying = exchanges.filter(carriesJsonRpc);
  if (carrying.length === 0) return fail('no JSON-RPC message observed');
  const bad = carrying.find((e) => e.request.method !== 'POST');
  if (bad) return fail(`a JSON-RPC message was sent with ${bad.request.method} (x${bad.x})`, [bad.x]);
  return pass(
    `all ${carrying.length} JSON-RPC messages were POSTed`,
    carrying.map((e) => e.x),
  );
});

/** 251125-transports-88: every JSON-RPC message is its own POST to the MCP endpoint (the path initialize succeeded on). */
export const messagesToEndpoint = judge(
  'http-messages-to-endpoint',
  toEndpoint((exchanges) => initsDone(exchanges)[0]?.ex, 'no initialize succeeded, so the MCP endpoint is unknown'),
);

/** 251125-transports-138: every GET's Accept lists text/event-stream. */
export const getAcceptEventStream = judge('http-get-accept-event-stream', ({ exchanges }) => {
  const gets = exchanges.filter((e) => e.request.method === 'GET');
  if (gets.length === 0) return notApplicable('the client sent no GET');
  for (const e of gets) {
    if (!acceptList(reqHeader(e, 'accept')).includes('text/event-stream'))
      return fail(`GET x${e.x} Accept is ${show(reqHeader(e, 'accept'))}, must list text/event-stream`, [e.x]);
  }
  return pass(
    `all ${gets.length} GETs list text/event-stream in Accept`,
    gets.map((e) => e.x),
  );
});

/** Requests sent after each successful initialize and before the next initialize POST, paired with that initialize. */
export function afterInit(exchanges: readonly Exchange[]): { init: InitDone; ex: Exchange }[] {
  const done = initsDone(exchanges);
  const out: { init: InitDone; ex: Exchange }[] = [];
  for (const ex of exchanges) {
    if (isInitializePost(ex)) continue;
    const init = done.filter((d) => d.t < ex.request.t).at(-1);
    if (!init) continue;
    // A later initialize POST (answered or not) starts a new negotiation: stop attributing to the older one.
    const restarted = exchanges.some(
      (e) => isInitializePost(e) && e.request.t > init.t && e.request.t < ex.request.t && e.x !== init.x,
    );
    if (!restarted) out.push({ init, ex });
  }
  return out;
}

/** 251125-transports-265: every HTTP request after initialization (POST, GET, DELETE; not a new initialize) has MCP-Protocol-Version. */
export const protocolVersionHeader = judge('http-protocol-version-header', ({ exchanges }) => {
  if (initsDone(exchanges).length === 0) return notApplicable('no initialize succeeded');
  const later = afterInit(exchanges);
  if (later.length === 0) return notApplicable('no request after initialization');
  const bad = later.find(({ ex }) => reqHeader(ex, 'mcp-protocol-version') === undefined);
  if (bad)
    return fail(`${bad.ex.request.method} x${bad.ex.x} after initialization has no MCP-Protocol-Version header`, [
      bad.ex.x,
    ]);
  return pass(
    `all ${later.length} requests after initialization carry MCP-Protocol-Version`,
    later.map(({ ex }) => ex.x),
  );
});

/** 251125-lifecycle-178: the same rule, stated again in lifecycle.mdx; a different scenario cites it, so both sentences are tested. */
export const lifecycleProtocolVersionHeader = judge('lifecycle-protocol-version-header', protocolVersionHeader);

/** 251125-transports-271: the MCP-Protocol-Version sent equals the version the InitializeResult negotiated. */
export const protocolVersionNegotiated = judge('http-protocol-version-negotiated', ({ exchanges }) => {
  const later = afterInit(exchanges).filter(({ ex }) => reqHeader(ex, 'mcp-protocol-version') !== undefined);
  if (later.length === 0) return notApplicable('no request after initialization carried MCP-Protocol-Version');
  const bad = later.find(({ init, ex }) => reqHeader(ex, 'mcp-protocol-version') !== init.version);
  if (bad) {
    return fail(
      `${bad.ex.request.method} x${bad.ex.x} sends MCP-Protocol-Version ${show(reqHeader(bad.ex, 'mcp-protocol-version'))}, negotiated ${show(bad.init.version)} (x${bad.init.x})`,
      [bad.ex.x, bad.init.x],
    );
  }
  const versions = [...new Set(later.map(({ init }) => init.version))].join(', ');
  return pass(
    `MCP-Protocol-Version equals the negotiated version (${versions}) on ${later.length} requests`,
    later.map(({ ex }) => ex.x),
  );
});

/** 251125-transports-135 (MAY, a tie-break): the client issued an HTTP GET to the MCP endpoint (the initialize path). */
export const getIssued = judge('http-get-issued', ({ exchanges }) => {
  const init = initsDone(exchanges)[0];
  if (!init) return fail('no initialize succeeded, so the MCP endpoint is unknown');
  const path = init.ex.request.path.split('?')[0];
  const gets = exchanges.filter((e) => e.request.method === 'GET' && e.request.path.split('?')[0] === path);
  if (gets.length === 0) return fail(`the client sent no GET to ${show(path)}`);
  return pass(
    `${gets.length} GET(s) to ${show(path)}`,
    gets.map((e) => e.x),
  );
});
