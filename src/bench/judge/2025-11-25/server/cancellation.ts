import { isObject, responseMessages, type Exchange } from '../../exchanges.ts';
import { brief, described, isResponse, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { allOf, toolAnswers } from '../../common/server/checks.ts';
import { byStep, ok2xx } from '../../common/server/find.ts';
import { speaksRevision } from './task-checkpoints.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

const liftoff = FIXTURE.countdownText;

/** Task of `cancellation`: the calls nobody cancelled (beside and after the cancellations) return liftoff. */
export const uncancelledCountdownsLiftOff = judge('task-uncancelled-countdowns-lift-off', ({ exchanges }) =>
  allOf('the uncancelled long_countdown calls returned liftoff', [
    () => speaksRevision(exchanges),
    () => toolAnswers(exchanges, STEP.cancelControl, 'tools/call long_countdown {"n":8}', liftoff),
    () => toolAnswers(exchanges, STEP.afterCancels, 'tools/call long_countdown {"n":1}', liftoff),
  ]),
);

/** When each JSON-RPC response to `id` arrived in the run (SSE events at their time, a JSON body at its end). */
function responsesTo(exchanges: readonly Exchange[], id: unknown): { ex: Exchange; t: number; m: unknown }[] {
  const key = JSON.stringify(id);
  const same = (m: unknown) => isResponse(m) && JSON.stringify(m.id) === key;
  const out: { ex: Exchange; t: number; m: unknown }[] = [];
  for (const ex of exchanges) {
    if (ex.request.method === 'POST' && ex.step !== STEP.cancelTarget) continue; // other POSTs answer their own ids
    for (const s of ex.sse) if (same(s.json)) out.push({ ex, t: s.t, m: s.json });
    const body = responseMessages({ ...ex, sse: [] }).filter(same);
    for (const m of body) out.push({ ex, t: ex.end?.t ?? ex.response?.t ?? ex.request.t, m });
  }
  return out;
}

/** 251125-cancellation-37: a request the client cancelled while it ran gets no response. */
export const cancelledRequestGetsNoResponse = judge('cancelled-request-gets-no-response', ({ exchanges }) => {
  const target = byStep(exchanges, STEP.cancelTarget);
  const cancel = byStep(exchanges, STEP.cancelInFlight);
  if (!ok2xx(target)) return notApplicable(`the call to cancel got ${described(target)}`, target ? [target.x] : []);
  if (!cancel) return notApplicable('the prober sent no cancellation', [target.x]);
  const id = sentRequest(target)?.id;
  const got = responsesTo(exchanges, id);
  const before = got.find((r) => r.t < cancel.request.t);
  if (before) return notApplicable('the call was answered before the cancellation was sent', [before.ex.x, cancel.x]);
  const after = got[0];
  if (after)
    return fail(`Expected no response to the cancelled request ${brief(id)}, got ${brief(after.m, 100)}`, [
      cancel.x,
      after.ex.x,
    ]);
  return pass(`the cancelled request got no response (its exchange ended: ${target.end?.reason ?? 'unfinished'})`, [
    target.x,
    cancel.x,
  ]);
});

/** A cancellation notification the server should ignore: accepted with 202 like any notification. */
function accepted202(exchanges: readonly Exchange[], step: string, what: string): JudgeResult | Exchange {
  const ex = byStep(exchanges, step);
  const requestId =
    isObject(ex?.request.json) && isObject(ex.request.json.params) ? ex.request.json.params.requestId : undefined;
  if (ex?.response?.status === 202) return ex;
  return fail(
    `Expected 202 Accepted for the cancellation of ${what} ${brief(requestId)}, got ${described(ex)}`,
    ex ? [ex.x] : [],
  );
}

/** 251125-cancellation-77: cancellations of unknown and finished requests are ignored, and nothing else changes. */
export const invalidCancellationIgnored = judge('invalid-cancellation-ignored', ({ exchanges }) =>
  allOf('cancellations of an unknown and a finished request were accepted and changed nothing', [
    () => accepted202(exchanges, STEP.cancelUnknown, 'the unknown request'),
    () => accepted202(exchanges, STEP.cancelFinished, 'the finished request'),
    () =>
      toolAnswers(exchanges, STEP.cancelControl, 'the long_countdown running beside the unknown cancellation', liftoff),
    () => toolAnswers(exchanges, STEP.afterCancels, 'the long_countdown after the cancellations', liftoff),
  ]),
);
