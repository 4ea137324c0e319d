import { isObject, type Exchange } from '../../exchanges.ts';
import { isRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { answerIn, clientMessages, show, toolCalls, type ToolCall } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/**
 * Cancellation by the client (basic/utilities/cancellation.mdx, lifecycle "Timeouts", transports "call it off"), on
 * the `slow-server` log: the reference leaves the first get_secret unanswered and ends that stream itself much later.
 */

/** A response sent this shortly before a cancellation may still have been on its way: not held against the client. */
const IN_FLIGHT_GRACE_MS = 100;

interface Cancel {
  x: number;
  t: number;
  requestId: unknown;
}

/** Every `notifications/cancelled` the client sent, with the `requestId` it names. */
function cancels(exchanges: readonly Exchange[]): Cancel[] {
  return clientMessages(exchanges)
    .filter((m) => m.msg.method === 'notifications/cancelled')
    .map((m) => ({ x: m.x, t: m.t, requestId: isObject(m.msg.params) ? m.msg.params.requestId : undefined }));
}

const same = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** The request id of a tool call (its POST body's message). */
function idOf(call: ToolCall): unknown {
  const m = clientMessages([call.ex]).find((c) => isRequest(c.msg) && c.msg.method === 'tools/call');
  return m?.msg.id;
}

/** The first tools/call that never got an answer: the hung one. */
const hungCall = (exchanges: readonly Exchange[]) => toolCalls(exchanges).find((c) => !c.answer);

/** The client's first request after the hung call (by time), if any. */
function nextRequestAfter(exchanges: readonly Exchange[], call: ToolCall) {
  return clientMessages(exchanges).find((m) => m.t > call.t && isRequest(m.msg));
}

/**
 * Whether the client gave up on the hung call before the server ended its stream: it closed the connection itself
 * (`reset`), or sent its next request while the stream was still open.
 */
function abandoned(exchanges: readonly Exchange[], call: ToolCall): { x: number; how: string } | undefined {
  const end = call.ex.end;
  if (end?.reason === 'reset') return { x: call.x, how: 'closed the connection' };
  const next = nextRequestAfter(exchanges, call);
  if (next && (end === undefined || next.t < end.t))
    return { x: next.x, how: `sent ${String(next.msg.method)} while the stream was open` };
  return undefined;
}

/**
 * 251125-lifecycle-249 (client row): the get_secret call the server leaves unanswered is called off with a
 * notifications/cancelled naming its id, and the client stops waiting: it drops that connection or goes on with its
 * next request before the server ends the stream.
 */
export const timeoutCancelsAndStopsWaiting = judge('lifecycle-timeout-cancel-stop-waiting', ({ exchanges }) => {
  const hung = hungCall(exchanges);
  if (!hung) return fail('no tools/call went unanswered: the reference leaves the first get_secret without an answer');
  const id = idOf(hung);
  const c = cancels(exchanges).find((n) => n.t > hung.t && same(n.requestId, id));
  if (!c) return fail(`the unanswered ${hung.name} (id ${show(id)}, x${hung.x}) was never cancelled`, [hung.x]);
  const gaveUp = abandoned(exchanges, hung);
  if (!gaveUp)
    return fail(`cancelled ${hung.name} id ${show(id)} (x${c.x}) but kept waiting until the server ended x${hung.x}`, [
      hung.x,
      c.x,
    ]);
  return pass(`${hung.name} id ${show(id)} cancelled (x${c.x}); the client then ${gaveUp.how} (x${gaveUp.x})`, [
    hung.x,
    c.x,
    gaveUp.x,
  ]);
});

/**
 * 251125-transports-129: a call the client gives up on (it drops the connection, or goes on while the stream is still
 * open) is called off explicitly, with a notifications/cancelled naming it, not by disconnecting alone.
 */
export const cancelByNotification = judge('transports-cancel-by-notification', ({ exchanges }) => {
  const hung = hungCall(exchanges);
  const gaveUp = hung ? abandoned(exchanges, hung) : undefined;
  if (!hung || !gaveUp) return notApplicable('the client gave up on no unanswered call before the server ended it');
  const id = idOf(hung);
  const c = cancels(exchanges).find((n) => n.t > hung.t && same(n.requestId, id));
  if (!c)
    return fail(`the client ${gaveUp.how} (x${gaveUp.x}) on ${hung.name} id ${show(id)} without cancelling it`, [
      hung.x,
      gaveUp.x,
    ]);
  return pass(`${hung.name} id ${show(id)} called off with notifications/cancelled (x${c.x})`, [hung.x, c.x]);
});

/** The client request a cancellation names: the latest one before it with that id, and whether it had been answered. */
function target(exchanges: readonly Exchange[], c: Cancel) {
  const req = clientMessages(exchanges)
    .filter((m) => m.t < c.t && isRequest(m.msg) && same(c.requestId, m.msg.id))
    .at(-1);
  if (!req) return undefined;
  const later = exchanges.filter((g) => g.x === req.x || (g.request.method === 'GET' && g.request.t > req.t));
  const answer = later.map((g) => answerIn(g, req.msg.id)).find((a) => a !== undefined);
  return { req, answeredAt: answer?.t };
}

/**
 * 251125-cancellation-32 (client row): every notifications/cancelled names a request the client itself sent earlier
 * (same direction) that was still in progress: its response had not been sent (grace: `IN_FLIGHT_GRACE_MS`).
 */
export const cancelInFlightOnly = judge('cancellation-in-flight-request-only', ({ exchanges }) => {
  const all = cancels(exchanges);
  if (all.length === 0) return notApplicable('the client sent no cancellation');
  for (const c of all) {
    const t = target(exchanges, c);
    if (!t)
      return fail(`notifications/cancelled x${c.x} names ${show(c.requestId)}, no request the client sent before`, [
        c.x,
      ]);
    if (t.answeredAt !== undefined && t.answeredAt + IN_FLIGHT_GRACE_MS < c.t)
      return fail(
        `notifications/cancelled x${c.x} names ${String(t.req.msg.method)} id ${show(c.requestId)} (x${t.req.x}), answered ${c.t - t.answeredAt} ms before`,
        [t.req.x, c.x],
      );
  }
  return pass(
    `${all.length} cancellation(s), each of an own request still unanswered`,
    all.map((c) => c.x),
  );
});

/** 251125-cancellation-35: no notifications/cancelled names the client's initialize request. */
export const initializeNeverCancelled = judge('cancellation-not-initialize', ({ exchanges }) => {
  const all = cancels(exchanges);
  if (all.length === 0) return notApplicable('the client sent no cancellation');
  for (const c of all) {
    const t = target(exchanges, c);
    if (t?.req.msg.method === 'initialize')
      return fail(`notifications/cancelled x${c.x} names the initialize request (x${t.req.x})`, [t.req.x, c.x]);
  }
  return pass(
    `${all.length} cancellation(s), none of an initialize request`,
    all.map((c) => c.x),
  );
});
