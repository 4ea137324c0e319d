import { header, isObject, type Exchange } from '../../exchanges.ts';
import {
  answerOf,
  brief,
  described,
  errorOf,
  isResponse,
  mediaType,
  resultOf,
  sentRequest,
  toolTexts,
} from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { allOf } from '../../common/server/checks.ts';
import { byStep, ok2xx } from '../../common/server/find.ts';
import { resumptionsOf } from './streaming.ts';
import { speaksRevision } from './task-checkpoints.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

const isSse = (ex: Exchange | undefined): ex is Exchange & { response: NonNullable<Exchange['response']> } =>
  ok2xx(ex) && mediaType(ex) === 'text/event-stream';

/** One slow_countdown call: its POST, the resumptions chained from it, and the request id. */
interface Call {
  post: Exchange;
  id: unknown;
  token: string;
  n: number;
  resumptions: Exchange[];
}

const CALLS = [
  { step: STEP.pollA, ...FIXTURE.pollA },
  { step: STEP.pollB, ...FIXTURE.pollB },
] as const;

/** The prober's slow_countdown calls that were sent, with their chains of resumptions. */
function callsOf(exchanges: readonly Exchange[]): Call[] {
  const out: Call[] = [];
  for (const c of CALLS) {
    const post = byStep(exchanges, c.step);
    const req = post ? sentRequest(post) : undefined;
    if (!post || !req) continue;
    out.push({ post, id: req.id, token: c.token, n: c.n, resumptions: resumptionsOf(exchanges, post) });
  }
  return out;
}

const sameId = (m: unknown, id: unknown) => isResponse(m) && JSON.stringify(m.id) === JSON.stringify(id);
const carries = (ex: Exchange, id: unknown) => ex.sse.some((s) => sameId(s.json, id));
/** The call's response on its chain of resumptions, with the exchange it came on. */
function resumedAnswer(c: Call): { ex: Exchange; m: unknown } | undefined {
  for (const ex of c.resumptions) {
    const m = ex.sse.find((s) => sameId(s.json, c.id))?.json;
    if (m !== undefined) return { ex, m };
  }
  return undefined;
}
/** Whether a response is a tool result with the text liftoff. */
const lifts = (m: unknown) => {
  const r = resultOf(m);
  return r !== undefined && r.isError !== true && toolTexts(r).includes(FIXTURE.countdownText);
};

/** Task of `poll-resume`: A's stream closed early by the server, A and B both finish with liftoff on resumptions. */
export const polledCountdownsFinish = judge('task-polled-countdowns-finish', ({ exchanges }) => {
  const calls = callsOf(exchanges);
  const check = (step: string, what: string, closedByServer: boolean) => (): JudgeResult | Exchange => {
    const c = calls.find((k) => k.post.step === step);
    if (!c) return fail(`Expected ${what} to be sent, got no such exchange`, []);
    if (!isSse(c.post))
      return fail(`Expected ${what} answered with an SSE stream, got ${described(c.post)}`, [c.post.x]);
    if (closedByServer && (answerOf(c.post) !== undefined || c.post.end?.reason !== 'complete'))
      return fail(
        `Expected the server to close ${what}'s stream before its result (it runs ${c.n * 300} ms), got ${answerOf(c.post) ? 'the result on it' : `it ${c.post.end?.reason ?? 'unfinished'}`}`,
        [c.post.x],
      );
    const a = resumedAnswer(c);
    if (!a || !lifts(a.m))
      return fail(
        `Expected "${FIXTURE.countdownText}" for ${what} on a resumption of its stream, got ${a ? brief(a.m, 100) : `${c.resumptions.length} resumptions without it`}`,
        [c.post.x, ...c.resumptions.map((r) => r.x)],
      );
    return a.ex;
  };
  return allOf('both slow_countdown calls finished with liftoff on resumptions of their streams', [
    () => speaksRevision(exchanges),
    check(STEP.pollA, 'slow_countdown {"n":6}', true),
    check(STEP.pollB, 'slow_countdown {"n":4}', false),
  ]);
});

