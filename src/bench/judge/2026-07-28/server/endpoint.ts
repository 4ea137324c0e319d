// The MCP endpoint and what it answers to notifications and to a 2025-era initialize, read from the stateless-tools
// probe: every POST goes to /mcp; two notifications (one defined, one with a broken envelope) and an initialize
// without the 2026 headers follow the other steps.
import { bodyText, header, isAnswered, type Exchange } from '../../exchanges.ts';
import { brief, responsesIn } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, errorObjectOf, ok2xx, whatCame } from './step-checks.ts';
import { CODE, IN_ORDER_STEPS, PROTOCOL_VERSION, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const NOTIFICATION_STEPS = [STEP.notificationDefined, STEP.notificationMalformed];
const notificationPosts = (exchanges: readonly Exchange[]) =>
  NOTIFICATION_STEPS.map((s) => ({ step: s, ex: byStep(exchanges, s) }));

/**
 * 260728-shttp-47: the endpoint path serves POST. Every well-formed request the prober POSTed to it (the steps in
 * order, `IN_ORDER_STEPS`) was answered there: no redirect (3xx), no 405, and no 404 other than the JSON-RPC
 * Method-not-found of the unknown method (260728-shttp-271). Broken requests and notifications may be refused with any
 * error status: their checkpoints judge how.
 */
export const endpointServesPost = judge('endpoint-serves-post', ({ exchanges }) => {
  const posts = exchanges.filter((e) => e.request.method === 'POST' && IN_ORDER_STEPS.includes(e.step ?? ''));
  const answered = posts.filter(isAnswered);
  if (answered.length === 0)
    return fail(`Not testable: no well-formed POST to the endpoint was answered (${posts.length} sent)`);
  for (const ex of answered) {
    const s = ex.response.status;
    const notFound = s === 404 && errorObjectOf(ex)?.code !== CODE.methodNotFound;
    if ((s >= 300 && s < 400) || s === 405 || notFound)
      return fail(
        `Expected POST ${ex.request.path} to be served at the endpoint, got status ${s}${s < 400 ? ` (Location ${brief(header(ex.response.headers, 'location'))})` : ''}`,
        [ex.x],
      );
  }
  return pass(
    `all ${answered.length} well-formed POSTs to the endpoint were answered there`,
    answered.map((e) => e.x),
  );
});

/** 260728-shttp-83: a notification the server accepts (a 2xx) is answered exactly 202 with no body. */
export const notificationAccepted202 = judge('notification-accepted-202-empty', ({ exchanges }) => {
  const accepted = notificationPosts(exchanges).filter((n) => isAnswered(n.ex) && ok2xx(n.ex));
  if (accepted.length === 0) return notApplicable('the server accepted neither notification');
  for (const { step, ex } of accepted) {
    const body = bodyText(ex!.body) + ex!.sse.map((e) => e.data).join('');
    if (ex!.response!.status !== 202 || body !== '')
      return fail(
        `Expected the accepted notification (${step}) to get 202 with no body, got status ${ex!.response!.status}${body ? ` with body ${brief(body, 80)}` : ' with no body'}`,
        [ex!.x],
      );
  }
  return pass(
    `${accepted.length} accepted notification(s) got 202 with no body`,
    accepted.map((n) => n.ex!.x),
  );
});

/**
 * 260728-shttp-85: a notification the server does not accept gets an HTTP error status. Reading: every notification
 * POST gets 202 (accepted, judged by -83) or a status ≥ 400; anything else refuses it without an error status.
 */
export const notificationRefusedError = judge('notification-refused-error-status', ({ exchanges }) => {
  const posts = notificationPosts(exchanges);
  for (const { step, ex } of posts) {
    if (!isAnswered(ex))
      return fail(
        `Not testable: expected an answer to the notification ${step}, got ${whatCame(ex)}`,
        ex ? [ex.x] : [],
      );
    const s = ex.response.status;
    if (s !== 202 && s < 400)
      return fail(`Expected the notification ${step} to get 202 (accepted) or an error status, got status ${s}`, [
        ex.x,
      ]);
  }
  return pass(
    `each notification got 202 or an error status (${posts.map((n) => n.ex?.response?.status).join(', ')})`,
    posts.map((n) => n.ex!.x),
  );
});

/**
 * 260728-basic-160: the receiver of a notification sends no response. No answer to a notification POST carries a
 * JSON-RPC response, except the error without an id (or with the null id of JSON-RPC 2.0's unreadable request) an error
 * status may carry (260728-shttp-86).
 */
export const notificationNoResponse = judge('notification-no-response', ({ exchanges }) => {
  const posts = notificationPosts(exchanges).filter((n) => isAnswered(n.ex));
  if (posts.length === 0) return fail('Not testable: neither notification was answered');
  for (const { step, ex } of posts) {
    const refused = !ok2xx(ex);
    const response = responsesIn(ex!).find((m) => !(refused && 'error' in m && (m.id === undefined || m.id === null)));
    if (response)
      return fail(`Expected no JSON-RPC response to the notification ${step}, got ${brief(response, 100)}`, [ex!.x]);
  }
  return pass(
    `no JSON-RPC response to the ${posts.length} notification POST(s)`,
    posts.map((n) => n.ex!.x),
  );
});

/**
 * 260728-versioning-154: an error to `initialize` from a modern-only server names the versions it supports. Judged on
 * a 2025-style initialize: `data.supported` or the message names 2026-07-28. A result is not an error: not-applicable.
 */
export const initializeErrorNamesVersions = judge('initialize-error-names-versions', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.initializeLegacy);
  const ev = ex ? [ex.x] : [];
  if (!isAnswered(ex)) return fail(`Not testable: expected an answer to initialize, got ${whatCame(ex)}`, ev);
  const err = errorObjectOf(ex);
  if (!err && ok2xx(ex)) return notApplicable(`initialize was served (${whatCame(ex)}): no error to judge`, ev);
  const supported = (err?.data as { supported?: unknown } | undefined)?.supported;
  const named =
    (Array.isArray(supported) && supported.includes(PROTOCOL_VERSION)) ||
    (typeof err?.message === 'string' && err.message.includes(PROTOCOL_VERSION));
  return named
    ? pass(`the error to initialize names ${PROTOCOL_VERSION} (${whatCame(ex)})`, ev)
    : fail(
        `Expected the error to initialize to name the supported version ${PROTOCOL_VERSION}, got status ${ex.response.status} with ${err ? brief(err, 100) : 'no JSON-RPC error'}`,
        ev,
      );
});
