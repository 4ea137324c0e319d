import {
  BOGUS_VERSION,
  FIXTURE,
  FOREIGN_ORIGIN,
  ID_PROBES,
  PROTOCOL_VERSION,
  RELATED_TASK,
  STEP,
  TERMINAL_TASK_STATUSES,
} from '../../../bench/plans/2025-11-25/server-steps.ts';
import { parseJsonBounded } from '../../../bench/judge/bounded-json.ts';
import { answers } from '../common/budget.ts';
import { resultIn } from '../common/replies.ts';
import type { ProbePlan } from '../common/run.ts';
import type { WireResult } from '../../wire/client.ts';
import type { Prober } from './prober.ts';

export type Plan = ProbePlan<Prober>;

const call = (id: number | string, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * initialize (integer id 1) + notifications/initialized; later requests carry the session id and the version header.
 * The header names the version the server negotiated, as a conformant client's would (251125-transports-271): a server
 * that negotiated an older revision must not be probed as if it had agreed to 2025-11-25. Without a usable
 * InitializeResult the prober still asks for the revision it requested.
 */
async function start(p: Prober): Promise<void> {
  const { session, version } = await p.initialize(STEP.initialize);
  p.session = session;
  p.version = version ?? PROTOCOL_VERSION;
  await p.initialized(STEP.initialized, p.session);
}

/**
 * Open a GET stream and hold it until `stop()`: waits for its response headers (at most one request's time, which only
 * a server that never answers pays), so the server has opened the stream before the plan's next step. A server may
 * refuse it (405); the exchange then ends at once.
 */
async function standingGet(p: Prober, step: string): Promise<{ stop: () => Promise<void> }> {
  const ac = new AbortController();
  let opened!: () => void;
  const ready = new Promise<void>((r) => (opened = r));
  const get = p.get(step, { signal: ac.signal, onResponse: () => opened() });
  await Promise.race([ready, get, sleep(p.limits.requestMs)]);
  return {
    stop: async () => {
      ac.abort();
      await get;
    },
  };
}

/**
 * tools-basics: list, call add and echo (string and integer ids), version negotiation, Origin, bad and missing version
 * header, an unknown method (an ordinary JSON-RPC error, for the error-response checkpoints).
 */
const toolsBasics: Plan = async (p) => {
  await start(p);
  await p.post(STEP.toolsList, { jsonrpc: '2.0', id: 'list-1', method: 'tools/list' });
  await p.post(STEP.callAdd, call(3, 'add', FIXTURE.add.args));
  await p.post(STEP.callEcho, call('echo-4', 'echo', FIXTURE.echo.args));
  await p.initialize(STEP.initializeUnknownVersion, BOGUS_VERSION, 5);
  await p.post(STEP.foreignOrigin, { jsonrpc: '2.0', id: 6, method: 'tools/list' }, { origin: FOREIGN_ORIGIN });
  await p.post(STEP.badProtocolVersion, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, { version: BOGUS_VERSION });
  await p.post(STEP.noProtocolVersion, { jsonrpc: '2.0', id: 8, method: 'tools/list' }, { version: null });
  await p.post(STEP.unknownMethod, { jsonrpc: '2.0', id: 9, method: FIXTURE.unknownMethod });
  // Notification-shaped input: one no server can accept (not JSON-RPC 2.0), one it may accept or refuse (…-98).
  await p.post(STEP.notificationBadJsonrpc, { jsonrpc: '1.0', method: FIXTURE.unknownNotification });
  await p.post(STEP.notificationUnknown, { jsonrpc: '2.0', method: FIXTURE.unknownNotification });
  // Ids a server might mangle (falsy 0, past 32 bits, the largest exact double, long non-ASCII text).
  for (const [step, id] of ID_PROBES) await p.post(step, { jsonrpc: '2.0', id, method: 'tools/list' });
};

/**
 * sessions: a GET stream held between initialize and initialized (what may a server send before it?), per-session
 * counters in sessions A and B, a request without the id, DELETE, a request after it.
 */
const sessions: Plan = async (p) => {
  const { session, version } = await p.initialize(STEP.initialize);
  p.session = session;
  p.version = version ?? PROTOCOL_VERSION;
  const early = await standingGet(p, STEP.getBeforeInitialized);
  await p.pause(FIXTURE.beforeInitializedMs);
  await early.stop();
  await p.initialized(STEP.initialized, p.session);
  await p.post(STEP.incrementA1, call(2, 'increment', {}));
  await p.post(STEP.incrementA2, call(3, 'increment', {}));
  const { session: b } = await p.initialize(STEP.initializeB);
  await p.initialized(STEP.initializedB, b);
  await p.post(STEP.incrementB1, call(2, 'increment', {}), { session: b ?? null });
  await p.post(STEP.noSessionId, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, { session: null });
  await p.delete(STEP.deleteSession, p.session);
  await p.post(STEP.afterDelete, call(5, 'increment', {}), { session: p.session ?? null });
};

/**
 * streaming: a standing GET stream while two countdown calls stream progress on their POSTs, then a GET with
 * Last-Event-ID set to the first event id of stream A (resumption must not bring stream B's messages).
 */
const streaming: Plan = async (p) => {
  await start(p);
  const get = await standingGet(p, STEP.getStream);
  const a = await p.post(
    STEP.countdownA,
    call(10, 'countdown', { n: FIXTURE.countdownA.n }, { progressToken: FIXTURE.countdownA.token }),
  );
  await p.post(
    STEP.countdownB,
    call(11, 'countdown', { n: FIXTURE.countdownB.n }, { progressToken: FIXTURE.countdownB.token }),
  );
  await get.stop();
  const first = a?.sse.find((e) => e.id !== undefined && e.id !== '')?.id;
  if (first === undefined) {
    p.recorder.note(`skipped step ${STEP.resume}: stream A carried no event id to resume from`);
    return;
  }
  await p.get(STEP.resume, { lastEventId: first, cutAfterMs: 500 });
};

/** The taskId of a CreateTaskResult, or '' (then the later steps still run, and their judges see why). */
function taskIdOf(r: WireResult | undefined): string {
  const task = resultIn(r)?.task as { taskId?: unknown } | undefined;
  return typeof task?.taskId === 'string' ? task.taskId : '';
}

/**
 * Poll tasks/get until the task shows a terminal status (or the polls' time runs out); returns that status, if any.
 * tasks/result may have failed, so only tasks/get can tell whether cancelling now targets a terminal task.
 */
async function pollUntilTerminal(
  p: Prober,
  taskId: string,
  firstId: number,
  step: string = STEP.taskPollTerminal,
): Promise<string | undefined> {
  const end = performance.now() + FIXTURE.terminalPolls.forMs;
  for (let i = 0; i < FIXTURE.terminalPolls.count && performance.now() < end; i++) {
    const r = await p.post(step, { jsonrpc: '2.0', id: firstId + i, method: 'tasks/get', params: { taskId } });
    if (r === undefined) return undefined; // skipped: the run's budget is spent
    const status = resultIn(r, firstId + i)?.status;
    if (typeof status === 'string' && (TERMINAL_TASK_STATUSES as readonly string[]).includes(status)) return status;
    await p.pause(FIXTURE.terminalPolls.gapMs);
  }
  return undefined;
}

/**
 * tasks: a standing GET stream (where status notifications may come); the taskSupport "required" tool without a task,
 * a plain tool as a task, tools/list with task metadata; the quick task (tasks/get, blocking tasks/result, tasks/result
 * and cancel once it is terminal); a long task cancelled while working, polled with a conflicting related-task _meta
 * and again after its work would have ended; the crash case (x = 13) polled until terminal, then its tasks/result;
 * tasks/get of an unknown id.
 */
const tasks: Plan = async (p) => {
  await start(p);
  const rpc = (id: number, method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params });
  const asTask = (id: number, name: string, args: Record<string, unknown>) => ({
    ...call(id, name, args),
    params: { name, arguments: args, task: { ttl: FIXTURE.taskTtl } },
  });
  const stream = await standingGet(p, STEP.taskStatusStream);
  await p.post(STEP.callWithoutTask, call(2, 'slow_square', FIXTURE.squareDirect.args));
  await p.post(STEP.callPlainAsTask, asTask(11, 'add', FIXTURE.addAsTask.args));
  await p.post(STEP.listWithTask, rpc(12, 'tools/list', { task: { ttl: FIXTURE.taskTtl } }));
  const quick = taskIdOf(await p.post(STEP.taskCreate, asTask(3, 'slow_square', FIXTURE.squareQuick.args)));
  await p.post(STEP.taskGet, rpc(4, 'tasks/get', { taskId: quick }));
  await p.post(STEP.taskResult, rpc(5, 'tasks/result', { taskId: quick }));
  // tasks-494 and -464 are about a task *known* to be terminal: only once tasks/get says so.
  if (quick !== '' && (await pollUntilTerminal(p, quick, 100))) {
    await p.post(STEP.taskResultTerminal, rpc(13, 'tasks/result', { taskId: quick }));
    await p.post(STEP.taskCancelTerminal, rpc(6, 'tasks/cancel', { taskId: quick }));
  } else
    p.recorder.note(
      `skipped steps ${STEP.taskResultTerminal}, ${STEP.taskCancelTerminal}: ${quick === '' ? 'no taskId to poll' : `tasks/get never showed task ${JSON.stringify(quick)} in a terminal status`}`,
    );
  const longAt = performance.now();
  const long = taskIdOf(await p.post(STEP.taskCreateLong, asTask(7, 'slow_square', FIXTURE.squareLong.args)));
  await p.post(STEP.taskCancel, rpc(8, 'tasks/cancel', { taskId: long }));
  await p.post(STEP.taskGetCancelled, rpc(9, 'tasks/get', { taskId: long }));
  // The param names the quick task, the (discouraged) related-task _meta the long one: the param must win (…-472).
  await p.post(
    STEP.taskGetMetaConflict,
    rpc(14, 'tasks/get', { taskId: quick, _meta: { [RELATED_TASK]: { taskId: long } } }),
  );
  // The prompt's failure case runs while the long task's work would still be going on.
  const crash = taskIdOf(await p.post(STEP.taskCreateCrash, asTask(16, 'slow_square', FIXTURE.squareCrash.args)));
  await p.pause(Math.max(0, FIXTURE.afterLongWorkMs - (performance.now() - longAt)));
  await p.post(STEP.taskGetAfterWork, rpc(15, 'tasks/get', { taskId: long }));
  if (crash !== '' && (await pollUntilTerminal(p, crash, 200, STEP.taskPollCrash)))
    await p.post(STEP.taskResultCrash, rpc(17, 'tasks/result', { taskId: crash }));
  else
    p.recorder.note(
      `skipped step ${STEP.taskResultCrash}: ${crash === '' ? 'no taskId to poll' : `tasks/get never showed task ${JSON.stringify(crash)} in a terminal status`}`,
    );
  await stream.stop();
  await p.post(STEP.taskGetUnknown, rpc(10, 'tasks/get', { taskId: FIXTURE.unknownTaskId }));
};

