import type { Exchange } from '../../exchanges.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { reqHeader, show } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/** A server-sent stream that was cut, as `cutStreams` finds it. */
export interface CutStream {
  /** The exchange whose stream was cut. */
  ex: Exchange;
  /** When the connection closed. */
  cutT: number;
  /** The last `retry:` field the stream carried, if any. */
  retry?: number;
  /** The last event id the stream carried, if any. */
  lastId?: string;
}

/** SSE response streams the server cut (connection closed without ending the stream) after sending a `retry:`. */
export function cutStreams(exchanges: readonly Exchange[]): CutStream[] {
  return exchanges.flatMap((ex) =>
    ex.end?.reason === 'aborted' && ex.sse.length > 0
      ? [
          {
            ex,
            cutT: ex.end.t,
            retry: ex.sse.filter((s) => s.retry !== undefined).at(-1)?.retry,
            lastId: ex.sse.filter((s) => s.id !== undefined).at(-1)?.id,
          },
        ]
      : [],
  );
}

/** 251125-transports-111: after the server cut a stream (having sent an event id), the client tries to reconnect with GET. */
export const reconnectAfterCut = judge('sse-reconnect-after-cut', ({ exchanges }) => {
  const cuts = cutStreams(exchanges).filter((c) => c.lastId !== undefined);
  if (cuts.length === 0) return notApplicable('the server cut no SSE stream that carried event ids');
  for (const c of cuts) {
    if (!exchanges.some((e) => e.request.method === 'GET' && e.request.t > c.cutT))
      return fail(`no reconnection (GET) after the server cut stream x${c.ex.x}`, [c.ex.x]);
  }
  return pass(
    `reconnected with GET after every cut (${cuts.map((c) => `x${c.ex.x}`).join(', ')})`,
    cuts.map((c) => c.ex.x),
  );
});

/** 251125-transports-115: after a stream was cut following `retry: N`, the client waits at least N ms before reconnecting (GET). */
export const retryRespected = judge('sse-retry-respected', ({ exchanges }) => {
  const cuts = cutStreams(exchanges).filter((c): c is CutStream & { retry: number } => c.retry !== undefined);
  if (cuts.length === 0) return notApplicable('the server cut no SSE stream after a retry field');
  let checked = 0;
  for (const c of cuts) {
    const next = exchanges.find((e) => e.request.method === 'GET' && e.request.t > c.cutT);
    if (!next) continue;
    checked++;
    const waited = Math.round((next.request.t - c.cutT) * 10) / 10;
    if (waited < c.retry)
      return fail(`reconnected (GET x${next.x}) ${waited} ms after the cut of x${c.ex.x}, retry was ${c.retry} ms`, [
        c.ex.x,
        next.x,
      ]);
  }
  if (checked === 0) return notApplicable('the client did not reconnect with GET after the cut');
  return pass(
    `waited at least the retry interval before reconnecting (${cuts.map((c) => `${c.retry} ms after x${c.ex.x}`).join(', ')})`,
    cuts.map((c) => c.ex.x),
  );
});

/** 251125-transports-176: after a cut, the client resumes with GET carrying Last-Event-ID = the last event id it received. */
export const resumeWithLastEventId = judge('sse-resume-with-last-event-id', ({ exchanges }) => {
  const cuts = cutStreams(exchanges).filter((c) => c.lastId !== undefined);
  if (cuts.length === 0) return notApplicable('the server cut no SSE stream that carried event ids');
  for (const c of cuts) {
    const gets = exchanges.filter((e) => e.request.method === 'GET' && e.request.t > c.cutT);
    const ok = gets.find((e) => reqHeader(e, 'last-event-id') === c.lastId);
    if (!ok) {
      const tried = gets.map((e) => `x${e.x} Last-Event-ID ${show(reqHeader(e, 'last-event-id'))}`).join(', ');
      return fail(
        `stream x${c.ex.x} (last id ${show(c.lastId)}) was not resumed with GET + Last-Event-ID${tried ? `; GETs: ${tried}` : '; no GET followed'}`,
        [c.ex.x, ...gets.map((e) => e.x)],
      );
    }
  }
  return pass(
    `every cut stream resumed with GET + its last event id`,
    cuts.map((c) => c.ex.x),
  );
});
