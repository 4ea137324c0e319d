import { header, isObject, responseMessages, type Answered, type Exchange } from '../../exchanges.ts';
import { answerOf, isNotification, isResponse, mediaType, sentRequest, brief } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, isResumed, ok2xx } from '../../common/server/find.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { notificationsWithoutId } from '../../common/server/notifications.ts';
import { judge } from '../../define.ts';

const isSseStream = (ex: Exchange | undefined): ex is Answered => ok2xx(ex) && mediaType(ex) === 'text/event-stream';
const postStreams = (xs: readonly Exchange[]) => xs.filter((e) => e.request.method === 'POST' && isSseStream(e));

/**
 * 251125-transports-106 over the POST SSE streams `which` selects: each starts with an event that has an id and empty
 * data. Not applicable when none is selected (`none` says why).
 */
function primedStreams(exchanges: readonly Exchange[], which: (ex: Exchange) => boolean, none: string, what: string) {
  const streams = postStreams(exchanges).filter(which);
  if (streams.length === 0) return notApplicable(none, []);
  for (const ex of streams) {
    const first = ex.sse[0];
    if (!first || !first.id || first.data !== '')
      return fail(
        `Expected the first SSE event to carry an id and empty data, got ${first ? brief({ id: first.id, data: first.data }) : 'no event'}`,
        [ex.x],
      );
  }
  return pass(
    `${streams.length} ${what} opened with a priming event`,
    streams.map((e) => e.x),
  );
}

/** Strict reading: every SSE stream opened for a POST starts with a priming event. */
const primingOnEveryStream = ({ exchanges }: { exchanges: readonly Exchange[] }) =>
  primedStreams(exchanges, () => true, 'no POST was answered with an SSE stream', 'POST SSE streams');

/**
 * Lenient reading (scored, the sentence being contested): a POST SSE stream on which the server offers resumption
 * (any of its events carries an id) starts with a priming event; the event exists "to prime the client to reconnect",
 * which a server without resumption cannot honour.
 */
const primingOnResumableStreams = ({ exchanges }: { exchanges: readonly Exchange[] }) =>
  primedStreams(
    exchanges,
    (ex) => ex.sse.some((e) => e.id),
    'no POST SSE stream carried an event id (the server offered no resumption on one)',
    'POST SSE streams with event ids',
  );

export const primingEventFirst = judge('sse-priming-event-first', primingOnResumableStreams, primingOnEveryStream);

/** 251125-transports-124: a POST SSE stream that delivered its response is then closed by the server. */
export const streamClosesAfterResponse = judge('sse-stream-closes-after-response', ({ exchanges }) => {
  const answered = postStreams(exchanges).filter((e) => answerOf(e) !== undefined);
  if (answered.length === 0) return notApplicable('no POST SSE stream carried the JSON-RPC response', []);
  const open = answered.find((e) => e.end?.reason !== 'complete');
  if (open)
    return fail(
      `Expected the SSE stream to end after the response, got it ${open.end?.reason === 'timeout' ? 'still open at the probe deadline' : (open.end?.reason ?? 'unfinished')}`,
      [open.x],
    );
  return pass(
    `${answered.length} SSE streams ended after their response`,
    answered.map((e) => e.x),
  );
});

/** 251125-transports-171: SSE event ids never repeat across the (non-resumed) streams of the session. */
export const eventIdsUnique = judge('sse-event-ids-unique', ({ exchanges }) => {
  const seen = new Map<string, number>();
  for (const ex of exchanges) {
    if (isResumed(ex)) continue;
    for (const ev of ex.sse) {
      if (ev.id === undefined || ev.id === '') continue;
      const prev = seen.get(ev.id);
      if (prev !== undefined)
        return fail(`Expected unique SSE event ids, got ${JSON.stringify(ev.id)} twice`, [prev, ex.x]);
      seen.set(ev.id, ex.x);
    }
  }
  if (seen.size === 0) return notApplicable('the server attached no SSE event ids', []);
  return pass(`${seen.size} SSE event ids, all distinct`, [...new Set(seen.values())]);
});

/** 251125-basic-108: server notifications (`notifications/*`) carry no `id`. */
export const notificationHasNoId = judge('jsonrpc-notification-has-no-id', notificationsWithoutId);

