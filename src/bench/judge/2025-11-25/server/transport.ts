import { isObject } from '../../exchanges.ts';
import { answerOf, described, errorOf, mediaType, resultOf, responsesIn } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, ok2xx } from '../../common/server/find.ts';
import { statusIs } from '../../common/server/transport.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';
import { jsonText } from '../../../errors.ts';

/** 251125-transports-79a: a POST with a foreign Origin is refused with 403. */
export const foreignOriginReturns403 = judge(
  'origin-foreign-returns-403',
  statusIs(STEP.foreignOrigin, 403, 'a POST with Origin: http://evil.example'),
);

/** 251125-transports-279: a request with MCP-Protocol-Version 1900-01-01 is refused with 400. */
export const invalidProtocolVersionReturns400 = judge(
  'protocol-version-invalid-returns-400',
  statusIs(STEP.badProtocolVersion, 400, 'a POST with MCP-Protocol-Version: 1900-01-01'),
);

/**
 * 251125-transports-96: if the server accepts the `notifications/initialized` POST, it answers 202 with no body. Its
 * reading (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const initializedReturns202 = judge('notification-initialized-returns-202', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.initialized);
  const ev = ex ? [ex.x] : [];
  if (!ex?.response)
    return fail(`Not testable: expected an answer to notifications/initialized, got ${described(ex)}`, ev);
  if (!ok2xx(ex))
    return notApplicable(
      `notifications/initialized got status ${ex.response.status}: the server did not accept it`,
      ev,
    );
  if (ex.response.status !== 202)
    return fail(`Expected 202 with no body for the accepted notifications/initialized, got ${described(ex)}`, ev);
  if ((ex.body?.bytes ?? 0) > 0 || ex.sse.length > 0)
    return fail(
      `Expected 202 with no body for notifications/initialized, got 202 with a ${ex.body?.bytes ?? 0}-byte body`,
      ev,
    );
  return pass('notifications/initialized got 202 with an empty body', ev);
});

/** 251125-transports-140: a GET with Accept: text/event-stream gets an SSE stream or 405. */
export const getReturnsSseOr405 = judge('get-returns-sse-or-405', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.getStream);
  const ev = ex ? [ex.x] : [];
  if (ex?.response?.status === 405) return pass('GET answered 405 Method Not Allowed', ev);
  if (ok2xx(ex) && mediaType(ex) === 'text/event-stream')
    return pass(`GET answered ${ex.response.status} text/event-stream`, ev);
  const ct = ex?.response ? ` with Content-Type "${mediaType(ex) || 'none'}"` : '';
  return fail(`Expected text/event-stream or 405 for GET, got ${described(ex)}${ct}`, ev);
});

/** 251125-transports-274: a post-initialize request without MCP-Protocol-Version is still served (a result, 2xx). */
export const missingProtocolVersionServed = judge('protocol-version-missing-served', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.noProtocolVersion);
  const ev = ex ? [ex.x] : [];
  const answer = ex ? answerOf(ex) : undefined;
  if (ok2xx(ex) && resultOf(answer))
    return pass(`a request without MCP-Protocol-Version was served (${ex.response.status} with a result)`, ev);
  const err = errorOf(answer);
  return fail(
    `Expected a request without MCP-Protocol-Version to be served with a result, got ${described(ex)}${err ? ` with JSON-RPC error ${String(err.code)}` : ''}`,
    ev,
  );
});

/** 251125-basic-90: every JSON-RPC error response carries `error` with an integer `code` and a string `message`. */
export const errorHasCodeAndMessage = judge('jsonrpc-error-has-code-and-message', ({ exchanges }) => {
  const seen: number[] = [];
  for (const ex of exchanges) {
    for (const m of responsesIn(ex)) {
      if (!('error' in m)) continue;
      const e = errorOf(m);
      if (!e || !Number.isInteger(e.code) || typeof e.message !== 'string')
        return fail(`Expected error {code, message}, got error ${jsonText(m.error)?.slice(0, 100) ?? 'undefined'}`, [
          ex.x,
        ]);
      seen.push(ex.x);
    }
  }
  if (seen.length === 0) return notApplicable('the server sent no JSON-RPC error response', []);
  return pass(`${seen.length} error responses carried an integer code and a message`, seen);
});

/**
 * 251125-transports-98: a notification the server cannot accept gets an HTTP error status. Every notification-shaped
 * POST of the run (the bad-jsonrpc and unknown-method probes, `notifications/initialized`) got either 202 (accepted)
 * or a status ≥ 400 (refused); 200 with an error body, other 2xx and 3xx fail. Its reading (what the sentence leaves
 * open) is the checkpoint's `reading` in the scenario file.
 */
export const notificationRefusedWithErrorStatus = judge('notification-refused-with-error-status', ({ exchanges }) => {
  const probe = byStep(exchanges, STEP.notificationBadJsonrpc);
  if (!probe?.response)
    return fail(
      `Not testable: expected an answer to the jsonrpc "1.0" notification, got ${described(probe)}`,
      probe ? [probe.x] : [],
    );
  const posts = exchanges.filter((e) => {
    const m = e.request.json;
    return e.request.method === 'POST' && isObject(m) && typeof m.method === 'string' && !('id' in m);
  });
  for (const ex of posts) {
    const status = ex.response?.status;
    if (status !== 202 && (status === undefined || status < 400))
      return fail(
        `Expected 202 (accepted) or an HTTP error status (refused) for the ${ex.step ?? 'notification'} POST, got ${described(ex)}`,
        [ex.x],
      );
  }
  return pass(
    `${posts.length} notification POSTs got 202 or an HTTP error status (the jsonrpc "1.0" one: ${probe.response.status})`,
    posts.map((e) => e.x),
  );
});