/** The connections of each call the server ended before the response, in order, with the connections before them. */
function earlyCloses(exchanges: readonly Exchange[]) {
  return callsOf(exchanges).flatMap((c) => {
    const conns = [c.post, ...c.resumptions];
    return conns.flatMap((ex, i) =>
      isSse(ex) && ex.end?.reason === 'complete' && !carries(ex, c.id) ? [{ ex, before: conns.slice(0, i + 1) }] : [],
    );
  });
}

const hasRetry = (ex: Exchange) => ex.sse.some((s) => s.retry !== undefined);

/**
 * 251125-transports-113, strict reading: every connection of a call the server ended before the response had a retry
 * field of its own.
 */
const retryOnEveryConnection = ({ exchanges }: { exchanges: readonly Exchange[] }) => {
  const early = earlyCloses(exchanges).map((e) => e.ex);
  if (early.length === 0) return notApplicable('the server ended no slow_countdown connection before its response', []);
  const bare = early.find((ex) => !hasRetry(ex));
  if (bare)
    return fail(
      `Expected a retry field before the server closed the connection early, got ${bare.sse.length} events without one`,
      [bare.x],
    );
  return pass(
    `${early.length} connections closed early, each after a retry field`,
    early.map((e) => e.x),
  );
};

/**
 * 251125-transports-113, lenient reading (scored, the sentence being contested): each early close came after a retry
 * field on that call's stream, on the connection closed or an earlier one (the SSE `retry` field sets the stream's
 * reconnection time, which a client keeps across reconnections).
 */
const retryOnTheStream = ({ exchanges }: { exchanges: readonly Exchange[] }) => {
  const early = earlyCloses(exchanges);
  if (early.length === 0) return notApplicable('the server ended no slow_countdown connection before its response', []);
  const bare = early.find((e) => !e.before.some(hasRetry));
  if (bare)
    return fail(
      `Expected a retry field on the call's stream before the server closed its connection early, got none on ${bare.before.length} connection${bare.before.length === 1 ? '' : 's'}`,
      [bare.ex.x],
    );
  return pass(
    `${early.length} early closes, each after a retry field on the call's stream`,
    early.map((e) => e.ex.x),
  );
};

export const retryBeforeEarlyClose = judge('sse-retry-before-early-close', retryOnTheStream, retryOnEveryConnection);

/** 251125-transports-128: the call whose stream the prober dropped still ends in its result on a resumption. */
export const disconnectNotCancellation = judge('disconnect-not-cancellation', ({ exchanges }) => {
  const c = callsOf(exchanges).find((k) => k.post.step === STEP.pollB);
  if (!c || !isSse(c.post) || carries(c.post, c.id) || c.post.end?.reason === 'complete')
    return notApplicable('the prober did not drop a slow_countdown stream before its response', c ? [c.post.x] : []);
  const accepted = c.resumptions.filter(isSse);
  if (accepted.length === 0)
    return notApplicable('the server accepted no resumption of the dropped stream', [
      c.post.x,
      ...(byStep(exchanges, STEP.pollResumeB) ? [byStep(exchanges, STEP.pollResumeB)!.x] : []),
    ]);
  const a = resumedAnswer(c);
  if (!a || errorOf(a.m) !== undefined)
    return fail(
      `Expected the dropped call's result on its resumption, got ${a ? brief(a.m, 100) : `${accepted.length} resumptions without a response`}`,
      [c.post.x, ...accepted.map((r) => r.x)],
    );
  return pass('the call whose stream was dropped still returned its result on a resumption', [c.post.x, a.ex.x]);
});

/** The first GET that tried to resume a call's POST stream (its Last-Event-ID named one of the stream's events). */
function firstResumeTry(exchanges: readonly Exchange[], c: Call): Exchange | undefined {
  const ids = new Set(c.post.sse.map((s) => s.id).filter((id) => id !== undefined && id !== ''));
  return exchanges.find((ex) => {
    const last = header(ex.request.headers, 'last-event-id');
    return ex.x > c.post.x && ex.request.method === 'GET' && last !== undefined && ids.has(last);
  });
}

