import { responseMessages } from '../../exchanges.ts';
import { answerOf, brief, described, isRequest, resultOf } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, ok2xx, resultOfStep, sessionIdOf } from '../../common/server/find.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** 251125-transports-203: every MCP-Session-Id the server issued is visible ASCII (0x21–0x7E), non-empty. */
export const sessionIdVisibleAscii = judge('session-id-visible-ascii', ({ exchanges }) => {
  const issued = exchanges.filter(
    (e) => (e.step === STEP.initialize || e.step === STEP.initializeB) && sessionIdOf(e) !== undefined,
  );
  if (issued.length === 0)
    return notApplicable(
      'the server issued no MCP-Session-Id on initialize',
      exchanges.filter((e) => e.step === STEP.initialize).map((e) => e.x),
    );
  const bad = issued.find((e) => !VISIBLE_ASCII.test(sessionIdOf(e)!));
  if (bad)
    return fail(`Expected a session id of visible ASCII (0x21-0x7E), got ${JSON.stringify(sessionIdOf(bad))}`, [bad.x]);
  return pass(
    `${issued.length} session ids were visible ASCII`,
    issued.map((e) => e.x),
  );
});

/**
 * 251125-transports-209: a server that requires a session id answers a non-initialize request without MCP-Session-Id
 * with 400. Its reading (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const missingSessionIdReturns400 = judge('session-missing-id-returns-400', ({ exchanges }) => {
  const init = byStep(exchanges, STEP.initialize);
  if (!init || !sessionIdOf(init))
    return notApplicable('the server issued no MCP-Session-Id, so it does not require one', init ? [init.x] : []);
  const ex = byStep(exchanges, STEP.noSessionId);
  const ev = [init.x, ...(ex ? [ex.x] : [])];
  if (ex?.response?.status === 400) return pass('a request without MCP-Session-Id got 400', ev);
  if (ok2xx(ex) && resultOf(answerOf(ex)))
    return notApplicable(
      `a request without MCP-Session-Id was served (status ${ex.response.status} with a result), so the server does not require one`,
      ev,
    );
  return fail(`Expected 400 for a request without MCP-Session-Id, got ${described(ex)}`, ev);
});

/** 251125-transports-211: after a DELETE the server accepted, requests with that session id get 404. */
export const terminatedSessionReturns404 = judge('session-terminated-returns-404', ({ exchanges }) => {
  const init = byStep(exchanges, STEP.initialize);
  if (!sessionIdOf(init))
    return notApplicable(
      'the server issued no MCP-Session-Id, so no session could be terminated',
      init ? [init.x] : [],
    );
  const del = byStep(exchanges, STEP.deleteSession);
  if (!ok2xx(del))
    return notApplicable(`the server did not terminate the session: DELETE got ${described(del)}`, del ? [del.x] : []);
  const ex = byStep(exchanges, STEP.afterDelete);
  const ev = [del.x, ...(ex ? [ex.x] : [])];
  if (ex?.response?.status === 404) return pass('a request with the terminated session id got 404', ev);
  return fail(`Expected 404 after DELETE, got ${described(ex)}`, ev);
});

/** 251125-transports-201 (testable part): the session ids of two sessions differ. Secure generation is not observable. */
export const sessionIdsDistinct = judge('session-ids-distinct', ({ exchanges }) => {
  const a = byStep(exchanges, STEP.initialize);
  const b = byStep(exchanges, STEP.initializeB);
  const ids = [sessionIdOf(a), sessionIdOf(b)];
  const ev = [a, b].filter((e) => e !== undefined).map((e) => e.x);
  if (ids[0] === undefined || ids[1] === undefined)
    return notApplicable('the server did not issue a session id on both initializes', ev);
  return ids[0] !== ids[1]
    ? pass('two sessions got distinct session ids', ev)
    : fail(`Expected distinct session ids for two sessions, got ${JSON.stringify(ids[0])} twice`, ev);
});

/** 251125-transports-198 (MAY): the HTTP response carrying the InitializeResult assigns a session id. */
export const sessionIdAssigned = judge('session-id-assigned-on-initialize', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
  if (!r.ok) return r.failure;
  const sid = sessionIdOf(r.ex);
  return sid !== undefined && sid !== ''
    ? pass(`the InitializeResult came with MCP-Session-Id ${JSON.stringify(sid)}`, [r.ex.x])
    : fail('Expected an MCP-Session-Id header on the response carrying the InitializeResult, got none', [r.ex.x]);
});

/**
 * 251125-lifecycle-160 (SHOULD NOT): before `notifications/initialized` the server sends no request but ping. The
 * channels open then are the initialize response and the GET stream the prober holds between initialize and
 * initialized; a refused GET carries nothing.
 */
export const noRequestBeforeInitialized = judge('lifecycle-no-request-before-initialized', ({ exchanges }) => {
  const init = resultOfStep(exchanges, STEP.initialize, 'initialize');
  // Without an InitializeResult there is no phase "before initialized" to observe.
  if (!init.ok) return { ...init.failure, message: `Not testable: ${init.failure.message}` };
  const get = byStep(exchanges, STEP.getBeforeInitialized);
  const ev = [init.ex.x, ...(get ? [get.x] : [])];
  if (!get?.response)
    return fail(`Not testable: expected an answer to the GET before initialized, got ${described(get)}`, ev);
  for (const ex of [init.ex, get]) {
    const early = responseMessages(ex).find((m) => isRequest(m) && m.method !== 'ping');
    if (early)
      return fail(`Expected no request but ping before initialized, got ${brief(early, 100)} on ${ex.step}`, ev);
  }
  return ok2xx(get) && get.sse.length > 0
    ? pass(`the GET stream open before initialized carried ${get.sse.length} events and no request but ping`, ev)
    : pass(`the server sent no request before initialized (the early GET got ${described(get)})`, ev);
});
