import type { Answered } from '../../exchanges.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { afterInit } from './http.ts';
import { initsDone, isInitializePost, reqHeader, show } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/** 251125-transports-206: once initialize returned an MCP-Session-Id, every later request carries exactly it. */
export const sessionIdEchoed = judge('session-id-echoed', ({ exchanges }) => {
  if (!initsDone(exchanges).some((d) => d.sessionId)) return notApplicable('the server issued no session id');
  const later = afterInit(exchanges).filter(({ init }) => init.sessionId !== undefined);
  if (later.length === 0) return notApplicable('no request after the session id was issued');
  const bad = later.find(({ init, ex }) => reqHeader(ex, 'mcp-session-id') !== init.sessionId);
  if (bad) {
    const got = reqHeader(bad.ex, 'mcp-session-id');
    return fail(
      `${bad.ex.request.method} x${bad.ex.x} ${got === undefined ? 'has no MCP-Session-Id' : `sends MCP-Session-Id ${show(got)}`}, issued ${show(bad.init.sessionId)} (x${bad.init.x})`,
      [bad.ex.x, bad.init.x],
    );
  }
  return pass(
    `all ${later.length} requests after initialization echo the issued MCP-Session-Id`,
    later.map(({ ex }) => ex.x),
  );
});

/** 251125-transports-213: a 404 to a request with MCP-Session-Id is followed by a new initialize without a session id. */
export const reinitializeAfter404 = judge('session-reinitialize-after-404', ({ exchanges }) => {
  const gone = exchanges.find(
    (e): e is Answered => e.response?.status === 404 && reqHeader(e, 'mcp-session-id') !== undefined,
  );
  if (!gone) return notApplicable('the server answered no session request with 404');
  const next = exchanges.find((e) => e.request.t > gone.response.t && isInitializePost(e));
  if (!next) return fail(`after 404 on ${gone.request.method} x${gone.x} the client sent no new initialize`, [gone.x]);
  const sid = reqHeader(next, 'mcp-session-id');
  if (sid !== undefined)
    return fail(`the initialize after 404 (x${next.x}) still carries MCP-Session-Id ${show(sid)}`, [gone.x, next.x]);
  return pass(`404 on x${gone.x} followed by initialize without a session id (x${next.x})`, [gone.x, next.x]);
});

/** 251125-transports-216: the client ends its live session with DELETE carrying that MCP-Session-Id. */
export const deleteOnExit = judge('session-delete-on-exit', ({ exchanges }) => {
  const last = initsDone(exchanges)
    .filter((d) => d.sessionId)
    .at(-1);
  if (!last) return notApplicable('the server issued no session id');
  const terminated = exchanges.some(
    (e) => e.response?.status === 404 && reqHeader(e, 'mcp-session-id') === last.sessionId,
  );
  if (terminated) return notApplicable(`the server terminated the last session (${show(last.sessionId)}) itself`);
  const del = exchanges.find((e) => e.request.method === 'DELETE' && reqHeader(e, 'mcp-session-id') === last.sessionId);
  if (!del) return fail(`no DELETE with MCP-Session-Id ${show(last.sessionId)} (issued x${last.x})`, [last.x]);
  return pass(`DELETE x${del.x} ends session ${show(last.sessionId)}`, [last.x, del.x]);
});