/**
 * cancellation: long_countdown(5) cancelled while it runs (its stream should end without an answer), then
 * long_countdown(2) with a cancellation of a request id never used sent beside it, a cancellation of that finished
 * call, and long_countdown(1): the last two calls must lift off as if nothing had been cancelled.
 */
const cancellation: Plan = async (p) => {
  await start(p);
  const cancel = (step: string, requestId: unknown) =>
    p.post(step, {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId, reason: FIXTURE.cancelReason },
    });
  const t = FIXTURE.cancelTarget;
  const ac = new AbortController();
  const target = p.post(STEP.cancelTarget, call(2, 'long_countdown', t.args), { signal: ac.signal });
  await p.pause(t.cancelAfterMs);
  await cancel(STEP.cancelInFlight, 2);
  const cut = setTimeout(() => ac.abort(), t.waitMs);
  await target;
  clearTimeout(cut);
  const control = p.post(STEP.cancelControl, call(3, 'long_countdown', FIXTURE.cancelControl.args));
  await p.pause(FIXTURE.cancelControl.cancelAfterMs);
  await cancel(STEP.cancelUnknown, FIXTURE.unknownRequestId);
  await control;
  await cancel(STEP.cancelFinished, 3);
  await p.post(STEP.afterCancels, call(4, 'long_countdown', FIXTURE.cancelAfter.args));
};