/** 251125-transports-147: a fresh GET stream never carries a JSON-RPC response. */
export const getStreamNoResponse = judge('get-stream-carries-no-response', ({ exchanges }) => {
  const get = byStep(exchanges, STEP.getStream);
  if (!isSseStream(get)) return notApplicable('the GET did not open an SSE stream', get ? [get.x] : []);
  const resp = get.sse.map((s) => s.json).find(isResponse);
  if (resp) return fail(`Expected no JSON-RPC response on the GET stream, got ${brief(resp)}`, [get.x]);
  return pass(`the GET stream carried ${get.sse.length} events and no JSON-RPC response`, [get.x]);
});

/** 251125-transports-159: no server message appears on two streams (fresh streams only; resumption replays are apart). */
export const messageOnOneStream = judge('message-sent-on-one-stream', ({ exchanges }) => {
  const get = byStep(exchanges, STEP.getStream);
  if (!isSseStream(get)) return notApplicable('no GET stream was open beside the POST streams', get ? [get.x] : []);
  const where = new Map<string, number>();
  let n = 0;
  for (const ex of exchanges) {
    if (isResumed(ex) || !isSseStream(ex)) continue;
    for (const s of ex.sse) {
      if (s.json === undefined) continue;
      const key = JSON.stringify(s.json);
      const prev = where.get(key);
      if (prev !== undefined && prev !== ex.x)
        return fail(`Expected each message on one stream only, got ${brief(s.json, 90)} on two streams`, [prev, ex.x]);
      where.set(key, ex.x);
      n += 1;
    }
  }
  return pass(`${n} messages over the open streams, none sent twice`, [...new Set(where.values())]);
});

/** 251125-transports-184: resuming stream A with Last-Event-ID never replays stream B's messages. */
export const resumeNoCrossReplay = judge('resume-never-replays-other-stream', ({ exchanges }) => {
  const res = byStep(exchanges, STEP.resume);
  if (!res) return notApplicable('no event id to resume from, so no resumption was attempted', []);
  if (!isSseStream(res))
    return notApplicable(
      `the server did not resume: the GET with Last-Event-ID got status ${res.response?.status ?? 'none'}`,
      [res.x],
    );
  const b = byStep(exchanges, STEP.countdownB);
  const bId = b ? JSON.stringify(sentRequest(b)?.id) : undefined;
  for (const s of res.sse) {
    const m = s.json as { id?: unknown; params?: { progressToken?: unknown } } | undefined;
    if (!m || typeof m !== 'object') continue;
    const fromB =
      (bId !== undefined && 'id' in m && JSON.stringify(m.id) === bId && isResponse(m)) ||
      m.params?.progressToken === FIXTURE.countdownB.token;
    if (fromB)
      return fail(`Expected only stream A's messages on the resumed stream, got stream B's ${brief(m, 90)}`, [
        ...(b ? [b.x] : []),
        res.x,
      ]);
  }
  const replayed = res.sse.filter((s) => s.json !== undefined).length;
  return pass(`the resumed stream replayed ${replayed} messages, none from another stream`, [res.x]);
});

const sameId = (m: unknown, id: unknown) => isResponse(m) && JSON.stringify(m.id) === JSON.stringify(id);

/** The event ids of a stream and of every resumption chained from it (a GET whose Last-Event-ID is one of them). */
export function resumptionsOf(exchanges: readonly Exchange[], stream: Exchange): Exchange[] {
  const ids = new Set(stream.sse.map((s) => s.id).filter((id) => id !== undefined && id !== ''));
  const out: Exchange[] = [];
  for (const ex of exchanges) {
    const last = header(ex.request.headers, 'last-event-id');
    if (ex.x <= stream.x || !isResumed(ex) || last === undefined || !ids.has(last)) continue;
    out.push(ex);
    for (const s of ex.sse) if (s.id !== undefined && s.id !== '') ids.add(s.id);
  }
  return out;
}

/** 251125-transports-117: a POST SSE stream carries the response to its request, itself or on a resumption of it. */
export const streamCarriesResponse = judge('sse-stream-carries-response', ({ exchanges }) => {
  const streams = postStreams(exchanges).filter((e) => sentRequest(e) !== undefined);
  if (streams.length === 0) return notApplicable('no POST request was answered with an SSE stream', []);
  for (const ex of streams) {
    if (answerOf(ex)) continue;
    const req = sentRequest(ex)!;
    const resumed = resumptionsOf(exchanges, ex).find((r) => r.sse.some((s) => sameId(s.json, req.id)));
    if (resumed) continue;
    const elsewhere = exchanges.find((o) => o !== ex && !isResumed(o) && o.sse.some((s) => sameId(s.json, req.id)));
    const got = elsewhere
      ? `it on another stream (${elsewhere.request.method} #${elsewhere.x})`
      : `a stream that ended (${ex.end?.reason ?? 'unfinished'}) without it`;
    return fail(`Expected the response to ${req.method} id ${brief(req.id)} on its SSE stream, got ${got}`, [
      ex.x,
      ...(elsewhere ? [elsewhere.x] : []),
    ]);
  }
  return pass(
    `${streams.length} POST SSE streams carried the response to their request`,
    streams.map((e) => e.x),
  );
});

