import { isObject, type Exchange } from '../../exchanges.ts';
import { isNotification } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { clientMessages, serverRequests, show, type ClientMessage } from '../../common/client/view.ts';
import { judge } from '../../define.ts';

/**
 * JSON-RPC response rules on what the client sends back to the server (2025-11-25 servers send requests and
 * notifications on SSE streams; 2026-07-28 clients send no responses at all, so these are this revision's only).
 */

/** Every response the client POSTed: a message without a string `method` that has an `id`, `result` or `error`. */
function clientResponses(exchanges: readonly Exchange[]): ClientMessage[] {
  return clientMessages(exchanges).filter(
    (m) => typeof m.msg.method !== 'string' && ('id' in m.msg || 'result' in m.msg || 'error' in m.msg),
  );
}

const clientErrors = (exchanges: readonly Exchange[]) => clientResponses(exchanges).filter((m) => 'error' in m.msg);

/** Notifications the server sent the client on any SSE stream. */
function serverNotifications(exchanges: readonly Exchange[]): { x: number; t: number; method: string }[] {
  return exchanges.flatMap((ex) =>
    ex.sse.flatMap((s) => (isNotification(s.json) ? [{ x: ex.x, t: s.t, method: s.json.method }] : [])),
  );
}

/**
 * 251125-basic-89 (client row): every error response the client sent carries the id of a request the server sent it
 * before (JSON equality). The reference only sends readable requests, so the malformed-request exception never applies.
 */
export const errorIdEchoed = judge('jsonrpc-error-id-echoed', ({ exchanges }) => {
  const errors = clientErrors(exchanges);
  if (errors.length === 0) return notApplicable('the client sent no error response');
  const asked = serverRequests(exchanges);
  for (const e of errors) {
    const key = JSON.stringify(e.msg.id) as string | undefined;
    const match = asked.find((r) => r.t < e.t && JSON.stringify(r.id) === key);
    if (!match)
      return fail(
        `error response x${e.x} carries ${'id' in e.msg ? `id ${show(e.msg.id)}` : 'no id'}, the id of no request the server sent (${asked.map((r) => `${r.method} ${show(r.id)}`).join(', ') || 'none'})`,
        [e.x],
      );
  }
  return pass(
    `${errors.length} error response(s), each with the id of the server request it refuses`,
    errors.map((e) => e.x),
  );
});

/** 251125-basic-90 (client row): every error response the client sent has an `error` object with a `code` and a string `message`. */
export const errorHasCodeAndMessage = judge('jsonrpc-error-has-code-and-message', ({ exchanges }) => {
  const errors = clientErrors(exchanges);
  if (errors.length === 0) return notApplicable('the client sent no error response');
  for (const e of errors) {
    const err = e.msg.error;
    if (!isObject(err) || err.code === undefined || err.code === null || typeof err.message !== 'string')
      return fail(`error response x${e.x} has error ${show(err)}, not {code, message}`, [e.x]);
  }
  return pass(
    `${errors.length} error response(s), each with a code and a message`,
    errors.map((e) => e.x),
  );
});

/** 251125-basic-91 (client row): every `error.code` the client sent is an integer. */
export const errorCodeInteger = judge('jsonrpc-error-code-integer', ({ exchanges }) => {
  const coded = clientErrors(exchanges).filter((e) => isObject(e.msg.error) && 'code' in e.msg.error);
  if (coded.length === 0) return notApplicable('the client sent no error response with a code');
  const bad = coded.find((e) => !Number.isInteger((e.msg.error as Record<string, unknown>).code));
  if (bad)
    return fail(`error response x${bad.x} has code ${show((bad.msg.error as Record<string, unknown>).code)}`, [bad.x]);
  return pass(
    `${coded.length} error code(s), all integers`,
    coded.map((e) => e.x),
  );
});

/**
 * 251125-basic-96 (client row): no response answers a notification. A response names what it answers only by id and a
 * notification has none, so the count decides: a client that sent more responses than the server sent requests
 * answered something that was not a request. The first response that matches no unanswered request is the evidence.
 */
export const noResponseToNotification = judge('jsonrpc-no-response-to-notification', ({ exchanges }) => {
  const notes = serverNotifications(exchanges);
  if (notes.length === 0) return notApplicable('the server sent no notification');
  const asked = serverRequests(exchanges);
  const open = new Set(asked.map((r) => JSON.stringify(r.id)));
  const replies = clientResponses(exchanges);
  const stray = replies.filter((m) => !open.delete(JSON.stringify(m.msg.id) as string));
  if (replies.length > asked.length)
    return fail(
      `${replies.length} responses for ${asked.length} server request(s) after ${notes.length} notification(s) (${notes.map((n) => n.method).join(', ')}): x${stray[0]?.x ?? replies.at(-1)!.x} answers no request`,
      [stray[0]?.x ?? replies.at(-1)!.x],
    );
  return pass(
    `${notes.length} server notification(s) left unanswered (${replies.length} responses for ${asked.length} requests)`,
    notes.map((n) => n.x),
  );
});