/** Whether an SSE event's data is a progress notification. */
const isProgress = (data: string) => {
  const m = parseJsonBounded(data) as { method?: unknown } | null | undefined; // any JSON value
  return typeof m === 'object' && m !== null && m.method === 'notifications/progress';
};

/** Whether a POST or GET brought the response to request `id` (JSON body or SSE). */
function answered(r: WireResult | undefined, id: string): boolean {
  return r !== undefined && (r.sse.some((e) => answers(e.data, id)) || answers(r.body.toString('utf8'), id));
}

/** The last event id and retry advice seen so far, updated from each exchange of one stream. */
class Cursor {
  last?: string;
  retry: number = FIXTURE.poll.defaultRetryMs;
  see(r: WireResult | undefined): void {
    for (const ev of r?.sse ?? []) {
      if (ev.id !== undefined && ev.id !== '') this.last = ev.id;
      if (ev.retry !== undefined) this.retry = ev.retry;
    }
  }
  wait = () => sleep(Math.min(this.retry, FIXTURE.poll.maxRetryMs));
}

/**
 * Follow a POST stream that ended without its response, as a polling client does: wait the server's retry, GET with
 * the last event id seen, again while the response has not come (a refused resumption ends it).
 */
async function resumeUntilAnswered(p: Prober, step: string, first: WireResult | undefined, id: number): Promise<void> {
  const key = JSON.stringify(id);
  const cur = new Cursor();
  cur.see(first);
  let r = first;
  for (let i = 0; i < FIXTURE.poll.maxResumes && r !== undefined && !answered(r, key); i++) {
    if (cur.last === undefined) return p.recorder.note(`skipped step ${step}: the stream carried no event id`);
    await cur.wait();
    r = await p.get(step, {
      lastEventId: cur.last,
      onSse: (ev) => (answers(ev.data, key) ? p.limits.graceMs : undefined),
    });
    if (r?.status !== 200) return;
    cur.see(r);
  }
}

