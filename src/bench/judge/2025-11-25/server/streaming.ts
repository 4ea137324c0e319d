import { responseMessages, type Answered, type Exchange } from '../../exchanges.ts';
import { answerOf, isNotification, isResponse, mediaType, sentRequest, brief } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, isResumed, ok2xx } from '../../common/server/find.ts';
import { FIXTURE, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

const isSseStream = (ex: Exchange | undefined): ex is Answered => ok2xx(ex) && mediaType(ex) === 'text/event-stream';
const postStreams = (xs: readonly Exchange[]) => xs.filter((e) => e.request.method === 'POST' && isSseStream(e));

/** 251125-transports-106: every SSE stream opened for a POST starts with an event that has an id and empty data. */
export const primingEventFirst = judge('sse-priming-event-first', ({ exchanges }) => {
  const streams = postStreams(exchanges);
  if (streams.length === 0) return notApplicable('no POST was answered with an SSE stream', []);
  for (const ex of streams) {
    const first = ex.sse[0];
    if (!first || !first.id || first.data !== '') {
      return fail(
        `Expected the first SSE event to carry an id and empty data, got ${first ? brief({ id: first.id, data: first.data }) : 'no event'}`,
        [ex.x],
      );
    }
  }
  return pass(
    `${streams.length} POST SSE streams opened with a priming event`,
    streams.map((e) => e.x),
  );
});

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
export const notificationHasNoId = judge('jsonrpc-notification-has-no-id', ({ exchanges }) => {
  let n = 0;
  const ev: number[] = [];
  for (const ex of exchanges) {
    for (const m of responseMessages(ex)) {
      if (typeof m !== 'object' || m === null || typeof (m as { method?: unknown }).method !== 'string') continue;
      const method = (m as { method: string }).method;
      if (!method.startsWith('notifications/')) continue;
      if (!isNotification(m))
        return fail(`Expected ${method} without an id, got id ${brief((m as { id?: unknown }).id)}`, [ex.x]);
      n += 1;
      ev.push(ex.x);
    }
  }
  if (n === 0) return notApplicable('the server sent no notifications', []);
  return pass(`${n} server notifications carried no id`, ev);
});

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
