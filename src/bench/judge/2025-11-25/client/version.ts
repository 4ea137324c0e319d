import type { Exchange } from '../../exchanges.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { initsDone, isInitializePost, reqHeader, show } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/**
 * Revisions that define the Streamable HTTP transport: a client that speaks it (the ground rules ask for it) cannot
 * support any other (2024-11-05 had the older HTTP+SSE transport instead; 2026-07-28 has no initialize).
 */
export const STREAMABLE_HTTP_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25'];

/**
 * The first request that went on with the session an initialize opened: one carrying its session id; or, when the
 * server issued no session, any request before the next initialize. A session-less request after a session was issued
 * is not on that session (the checkpoint's reading): it is a new connection, which other checkpoints judge (e.g. a
 * request before its initialize fails lifecycle-initialize-first).
 */
function stayedOn(exchanges: readonly Exchange[], at: number, sessionId: string | undefined): Exchange | undefined {
  const nextInit = exchanges.find((e) => e.request.t > at && isInitializePost(e));
  return exchanges.find((e) => {
    if (e.request.t <= at || e.request.method === 'DELETE' || isInitializePost(e)) return false;
    const sid = reqHeader(e, 'mcp-session-id');
    if (sessionId !== undefined) return sid === sessionId;
    return sid === undefined && (nextInit === undefined || e.request.t < nextInit.request.t);
  });
}

/**
 * 251125-lifecycle-174: after an InitializeResult naming a version the client cannot support, the client sends nothing
 * more on that session but a DELETE (ending it), and nothing session-less before its next initialize; a new
 * initialize is fine.
 */
export const unsupportedVersionDisconnect = judge('lifecycle-unsupported-version-disconnect', ({ exchanges }) => {
  const inits = initsDone(exchanges);
  if (inits.length === 0) return fail('no InitializeResult observed');
  const odd = inits.filter((d) => d.version === undefined || !STREAMABLE_HTTP_VERSIONS.includes(d.version));
  if (odd.length === 0) return notApplicable('every InitializeResult named a version the client can speak');
  for (const d of odd) {
    const e = stayedOn(exchanges, d.t, d.sessionId);
    if (e)
      return fail(
        `initialize x${d.x} answered protocolVersion ${show(d.version)}, yet the client went on: ${e.request.method} x${e.x}${d.sessionId !== undefined && reqHeader(e, 'mcp-session-id') === d.sessionId ? ' on that session' : ''}`,
        [d.x, e.x],
      );
  }
  return pass(
    `disconnected after ${odd.map((d) => `${show(d.version)} (x${d.x})`).join(', ')}`,
    odd.map((d) => d.x),
  );
});