/** 251125-transports-130: a GET resuming a call's POST stream is answered with an SSE stream. */
export const postStreamResumable = judge('post-stream-resumable', ({ exchanges }) => {
  const tries = callsOf(exchanges).flatMap((c) => {
    const t = firstResumeTry(exchanges, c);
    return t ? [t] : [];
  });
  if (tries.length === 0)
    return notApplicable('no slow_countdown POST stream was resumed (no event id, or none ended early)', []);
  const refused = tries.find((t) => !isSse(t));
  if (refused)
    return fail(`Expected the resumption to be answered with an SSE stream, got ${described(refused)}`, [refused.x]);
  return pass(
    `${tries.length} POST streams resumed with Last-Event-ID`,
    tries.map((t) => t.x),
  );
});

/** 251125-transports-151: a standalone GET stream the server closed carried retry, and the reconnection is accepted. */
export const getStreamEarlyCloseRetry = judge('get-stream-early-close-retry', ({ exchanges }) => {
  const g = byStep(exchanges, STEP.getIdle);
  if (!isSse(g)) return notApplicable(`the GET did not open an SSE stream: ${described(g)}`, g ? [g.x] : []);
  if (g.end?.reason !== 'complete') return notApplicable('the server did not close the standalone stream', [g.x]);
  if (!g.sse.some((s) => s.retry !== undefined))
    return fail(
      `Expected a retry field before the server closed the standalone stream, got ${g.sse.length} events without one`,
      [g.x],
    );
  const again = byStep(exchanges, STEP.getReconnect);
  if (!isSse(again))
    return fail(`Expected the reconnecting GET to be answered with an SSE stream, got ${described(again)}`, [
      g.x,
      ...(again ? [again.x] : []),
    ]);
  return pass('the standalone stream closed after a retry field, and the reconnection was accepted', [g.x, again.x]);
});

/** 251125-transports-161: the standalone GET stream can be resumed from its last event id. */
export const getStreamResumable = judge('get-stream-resumable', ({ exchanges }) => {
  const g = byStep(exchanges, STEP.getIdle);
  const again = byStep(exchanges, STEP.getReconnect);
  const last = again ? header(again.request.headers, 'last-event-id') : undefined;
  if (!again || last === undefined)
    return notApplicable('the standalone stream was not closed with an event id to resume from', g ? [g.x] : []);
  if (!isSse(again))
    return fail(
      `Expected the GET with the standalone stream's Last-Event-ID answered with an SSE stream, got ${described(again)}`,
      [again.x],
    );
  return pass(`the standalone stream resumed from event ${brief(last)}`, [...(g ? [g.x] : []), again.x]);
});

/** Progress values of `token` and responses to `id`, in arrival order over the exchanges. */
function sequence(exs: readonly Exchange[], token: string, id: unknown): string[] {
  const out: string[] = [];
  for (const ex of exs)
    for (const s of ex.sse) {
      const m = s.json;
      if (sameId(m, id)) out.push('response');
      else if (
        isObject(m) &&
        m.method === 'notifications/progress' &&
        isObject(m.params) &&
        m.params.progressToken === token
      )
        out.push(String(m.params.progress));
    }
  return out;
}

/** 251125-transports-181: over a call's stream and its resumptions, progress 1…n and the response arrive exactly once. */
export const replayAfterLastEventId = judge('replay-after-last-event-id', ({ exchanges }) => {
  const resumed = callsOf(exchanges).filter((c) => c.resumptions.some(isSse));
  if (resumed.length === 0)
    return notApplicable('no resumption of a slow_countdown stream was answered with an SSE stream', []);
  for (const c of resumed) {
    const chain = [c.post, ...c.resumptions];
    const got = sequence(chain, c.token, c.id);
    const want = [...Array.from({ length: c.n }, (_, i) => String(i + 1)), 'response'];
    if (JSON.stringify(got) !== JSON.stringify(want))
      return fail(
        `Expected progress ${want.slice(0, -1).join(', ')} then the response, each once, over the stream and its resumptions, got ${brief(got.join(', '))}`,
        chain.map((e) => e.x),
      );
  }
  return pass(
    `${resumed.length} resumed streams delivered every message once, in order`,
    resumed.flatMap((c) => [c.post.x, ...c.resumptions.map((r) => r.x)]),
  );
});
