import {
  BOGUS_VERSION,
  FIXTURE,
  FOREIGN_ORIGIN,
  LEGACY_INITIALIZE,
  NOTIFICATION,
  OTHER_VERSION,
  paramHeader,
  STALE_SESSION_ID,
  STEP,
  TASKS_EXT,
} from '../../../bench/plans/2026-07-28/server-steps.ts';
import type { Headers } from '../../../bench/schema/wire-event.ts';
import type { WireResult } from '../../wire/client.ts';
import { resultIn } from '../common/replies.ts';
import type { ProbePlan } from '../common/run.ts';
import { meta, rpc, type Prober } from './prober.ts';

export type Plan = ProbePlan<Prober>;

const call = (
  id: number | string,
  name: string,
  args: Record<string, unknown>,
  m?: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => rpc(id, 'tools/call', { name, arguments: args, ...extra }, m);

/**
 * stateless-tools: a tools/call as the very first request, discover, list, a string-id call, list again, then one
 * broken thing per request (Origin, versions, headers, method, _meta), and 2025-era traffic (GET, DELETE, session id).
 */
const statelessTools: Plan = async (p) => {
  await p.post(STEP.callAdd, call(1, 'add', FIXTURE.add.args));
  await p.post(STEP.discover, rpc('discover-1', 'server/discover'));
  await p.post(STEP.toolsList, rpc(2, 'tools/list'));
  await p.post(STEP.callEcho, call('echo-3', 'echo', FIXTURE.echo.args));
  await p.post(STEP.toolsListAgain, rpc(4, 'tools/list'));
  await p.post(STEP.foreignOrigin, rpc(5, 'tools/list'), { origin: FOREIGN_ORIGIN });
  await p.post(STEP.versionMismatch, rpc(6, 'tools/list', {}, meta({}, OTHER_VERSION)));
  await p.post(STEP.versionUnsupported, rpc(7, 'tools/list', {}, meta({}, BOGUS_VERSION)), { version: BOGUS_VERSION });
  await p.post(STEP.versionMissing, rpc(8, 'tools/list'), { version: null });
  await p.post(STEP.methodMissing, rpc(9, 'tools/list'), { method: null });
  await p.post(STEP.unknownMethod, rpc(10, FIXTURE.unknownMethod));
  await p.post(STEP.capabilitiesMissing, rpc(11, 'tools/list', {}, meta(null)));
  await p.post(STEP.sessionIdIgnored, rpc(12, 'tools/list'), { extra: [['Mcp-Session-Id', STALE_SESSION_ID]] });
  await p.bare(STEP.get, 'GET');
  await p.bare(STEP.del, 'DELETE');
  // Notifications (…-83, -85, basic-160) and a 2025-era initialize without the 2026 headers (versioning-154).
  await p.post(STEP.notificationDefined, { ...NOTIFICATION.defined });
  await p.post(STEP.notificationMalformed, { ...NOTIFICATION.malformed });
  await p.post(
    STEP.initializeLegacy,
    { jsonrpc: '2.0', id: 13, method: 'initialize', params: LEGACY_INITIALIZE },
    { version: null, method: null },
  );
};

const R = FIXTURE.route;
/** Mcp-Param-* headers for route_query arguments, plain values (tests that need other values pass their own). */
function paramHeaders(args: Record<string, unknown>): Headers {
  const h: Headers = [];
  if (args.region !== null && args.region !== undefined) h.push([paramHeader('Region'), String(args.region)]);
  if (args.priority !== undefined) h.push([paramHeader('Priority'), String(args.priority)]);
  return h;
}
const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`;

/** param-headers: list, then route_query with each header variation, one per request. */
const paramHeadersPlan: Plan = async (p) => {
  const route = (id: number, args: Record<string, unknown>) => call(id, R.tool, args);
  await p.post(STEP.toolsList, rpc(1, 'tools/list'));
  await p.post(STEP.callPlain, route(2, R.plain.args), { extra: paramHeaders(R.plain.args) });
  await p.post(STEP.callBase64Param, route(3, R.unicode.args), {
    extra: [
      [paramHeader('Region'), b64(R.unicode.args.region)],
      [paramHeader('Priority'), String(R.unicode.args.priority)],
    ],
  });
  await p.post(STEP.callBase64Name, route(4, R.encodedName.args), {
    name: b64(R.tool),
    extra: paramHeaders(R.encodedName.args),
  });
  await p.post(STEP.callLowercase, route(5, R.lower.args), { lowercase: true, extra: paramHeaders(R.lower.args) });
  await p.post(STEP.callParamMissing, route(6, R.missing.args), {
    extra: [[paramHeader('Priority'), String(R.missing.args.priority)]],
  });
  await p.post(STEP.callParamMismatch, route(7, R.mismatch.args), {
    extra: [
      [paramHeader('Region'), R.mismatch.header],
      [paramHeader('Priority'), String(R.mismatch.args.priority)],
    ],
  });
  await p.post(STEP.callParamNull, route(8, R.nullRegion.args), { extra: paramHeaders(R.nullRegion.args) });
  await p.post(STEP.callParamAbsent, route(9, R.absentRegion.args), { extra: paramHeaders(R.absentRegion.args) });
  await p.post(STEP.callIntegerFloat, route(10, R.integer.args), {
    extra: [
      [paramHeader('Region'), R.integer.args.region],
      [paramHeader('Priority'), R.integer.header],
    ],
  });
  await p.post(STEP.callNameMismatch, route(11, R.plain.args), {
    name: R.otherName,
    extra: paramHeaders(R.plain.args),
  });
  // Node writes a header string's characters as Latin-1 bytes: é goes out as the single byte 0xE9 (…-552).
  await p.post(STEP.callParamInvalidChars, route(12, R.invalidChars.args), {
    extra: [
      [paramHeader('Region'), R.invalidChars.header],
      [paramHeader('Priority'), String(R.invalidChars.args.priority)],
    ],
  });
};

/** The InputRequiredResult of a response (JSON body or SSE event), if any. */
function inputRequired(
  r: WireResult | undefined,
): { inputRequests?: Record<string, unknown>; requestState?: unknown } | undefined {
  const res = resultIn(r);
  return res?.resultType === 'input_required' ? res : undefined;
}

/**
 * A forged requestState that a naive server would accept: if the state (or its part before the first ".") is
 * Base64(JSON), the amount (250) inside is raised and it is re-encoded with the same alphabet; otherwise one
 * character in the middle is changed.
 */
export function tamper(state: string): string {
  const [head, ...rest] = state.split('.');
  for (const enc of ['base64url', 'base64'] as const) {
    try {
      const json = JSON.parse(Buffer.from(head!, enc).toString('utf8')) as unknown;
      if (typeof json !== 'object' || json === null) continue;
      const bumped = JSON.stringify(json).replace(/(?<![\d.])250(?![\d.])/g, '999999');
      const out = bumped === JSON.stringify(json) ? JSON.stringify({ ...(json as object), tampered: true }) : bumped;
      return [Buffer.from(out, 'utf8').toString(enc), ...rest].join('.');
    } catch {
      // not Base64 JSON in this alphabet
    }
  }
  const i = Math.floor(state.length / 2);
  return state.slice(0, i) + (state[i] === 'A' ? 'B' : 'A') + state.slice(i + 1);
}

/**
 * multi-round-trip: the transfer without input (elicitation declared), the retry answering every input request with
 * the echoed requestState, the call without the elicitation capability, two requests that must never be
 * input_required, the replayed retry, and five retries that present a fresh state each with something off (tampered,
 * another amount, a malformed answer, no answer, an extra answer).
 */
const multiRoundTrip: Plan = async (p) => {
  const T = FIXTURE.transfer;
  const withElicitation = meta({ elicitation: { form: {} } });
  const first = inputRequired(await p.post(STEP.transferInitial, call(1, T.tool, T.args, withElicitation)));
  const responses = Object.fromEntries(
    Object.keys(first?.inputRequests ?? { confirm: null }).map((k) => [k, T.accept]),
  );
  const state = typeof first?.requestState === 'string' ? { requestState: first.requestState } : {};
  await p.post(STEP.transferRetry, call(2, T.tool, T.args, withElicitation, { inputResponses: responses, ...state }));
  await p.post(STEP.transferNoElicitation, call(4, T.tool, T.args, meta({})));
  await p.post(STEP.toolsList, rpc(5, 'tools/list'));
  await p.post(STEP.discover, rpc(6, 'server/discover'));
  // The successful retry once more: a confirmation is good for one transfer (260728-mrtr-241).
  await p.post(STEP.transferReplay, call(7, T.tool, T.args, withElicitation, { inputResponses: responses, ...state }));
  // Each variant presents a state of its own (never one already redeemed), so replay protection cannot stand in for
  // integrity checks, and a server that spends a state on any use is judged fairly.
  const variants: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [STEP.transferTampered, T.args, responses],
    [STEP.transferOtherAmount, { amount: T.otherAmount }, responses],
    [STEP.transferMalformedResponse, T.args, Object.fromEntries(Object.keys(responses).map((k) => [k, T.malformed]))],
    [STEP.transferMissingResponse, T.args, {}],
    [STEP.transferExtraResponse, T.args, { ...responses, [T.extraKey]: T.accept }],
  ];
  let id = 8;
  for (const [step, args, inputResponses] of variants) {
    const fresh = inputRequired(await p.post(STEP.transferFresh, call(id++, T.tool, T.args, withElicitation)));
    if (typeof fresh?.requestState !== 'string') {
      p.recorder.note(`skipped step ${step}: the fresh call issued no requestState`);
      continue;
    }
    const requestState = step === STEP.transferTampered ? tamper(fresh.requestState) : fresh.requestState;
    const retry = { inputResponses, requestState };
    await p.post(step, call(id++, T.tool, args, withElicitation, retry));
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * tasks: slow_square as a task (declaring the extension), tasks/get at once, polling until terminal, an unknown
 * taskId, the call and a tasks/get without the extension, a long task looked up (working until cancelled), cancelled
 * and looked up again, and tasks/cancel
 * and tasks/update of an unknown taskId. Task requests carry
 * `Mcp-Name: <taskId>` (ext-tasks …-511).
 */
const tasksPlan: Plan = async (p) => {
  const Q = FIXTURE.square;
  const ext = meta({ extensions: { [TASKS_EXT]: {} } });
  const task = (id: number, method: string, taskId: string, m = ext) => rpc(id, method, { taskId }, m);
  const created = resultIn(await p.post(STEP.taskCreate, call(1, Q.tool, Q.quick.args, ext)));
  const taskId = typeof created?.taskId === 'string' ? created.taskId : '';
  await p.post(STEP.taskGetImmediate, task(2, 'tasks/get', taskId), { name: taskId });
  // Poll a task while it works: `Q.pollMs` apart, for `Q.pollForMs` by the clock, at most `Q.polls` gets.
  const pollWhileWorking = async (step: string, tid: string, nextId: () => number) => {
    const end = performance.now() + Q.pollForMs;
    for (let i = 0; i < Q.polls && performance.now() < end; i++) {
      await p.pause(Q.pollMs);
      const r = resultIn(await p.post(step, task(nextId(), 'tasks/get', tid), { name: tid }));
      if (r?.status !== 'working' && r?.status !== 'input_required') break;
    }
  };
  let pollId = 10;
  await pollWhileWorking(STEP.taskPoll, taskId, () => pollId++);
  await p.post(STEP.taskGetUnknown, task(3, 'tasks/get', Q.unknownTaskId), { name: Q.unknownTaskId });
  await p.post(STEP.callWithoutExtension, call(4, Q.tool, Q.direct.args, meta({})));
  await p.post(STEP.taskGetWithoutExtension, task(5, 'tasks/get', taskId, meta({})), { name: taskId });
  const long = resultIn(await p.post(STEP.taskCreateLong, call(6, Q.tool, Q.long.args, ext)));
  const longId = typeof long?.taskId === 'string' ? long.taskId : '';
  await p.post(STEP.taskGetLong, task(31, 'tasks/get', longId), { name: longId });
  await p.post(STEP.taskCancel, task(7, 'tasks/cancel', longId), { name: longId });
  await p.post(STEP.taskGetCancelled, task(8, 'tasks/get', longId), { name: longId });
  await p.post(STEP.taskCancelUnknown, task(9, 'tasks/cancel', Q.unknownTaskId), { name: Q.unknownTaskId });
  await p.post(STEP.taskUpdateUnknown, rpc(30, 'tasks/update', { taskId: Q.unknownTaskId, inputResponses: {} }, ext), {
    name: Q.unknownTaskId,
  });
  // A task that ends in a tool error, and one that fails (ext-tasks …-837, …-332, …-835, …-891).
  let id = 40;
  for (const [create, poll, args] of [
    [STEP.taskCreateOutOfRange, STEP.taskPollOutOfRange, Q.outOfRange.args],
    [STEP.taskCreateCrash, STEP.taskPollCrash, Q.crash.args],
  ] as const) {
    const made = resultIn(await p.post(create, call(id++, Q.tool, args, ext)));
    const tid = typeof made?.taskId === 'string' ? made.taskId : '';
    await pollWhileWorking(poll, tid, () => id++);
    id = 70;
  }
};

/** Whether an SSE event's data is a progress notification (what the streaming cut counts). */
const isProgress = (data: string): boolean => {
  try {
    return (JSON.parse(data) as { method?: unknown } | null)?.method === 'notifications/progress';
  } catch {
    return false;
  }
};

/**
 * streaming: a countdown in full (with a progressToken) and its job's status, then a long countdown the probe
 * disconnects from after two progress notifications (the client cancelling it), and that job's status twice later.
 */
const streamingPlan: Plan = async (p) => {
  const C = FIXTURE.countdown;
  const withToken = (token: string) => ({ ...meta(), progressToken: token });
  const status = (id: number, jobId: string) => call(id, C.status, { jobId });
  await p.post(STEP.countdownFull, call(1, C.tool, C.full.args, withToken(C.full.token)));
  await p.post(STEP.statusFull, status(2, C.full.args.jobId));
  await p.post(STEP.countdownCut, call(3, C.tool, C.cut.args, withToken(C.cut.token)), {
    cut: { events: C.cutAfterProgress, counts: isProgress, afterMs: C.cutAfterMs },
  });
  await p.pause(C.earlyMs);
  await p.post(STEP.statusCutEarly, status(4, C.cut.args.jobId));
  await p.pause(C.lateMs - C.earlyMs);
  await p.post(STEP.statusCutLate, status(5, C.cut.args.jobId));
};

/**
 * Resolve once `ready()` holds, polling every 20 ms, or `ms` after the call by the clock (the plan goes on either
 * way). Counted by the clock, not by polls: on a loaded machine a 20 ms sleep takes far longer, and a bound counted in
 * polls once stretched a 5 s wait past the scenario's 30 s.
 */
async function until(ready: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!ready() && performance.now() < end) await sleep(20);
}

/** A standing subscriptions/listen stream: the events seen so far, its request, and how to close it. */
function listen(p: Prober, step: string, id: string | number, filter: Record<string, unknown>) {
  const stop = new AbortController();
  const seen: unknown[] = [];
  const onEvent = (data: string) => {
    try {
      seen.push(JSON.parse(data));
    } catch {
      seen.push(data);
    }
  };
  const done = p.post(step, rpc(id, 'subscriptions/listen', { notifications: filter }), {
    signal: stop.signal,
    onEvent,
  });
  let ended = false;
  void done.finally(() => (ended = true));
  const has = (method: string) => seen.some((m) => (m as { method?: unknown } | null)?.method === method);
  return {
    /** Whether the stream carried a message with this method, or has ended (so waiting for one is pointless). */
    hasOrEnded: (method: string) => ended || has(method),
    ended: () => ended,
    close: () => (stop.abort(), done),
  };
}

/**
 * subscriptions: two listen streams (tool-list changes; nothing), discover and the list, a plugin installed while
 * they listen, the list again and the new tool called, then a countdown cut mid-stream while both streams stay open.
 */
const subscriptionsPlan: Plan = async (p) => {
  const S = FIXTURE.subscriptions;
  const C = FIXTURE.countdown;
  const tools = listen(p, STEP.listenTools, S.listenTools.id, S.listenTools.filter);
  const nothing = listen(p, STEP.listenNothing, S.listenNothing.id, S.listenNothing.filter);
  const ack = 'notifications/subscriptions/acknowledged';
  await until(() => tools.hasOrEnded(ack) && nothing.hasOrEnded(ack), S.waitMs);
  await p.post(STEP.discover, rpc(1, 'server/discover'));
  await p.post(STEP.toolsList, rpc(2, 'tools/list'));
  await p.post(STEP.installPlugin, call(3, S.install, { name: S.plugin }));
  await until(() => tools.hasOrEnded('notifications/tools/list_changed'), S.waitMs);
  await p.post(STEP.toolsListAfterInstall, rpc(4, 'tools/list'));
  await p.post(STEP.callPlugin, call(5, S.plugin, {}));
  await p.post(STEP.countdownCut, call(6, C.tool, S.countdown.args, { ...meta(), progressToken: S.countdown.token }), {
    cut: { events: C.cutAfterProgress, counts: isProgress, afterMs: C.cutAfterMs },
  });
  // The listen streams stay open a while after the cut (to see nothing more comes for it), unless both have ended.
  await until(() => tools.ended() && nothing.ended(), S.afterCutMs);
  await Promise.all([tools.close(), nothing.close()]);
};

/** Probe plans by scenario id. */
export const PLANS: Readonly<Record<string, Plan>> = {
  'stateless-tools': statelessTools,
  'param-headers': paramHeadersPlan,
  'multi-round-trip': multiRoundTrip,
  tasks: tasksPlan,
  streaming: streamingPlan,
  subscriptions: subscriptionsPlan,
};
