// The subscriptions probe: listen-tools ({toolsListChanged: true}) and listen-nothing ({}) stay open for the whole
// run; server/discover, tools/list, install_plugin(weather), tools/list again, weather called; a countdown the probe
// disconnects from after two progress notifications; the listen streams stay open 1 s longer.
import { isObject, type Answered, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, isNotification, mediaType, sentRequest, type JsonRpcMessage } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { toolNames } from '../../common/server/find.ts';
import { allOf, byStep, ok2xx, resultOfStep, toolAnswers } from './step-checks.ts';
import { FIXTURE, META, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const S = FIXTURE.subscriptions;
const ACK = 'notifications/subscriptions/acknowledged';
const LIST_CHANGED = 'notifications/tools/list_changed';
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Listen {
  ex: Answered;
  id: unknown;
  filter: Record<string, unknown>;
  /** The JSON messages of the stream, in order, with their arrival times. */
  messages: { t: number; m: unknown }[];
}

/** Every subscriptions/listen request of the run the server answered with an SSE stream (an open subscription). */
function listens(exchanges: readonly Exchange[]): Listen[] {
  return exchanges.flatMap((ex) => {
    const req = sentRequest(ex);
    if (req?.method !== 'subscriptions/listen' || !ok2xx(ex) || mediaType(ex) !== 'text/event-stream') return [];
    const filter = isObject(req.params) && isObject(req.params.notifications) ? req.params.notifications : {};
    const messages = ex.sse.flatMap((s) => (s.json === undefined ? [] : [{ t: s.t, m: s.json }]));
    return [{ ex, id: req.id, filter, messages }];
  });
}

const subscriptionIdOf = (m: JsonRpcMessage): unknown =>
  isObject(m.params) && isObject(m.params._meta) ? m.params._meta[META.subscriptionId] : undefined;

const NOT_OPENED = () => notApplicable('no subscriptions/listen request was answered with an SSE stream', []);

/** Task: install_plugin(weather) → "installed weather"; the next tools/list names weather, which answers "weather ready"; the tools listen stream is told the list changed. */
export const pluginTask = judge('task-plugin-installed-and-announced', ({ exchanges }) =>
  allOf(`weather was installed, listed, served and announced on the listen stream`, [
    () => toolAnswers(exchanges, STEP.installPlugin, 'install_plugin(weather)', S.installed),
    () => {
      const r = resultOfStep(exchanges, STEP.toolsListAfterInstall, 'tools/list after the install');
      if (!r.ok) return r.failure;
      const names = toolNames(r.result);
      return names.includes(S.plugin)
        ? r.ex
        : fail(`Expected tools/list after the install to name ${S.plugin}, got ${brief(names)}`, [r.ex.x]);
    },
    () => toolAnswers(exchanges, STEP.callPlugin, S.plugin, S.ready),
    () => {
      const ex = byStep(exchanges, STEP.listenTools);
      const l = listens(exchanges).find((x) => x.ex === ex);
      if (!l) return fail('Expected the tool-list listen request to be answered with an SSE stream', ex ? [ex.x] : []);
      return l.messages.some((x) => isNotification(x.m) && x.m.method === LIST_CHANGED)
        ? l.ex
        : fail(`Expected the tool-list listen stream to carry ${LIST_CHANGED}`, [l.ex.x]);
    },
  ]),
);

/** Notification methods a filter asks for (subscriptions.mdx "Notification Filter"). */
function requested(filter: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  if (filter.toolsListChanged === true) out.add(LIST_CHANGED);
  if (filter.promptsListChanged === true) out.add('notifications/prompts/list_changed');
  if (filter.resourcesListChanged === true) out.add('notifications/resources/list_changed');
  if (Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.length > 0)
    out.add('notifications/resources/updated');
  return out;
}

/**
 * 260728-subscriptions-15: a listen stream carries only the notification types its filter asked for. Reading: the
 * acknowledgment and a notifications/cancelled ending that very subscription are the stream's own protocol, not a
 * notification type one subscribes to; everything else must be in the filter (the second stream asks for nothing).
 */
export const onlyRequested = judge('listen-sends-only-requested', ({ exchanges }) => {
  const ls = listens(exchanges);
  if (ls.length === 0) return NOT_OPENED();
  for (const l of ls) {
    const allowed = requested(l.filter);
    for (const { m } of l.messages) {
      if (!isNotification(m) || m.method === ACK || allowed.has(m.method)) continue;
      const ownEnd = m.method === 'notifications/cancelled' && isObject(m.params) && same(m.params.requestId, l.id);
      if (!ownEnd)
        return fail(
          `Expected only ${brief([...allowed])} on the stream of filter ${brief(l.filter)}, got ${m.method}`,
          [l.ex.x],
        );
    }
  }
  return pass(
    `${ls.length} listen streams carried only the notification types they asked for`,
    ls.map((l) => l.ex.x),
  );
});

/**
 * 260728-subscriptions-54: the acknowledgment, with the listen request's id as subscription id, is the first message
 * of the subscription. Reading: on HTTP each subscription has its own stream, so it is the stream's first message;
 * a stream that carried no message at all (open ≥ 2 s) was never acknowledged.
 */
export const acknowledgedFirst = judge('listen-acknowledged-first', ({ exchanges }) => {
  const ls = listens(exchanges);
  if (ls.length === 0) return NOT_OPENED();
  for (const l of ls) {
    const first = l.messages[0]?.m;
    if (first === undefined)
      return fail(`Expected ${ACK} on the listen stream ${brief(l.id)}, got no message`, [l.ex.x]);
    if (!isNotification(first) || first.method !== ACK || !same(subscriptionIdOf(first), l.id))
      return fail(
        `Expected the first message of listen stream ${brief(l.id)} to be ${ACK} with subscription id ${brief(l.id)}, got ${brief(first, 100)}`,
        [l.ex.x],
      );
  }
  return pass(
    `${ls.length} listen streams began with their acknowledgment`,
    ls.map((l) => l.ex.x),
  );
});

/** 260728-basic-412: every notification on a listen stream carries the listen request's id as subscription id. */
export const carrySubscriptionId = judge('listen-notifications-carry-subscription-id', ({ exchanges }) => {
  const ls = listens(exchanges);
  if (ls.length === 0) return NOT_OPENED();
  let n = 0;
  for (const l of ls)
    for (const { m } of l.messages) {
      if (!isNotification(m)) continue;
      if (!same(subscriptionIdOf(m), l.id))
        return fail(
          `Expected ${m.method} on listen stream ${brief(l.id)} to carry subscription id ${brief(l.id)} in _meta, got ${brief(subscriptionIdOf(m))}`,
          [l.ex.x],
        );
      n += 1;
    }
  if (n === 0)
    return notApplicable(
      'the listen streams carried no notification',
      ls.map((l) => l.ex.x),
    );
  return pass(
    `${n} listen-stream notifications carried their subscription id`,
    ls.map((l) => l.ex.x),
  );
});

/**
 * 260728-tools-238 (SHOULD): a server that declared tools.listChanged tells the open tool-list listen stream when
 * install_plugin changed the list (a notifications/tools/list_changed after the install was sent).
 */
export const listChangedNotified = judge('tools-list-changed-notified', ({ exchanges }) => {
  const d = resultOfStep(exchanges, STEP.discover, 'server/discover');
  const caps = d.ok ? d.result.capabilities : undefined;
  if (!isObject(caps) || !isObject(caps.tools) || caps.tools.listChanged !== true)
    return notApplicable('the DiscoverResult does not declare capabilities.tools.listChanged', d.ok ? [d.ex.x] : []);
  const install = byStep(exchanges, STEP.installPlugin);
  if (!install || !answerOf(install))
    return notApplicable('install_plugin was not answered: the list did not change', []);
  const l = listens(exchanges).find((x) => x.ex === byStep(exchanges, STEP.listenTools));
  if (!l) return notApplicable('the tool-list listen request was not answered with an SSE stream', []);
  const ev = [d.ok ? d.ex.x : l.ex.x, install.x, l.ex.x];
  return l.messages.some((x) => x.t > install.request.t && isNotification(x.m) && x.m.method === LIST_CHANGED)
    ? pass(`the tool-list listen stream got ${LIST_CHANGED} after install_plugin`, ev)
    : fail(`Expected ${LIST_CHANGED} on the tool-list listen stream after install_plugin, got none`, ev);
});

/** Every JSON message the server sent in the run, with its exchange and time. */
function sent(exchanges: readonly Exchange[]): { ex: Exchange; t: number; m: unknown }[] {
  return exchanges.flatMap((ex) => [
    ...(ex.json === undefined ? [] : [{ ex, t: ex.response?.t ?? ex.request.t, m: ex.json }]),
    ...ex.sse.flatMap((s) => (s.json === undefined ? [] : [{ ex, t: s.t, m: s.json }])),
  ]);
}

/** 260728-cancellation-13: every notifications/cancelled the server sends references a subscriptions/listen request. */
export const cancelledOnlyForListen = judge('server-cancelled-only-for-listen', ({ exchanges }) => {
  if (!exchanges.some((ex) => ex.response)) return notApplicable('the server answered nothing', []);
  const ids = exchanges.flatMap((ex) => {
    const req = sentRequest(ex);
    return req?.method === 'subscriptions/listen' ? [req.id] : [];
  });
  const notices = sent(exchanges).filter((s) => isNotification(s.m) && s.m.method === 'notifications/cancelled');
  for (const { ex, m } of notices) {
    const ref = isObject((m as JsonRpcMessage).params)
      ? ((m as JsonRpcMessage).params as Record<string, unknown>).requestId
      : undefined;
    if (!ids.some((id) => same(id, ref)))
      return fail(
        `Expected notifications/cancelled to reference a subscriptions/listen request (${brief(ids)}), got requestId ${brief(ref)}`,
        [ex.x],
      );
  }
  return pass(
    notices.length === 0
      ? 'the server sent no notifications/cancelled'
      : `${notices.length} notifications/cancelled, each ending a listen stream`,
    notices.map((s) => s.ex.x),
  );
});

/** Whether a server message is for the cut request: its response, its progress, or a notice naming its id. */
function isFor(m: unknown, id: unknown, token: unknown): boolean {
  if (!isObject(m)) return false;
  if (typeof m.method !== 'string') return 'id' in m && same(m.id, id);
  const p = isObject(m.params) ? m.params : {};
  return (
    (m.method === 'notifications/progress' && same(p.progressToken, token)) ||
    ('requestId' in p && same(p.requestId, id))
  );
}

/**
 * 260728-shttp-237, the MUST NOT half: once the probe closed the countdown's stream, no message for that request
 * comes on any other stream (the listen streams, open 1 s longer). The SHOULD half (stop working) is what streaming's
 * cancellation checkpoints observe.
 */
export const nothingAfterCancel = judge('cancelled-request-gets-no-more-messages', ({ exchanges }): JudgeResult => {
  const cut = byStep(exchanges, STEP.countdownCut);
  if (!cut?.end) return notApplicable('the countdown was not sent or never ended', cut ? [cut.x] : []);
  if (answerOf(cut)) return notApplicable('the countdown was answered before the probe closed it', [cut.x]);
  const at = cut.end.t;
  const open = listens(exchanges).filter((l) => (l.ex.end?.t ?? Infinity) > at);
  if (open.length === 0) return notApplicable('no listen stream was open when the probe closed the countdown', [cut.x]);
  const id = sentRequest(cut)?.id;
  const later = sent(exchanges).filter((s) => s.ex !== cut && s.t > at);
  const bad = later.find((s) => isFor(s.m, id, S.countdown.token));
  if (bad)
    return fail(`Expected nothing more for the cancelled countdown, got ${brief(bad.m, 100)} after the cut`, [
      cut.x,
      bad.ex.x,
    ]);
  return pass(`${later.length} server messages after the cut, none for the cancelled countdown`, [
    cut.x,
    ...open.map((l) => l.ex.x),
  ]);
});