/** The progress token a request asked for (`params._meta.progressToken`), if any. */
function progressTokenOf(m: unknown): unknown {
  const meta = isObject(m) && isObject(m.params) && isObject(m.params._meta) ? m.params._meta : undefined;
  return meta?.progressToken;
}

/** The progress token of a `notifications/progress` message, else undefined (not a progress notification). */
function progressOf(m: unknown): { token: unknown } | undefined {
  if (!isNotification(m) || m.method !== 'notifications/progress') return undefined;
  return { token: isObject(m.params) ? m.params.progressToken : undefined };
}

/** 251125-transports-120: progress notifications on a POST SSE stream carry the token of that stream's request. */
export const postStreamMessagesRelate = judge('sse-post-messages-relate-to-request', ({ exchanges }) => {
  let n = 0;
  const ev: number[] = [];
  for (const ex of postStreams(exchanges)) {
    const req = sentRequest(ex);
    if (!req) continue;
    const own = progressTokenOf(req);
    for (const s of ex.sse) {
      const p = progressOf(s.json);
      if (!p) continue;
      if (own === undefined || JSON.stringify(p.token) !== JSON.stringify(own))
        return fail(
          `Expected progress on the stream of ${req.method} id ${brief(req.id)} to carry its token ${own === undefined ? '(none: it asked for no progress)' : brief(own)}, got token ${brief(p.token)}`,
          [ex.x],
        );
      n += 1;
      if (!ev.includes(ex.x)) ev.push(ex.x);
    }
  }
  if (n === 0) return notApplicable('no POST SSE stream carried a progress notification', []);
  return pass(`${n} progress notifications on POST streams, each with its own request's token`, ev);
});

/**
 * 251125-transports-145: no message on the GET stream relates to a client request running when it arrived. A message
 * carrying a POST request's id or progress token counts from the moment the request was sent, with no end: a
 * progress notification or a response for a request exists only while it runs, and when the server sent it cannot be
 * told apart from when the prober read it — two connections read by one loaded process arrive in no fixed order, so a
 * copy sent while the request ran can be read after its response (an end here flipped a verdict under load).
 */
export const getStreamMessagesUnrelated = judge('get-stream-messages-unrelated', ({ exchanges }) => {
  const get = byStep(exchanges, STEP.getStream);
  if (!isSseStream(get)) return notApplicable('the GET did not open an SSE stream', get ? [get.x] : []);
  const sent = exchanges.flatMap((ex) => {
    const req = ex.request.method === 'POST' ? sentRequest(ex) : undefined;
    return req ? [{ ex, req, token: progressTokenOf(req) }] : [];
  });
  const messages = get.sse.filter((s) => s.json !== undefined);
  for (const s of messages) {
    const token = progressOf(s.json)?.token;
    for (const r of sent) {
      if (s.t < r.ex.request.t) continue;
      const related =
        sameId(s.json, r.req.id) || (token !== undefined && JSON.stringify(token) === JSON.stringify(r.token));
      if (related)
        return fail(
          `Expected GET-stream messages unrelated to the client's requests, got ${brief(s.json, 90)} for ${r.req.method} id ${brief(r.req.id)}`,
          [get.x, r.ex.x],
        );
    }
  }
  return pass(`the GET stream carried ${messages.length} messages, none related to a request the client sent`, [get.x]);
});

/** 251125-transports-169 (MAY): the server attaches an `id` to some of its SSE events. */
export const eventIdsAttached = judge('sse-event-ids-attached', ({ exchanges }) => {
  const streams = exchanges.filter((e) => isSseStream(e) && e.sse.length > 0);
  if (streams.length === 0) return notApplicable('the server sent no SSE events', []);
  const withId = streams.filter((e) => e.sse.some((s) => s.id !== undefined && s.id !== ''));
  if (withId.length === 0)
    return fail(
      `Expected an id on some SSE event, got ${streams.reduce((k, e) => k + e.sse.length, 0)} events without one`,
      streams.map((e) => e.x),
    );
  return pass(
    `${withId.length} of ${streams.length} SSE streams carried event ids`,
    withId.map((e) => e.x),
  );
});
