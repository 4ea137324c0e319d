// The streaming probe: countdown(job-a, 3) in full with a progressToken, job_status(job-a); countdown(job-b, 40)
// which the probe disconnects from after two progress notifications; job_status(job-b) 500 ms and 1.5 s later.
import { isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, mediaType, sentRequest, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { noServerRequests, notificationsWithoutId } from '../../common/server/notifications.ts';
import { allOf, byStep, ok2xx, resultOfStep, toolAnswers, whatCame } from './step-checks.ts';
import { FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const C = FIXTURE.countdown;

/** The notifications/progress messages of an exchange's SSE stream, in order. */
function progressOn(ex: Exchange): { progressToken?: unknown; progress?: unknown; total?: unknown }[] {
  return ex.sse.flatMap((s) => {
    const m = s.json;
    return isObject(m) && m.method === 'notifications/progress' ? [isObject(m.params) ? m.params : {}] : [];
  });
}

/** Task: countdown n=3 streams progress 1/3, 2/3, 3/3 with its token, then "liftoff"; job_status says "done 3". */
export const countdownTask = judge('task-countdown-and-status', ({ exchanges }) =>
  allOf(`countdown streamed 1/3…3/3 and returned ${JSON.stringify(C.done)}; job_status said "done 3"`, [
    () => {
      const ex = byStep(exchanges, STEP.countdownFull);
      const got = ex ? progressOn(ex).filter((p) => p.progressToken === C.full.token) : [];
      const want = [1, 2, 3].map((k) => ({ progress: k, total: 3 }));
      const seen = got.map((p) => ({ progress: p.progress, total: p.total }));
      if (JSON.stringify(seen) !== JSON.stringify(want))
        return fail(`Expected progress 1/3, 2/3, 3/3 with the call's token, got ${brief(seen)}`, ex ? [ex.x] : []);
      return ex!;
    },
    () => toolAnswers(exchanges, STEP.countdownFull, 'countdown(job-a, 3)', C.done),
    () => toolAnswers(exchanges, STEP.statusFull, 'job_status(job-a)', 'done 3'),
  ]),
);

/**
 * 260728-shttp-115: notifications on a request's SSE stream relate to that request. Reading: a progress notification
 * relates through its progressToken, so every one on a countdown's stream must carry that request's token; other
 * notification types carry no visible relation and are not judged.
 */
export const streamNotificationsRelate = judge('stream-notifications-relate-to-request', ({ exchanges }) => {
  let n = 0;
  const ev: number[] = [];
  for (const ex of exchanges) {
    const req = sentRequest(ex);
    const token = isObject(req?.params) && isObject(req.params._meta) ? req.params._meta.progressToken : undefined;
    for (const p of progressOn(ex)) {
      if (JSON.stringify(p.progressToken) !== JSON.stringify(token))
        return fail(
          `Expected progress on this stream to carry the request's token ${brief(token)}, got ${brief(p.progressToken)}`,
          [ex.x],
        );
      n += 1;
    }
    if (progressOn(ex).length > 0) ev.push(ex.x);
  }
  if (n === 0) return notApplicable('the server sent no progress notification on a request stream', []);
  return pass(`${n} progress notifications, each on the stream of the request whose token it carries`, ev);
});

/** How the cut countdown ended before judging its job: undefined when it can be judged, else the n/a result. */
function cutHappened(cut: Exchange | undefined, sseOnly: boolean) {
  if (!cut) return notApplicable('the cut countdown was not sent', []);
  if (answerOf(cut) !== undefined)
    return notApplicable(`the countdown was answered before the probe closed it (${whatCame(cut)})`, [cut.x]);
  if (sseOnly && !(ok2xx(cut) && mediaType(cut) === 'text/event-stream'))
    return notApplicable(`the countdown was not answered with an SSE stream (${whatCame(cut)})`, [cut.x]);
  return undefined;
}

/** The job of the cut countdown reports cancelled at the late job_status. */
function reportsCancelled(sseOnly: boolean, what: string): Judge {
  return ({ exchanges }) => {
    const cut = byStep(exchanges, STEP.countdownCut);
    const skip = cutHappened(cut, sseOnly);
    if (skip) return skip;
    const r = resultOfStep(exchanges, STEP.statusCutLate, 'job_status(job-b), 1.5 s after the cut');
    if (!r.ok) return r.failure;
    const texts = toolTexts(r.result);
    const ev = [cut!.x, r.ex.x];
    return texts.some((t) => t.startsWith('cancelled'))
      ? pass(`after ${what}, job_status said ${brief(texts)}`, ev)
      : fail(`Expected job_status to say cancelled after ${what}, got ${brief(texts)}`, ev);
  };
}

/** 260728-shttp-235: closing the countdown's SSE response stream cancels it (its job reports cancelled). */
export const sseCloseCancels = judge(
  'sse-close-cancels-request',
  reportsCancelled(true, 'the probe closed the SSE response stream'),
);

/** 260728-cancellation-40: a client disconnect cancels the request (any answer shape, or none yet). */
export const disconnectCancels = judge(
  'disconnect-cancels-request',
  reportsCancelled(false, 'the probe disconnected mid-request'),
);

/** 260728-basic-172: notifications carry no id (server role: the progress notifications). */
export const notificationHasNoId = judge('jsonrpc-notification-has-no-id', notificationsWithoutId);

/** 260728-patterns-20: the server initiates no JSON-RPC request on any stream. */
export const noServerRequest = judge('server-initiates-no-requests', noServerRequests);