/**
 * poll-resume: slow_countdown(6) outlasts the second a connection may stay open, so the server closes its stream and
 * the prober resumes it until the result; slow_countdown(4) is dropped by the prober after its first progress and
 * resumed; a standalone GET stream is held 2.5 s from its head and, if the server closed it, reconnected (from its last event id).
 */
const pollResume: Plan = async (p) => {
  await start(p);
  const a = FIXTURE.pollA;
  const ra = await p.post(STEP.pollA, call(2, 'slow_countdown', { n: a.n }, { progressToken: a.token }));
  await resumeUntilAnswered(p, STEP.pollResumeA, ra, 2);
  const b = FIXTURE.pollB;
  const rb = await p.post(STEP.pollB, call(3, 'slow_countdown', { n: b.n }, { progressToken: b.token }), {
    onSse: (ev) => (isProgress(ev.data) ? 0 : answers(ev.data, '3') ? p.limits.graceMs : undefined),
  });
  await resumeUntilAnswered(p, STEP.pollResumeB, rb, 3);
  const g = await p.get(STEP.getIdle, holdAfterHead(FIXTURE.poll.idleGetMs, p.limits.requestMs));
  if (g?.reason !== 'complete')
    return p.recorder.note(`skipped step ${STEP.getReconnect}: the server did not close the standalone stream`);
  const cur = new Cursor();
  cur.see(g);
  await cur.wait();
  await p.get(STEP.getReconnect, {
    ...(cur.last === undefined ? {} : { lastEventId: cur.last }),
    ...holdAfterHead(FIXTURE.poll.reconnectHoldMs, p.limits.requestMs),
  });
};

/**
 * Hold a GET stream `ms` after its response head arrives, then end it; without a head, give up after `noHeadMs`.
 * Counted from the head, not from the request: on a loaded machine the server's answer alone can take longer than
 * the hold (a reconnect aborted before its head read as "not answered with an SSE stream").
 */
function holdAfterHead(ms: number, noHeadMs: number): { signal: AbortSignal; onResponse: () => void } {
  const ac = new AbortController();
  const noHead = setTimeout(() => ac.abort(), noHeadMs);
  return {
    signal: ac.signal,
    onResponse: () => {
      clearTimeout(noHead);
      setTimeout(() => ac.abort(), ms);
    },
  };
}

/** Probe plans by scenario id. */
export const PLANS: Readonly<Record<string, Plan>> = {
  'tools-basics': toolsBasics,
  sessions,
  streaming,
  tasks,
  cancellation,
  'poll-resume': pollResume,
};
