import { header, isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, responsesIn, resultOf, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, errorObjectOf, resultOfStep, whatCame } from './step-checks.ts';
import { CODE, FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const Q = FIXTURE.square;
/** Steps whose request names a task the server created (their taskId came from a CreateTaskResult). */
const KNOWN_TASK_STEPS: readonly string[] = [
  STEP.taskGetImmediate,
  STEP.taskPoll,
  STEP.taskGetLong,
  STEP.taskCancel,
  STEP.taskGetCancelled,
];
/** Steps that create a task. */
const CREATE_STEPS: readonly string[] = [STEP.taskCreate, STEP.taskCreateLong];

/** The taskId the exchange's request named. */
function taskIdSent(ex: Exchange): unknown {
  const p = sentRequest(ex)?.params;
  return isObject(p) ? p.taskId : undefined;
}

/** What a Task object (ext-tasks `Task`) lacks: taskId, status, createdAt, lastUpdatedAt, ttlMs (integer or null). */
function taskGaps(r: Record<string, unknown>): string[] {
  const gaps: string[] = [];
  for (const k of ['taskId', 'status', 'createdAt', 'lastUpdatedAt'] as const)
    if (typeof r[k] !== 'string') gaps.push(k);
  if (!(r.ttlMs === null || Number.isInteger(r.ttlMs))) gaps.push('ttlMs');
  return gaps;
}

/**
 * 260728-basic-196: related requests need not share a connection. The prober opens a fresh TCP connection per request,
 * so every tasks/get and tasks/cancel of a created task arrives on another connection than its creation; each must be
 * served (a result, not an error).
 */
export const tasksAnyConnection = judge('tasks-any-connection', ({ exchanges }) => {
  const created = new Map<string, number | undefined>();
  for (const step of CREATE_STEPS) {
    const ex = byStep(exchanges, step);
    const id = ex ? resultOf(answerOf(ex))?.taskId : undefined;
    if (typeof id === 'string') created.set(id, ex!.conn);
  }
  const later = exchanges.filter((e) => {
    const id = taskIdSent(e);
    return KNOWN_TASK_STEPS.includes(e.step ?? '') && typeof id === 'string' && created.has(id);
  });
  const elsewhere = later.filter((e) => e.conn === undefined || e.conn !== created.get(taskIdSent(e) as string));
  if (elsewhere.length === 0)
    return fail('Expected tasks/get or tasks/cancel of a created task on a new connection, got none', []);
  const refused = elsewhere.find((e) => !resultOf(answerOf(e)));
  if (refused)
    return fail(
      `Expected ${sentRequest(refused)?.method ?? 'the request'} on a new connection to find the task, got ${whatCame(refused)}`,
      [refused.x],
    );
  return pass(
    `${elsewhere.length} task request(s) on other connections than the task's creation were served`,
    elsewhere.map((e) => e.x),
  );
});

/**
 * 260728-basic-200: state across requests is referenced by an explicit id the client passes. The task is found by the
 * taskId in params alone (the prober sends no cookie), and no response hands out an implicit handle (Set-Cookie,
 * Mcp-Session-Id).
 */
export const stateByExplicitId = judge('tasks-state-by-explicit-id', ({ exchanges }) => {
  const handle = exchanges.find(
    (e) => header(e.response?.headers, 'set-cookie') !== undefined || header(e.response?.headers, 'mcp-session-id'),
  );
  if (handle) {
    const name = header(handle.response?.headers, 'set-cookie') !== undefined ? 'Set-Cookie' : 'Mcp-Session-Id';
    return fail(
      `Expected no implicit state handle on any response, got ${name} on the answer to ${sentRequest(handle)?.method ?? 'a request'}`,
      [handle.x],
    );
  }
  const created = byStep(exchanges, STEP.taskCreate);
  const id = created ? resultOf(answerOf(created))?.taskId : undefined;
  const get = byStep(exchanges, STEP.taskGetImmediate);
  const found = get ? resultOf(answerOf(get)) : undefined;
  if (typeof id !== 'string' || found?.taskId !== id)
    return fail(
      `Expected tasks/get to find the created task by its taskId alone, got ${whatCame(get)}`,
      get ? [get.x] : [],
    );
  return pass(`task ${id} was found by its taskId; no response set a cookie or session id`, [created!.x, get!.x]);
});

/** Whether the result answers a tools/call with a CreateTaskResult's shape (a taskId): the one place for resultType "task". */
const isCreateTaskResult = (ex: Exchange, r: Record<string, unknown>) =>
  sentRequest(ex)?.method === 'tools/call' && typeof r.taskId === 'string';

/**
 * 260728-exttasks-102b: resultType "task" appears only on a CreateTaskResult (a tools/call answer carrying a taskId);
 * every other result of the run has another resultType.
 */
export const resultTypeTaskOnlyOnCreate = judge('tasks-result-type-task-only-on-create', ({ exchanges }) => {
  const others = exchanges.flatMap((e) =>
    responsesIn(e).flatMap((m) => (isObject(m.result) && !isCreateTaskResult(e, m.result) ? [{ e, r: m.result }] : [])),
  );
  if (others.length === 0) return fail('Expected results other than CreateTaskResults to check, got none', []);
  const bad = others.find((o) => o.r.resultType === 'task');
  if (bad)
    return fail(
      `Expected resultType "task" only on a CreateTaskResult, got it on the answer to ${sentRequest(bad.e)?.method ?? 'a request'}: ${brief(bad.r, 90)}`,
      [bad.e.x],
    );
  return pass(`${others.length} other results had no resultType "task"`, [...new Set(others.map((o) => o.e.x))]);
});

/**
 * 260728-exttasks-328: tasks/get of a working task returns a Task with status working. The long task's get decides
 * it on any machine (that task works until the prober cancels it, after the get); the quick task's gets count too
 * when they caught it working.
 */
export const workingIsTask = judge('tasks-working-is-task', ({ exchanges }) => {
  const working = exchanges
    .filter((e) => e.step === STEP.taskGetImmediate || e.step === STEP.taskPoll || e.step === STEP.taskGetLong)
    .flatMap((e) => {
      const r = resultOf(answerOf(e));
      return r?.status === 'working' ? [{ e, r }] : [];
    });
  if (working.length === 0)
    return fail(
      `Expected a tasks/get of a working task (the long task before its cancellation) to show it working, got ${whatCame(byStep(exchanges, STEP.taskGetLong))}`,
      [],
    );
  for (const { e, r } of working) {
    const gaps = taskGaps(r);
    if (gaps.length > 0)
      return fail(`Expected a Task object for the working task, got one without ${gaps.join(', ')}: ${brief(r, 90)}`, [
        e.x,
      ]);
  }
  return pass(
    `${working.length} tasks/get of the working task returned a Task`,
    working.map((w) => w.e.x),
  );
});

/**
 * 260728-exttasks-331: tasks/get of the cancelled task returns a Task with status cancelled. Not applicable when the
 * cancellation was refused, or when the task still reads working (cancellation may take effect later, tasks.md 402).
 */
export const cancelledIsTask = judge('tasks-cancelled-is-task', ({ exchanges }) => {
  const cancel = byStep(exchanges, STEP.taskCancel);
  if (cancel?.response && !resultOf(answerOf(cancel)))
    return notApplicable(`tasks/cancel did not succeed: ${whatCame(cancel)}`, [cancel.x]);
  const r = resultOfStep(exchanges, STEP.taskGetCancelled, 'tasks/get of the cancelled task');
  if (!r.ok) return r.failure;
  if (r.result.status === 'working') return notApplicable('the task still read working after tasks/cancel', [r.ex.x]);
  if (r.result.status !== 'cancelled')
    return fail(`Expected status cancelled after tasks/cancel, got ${brief(r.result.status)}`, [r.ex.x]);
  const gaps = taskGaps(r.result);
  return gaps.length === 0
    ? pass('tasks/get of the cancelled task returned a Task with status cancelled', [r.ex.x])
    : fail(`Expected a Task object for the cancelled task, got one without ${gaps.join(', ')}`, [r.ex.x]);
});

/** 260728-exttasks-410: the CancelTaskResult has resultType "complete". Not applicable when the cancel was refused. */
export const cancelResultTypeComplete = judge('tasks-cancel-result-type-complete', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskCancel);
  if (ex?.response && errorObjectOf(ex) !== undefined && !resultOf(answerOf(ex)))
    return notApplicable(`tasks/cancel did not succeed: ${whatCame(ex)}`, [ex.x]);
  const r = resultOfStep(exchanges, STEP.taskCancel, 'tasks/cancel of a working task');
  if (!r.ok) return r.failure;
  return r.result.resultType === 'complete'
    ? pass('the CancelTaskResult had resultType "complete"', [r.ex.x])
    : fail(`Expected resultType "complete" on the CancelTaskResult, got ${brief(r.result.resultType ?? null)}`, [
        r.ex.x,
      ]);
});

/** 260728-exttasks-404b: tasks/cancel of an unknown taskId gets a JSON-RPC error. */
export const cancelUnknownError = judge('tasks-cancel-unknown-error', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskCancelUnknown);
  if (ex?.response && errorObjectOf(ex) !== undefined && !resultOf(answerOf(ex)))
    return pass(`tasks/cancel of an unknown taskId got a JSON-RPC error (${whatCame(ex)})`, [ex.x]);
  return fail(
    `Expected a JSON-RPC error for tasks/cancel of unknown task ${Q.unknownTaskId}, got ${whatCame(ex)}`,
    ex ? [ex.x] : [],
  );
});

/** 260728-exttasks-795: tasks/cancel and tasks/update of an unknown taskId get -32602. */
export const cancelUpdateUnknown32602 = judge('tasks-cancel-update-unknown-32602', ({ exchanges }) => {
  const steps = [STEP.taskCancelUnknown, STEP.taskUpdateUnknown];
  for (const step of steps) {
    const ex = byStep(exchanges, step);
    if (errorObjectOf(ex)?.code !== CODE.invalidParams)
      return fail(
        `Expected JSON-RPC error -32602 for ${step === STEP.taskUpdateUnknown ? 'tasks/update' : 'tasks/cancel'} of unknown task ${Q.unknownTaskId}, got ${whatCame(ex)}`,
        ex ? [ex.x] : [],
      );
  }
  return pass(
    'tasks/cancel and tasks/update of an unknown taskId got -32602',
    steps.flatMap((s) => byStep(exchanges, s)?.x ?? []),
  );
});
