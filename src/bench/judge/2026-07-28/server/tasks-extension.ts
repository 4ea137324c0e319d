import { isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, resultOf, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, errorObjectOf, resultOfStep, whatCame } from './step-checks.ts';
import { CODE, FIXTURE, STEP, TASKS_EXT } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const Q = FIXTURE.square;

/** The taskId of the step's CreateTaskResult (any resultType: the judges of resultType decide that apart). */
function createdTaskId(exchanges: readonly Exchange[], step: string): string | undefined {
  const ex = byStep(exchanges, step);
  const r = ex ? resultOf(answerOf(ex)) : undefined;
  return typeof r?.taskId === 'string' ? r.taskId : undefined;
}

/** Whether the step's answer is slow_square's result served at once (a CallToolResult, not a task). */
function servedSynchronously(ex: Exchange): boolean {
  const r = resultOf(answerOf(ex));
  return r !== undefined && r.resultType !== 'task' && Array.isArray(r.content);
}

/**
 * Task of `tasks`: slow_square {x:7} becomes a task whose polled tasks/get ends completed with text "49"; and, as the
 * prompt says slow_square runs only as a task, a client without the extension does not get it served at once.
 */
export const squareViaTask = judge('task-square-via-task', ({ exchanges }) => {
  const plain = byStep(exchanges, STEP.callWithoutExtension);
  if (plain && servedSynchronously(plain))
    return fail(
      `Expected slow_square to run only as a task, got it served at once to a client without the tasks extension: ${whatCame(plain)}`,
      [plain.x],
    );
  const id = createdTaskId(exchanges, STEP.taskCreate);
  const create = byStep(exchanges, STEP.taskCreate);
  if (!create || !id)
    return fail(
      `Expected a CreateTaskResult with a taskId for slow_square, got ${whatCame(create)}`,
      create ? [create.x] : [],
    );
  const polls = exchanges.filter((e) => e.step === STEP.taskPoll);
  const last = polls.at(-1);
  const r = last ? resultOf(answerOf(last)) : undefined;
  const texts = toolTexts(isObject(r?.result) ? r.result : undefined);
  if (!last || r?.status !== 'completed' || !texts.includes(Q.quick.text)) {
    return fail(
      `Expected tasks/get to reach completed with result text "49" within ${Q.polls} polls, got ${last ? whatCame(last) : 'no poll'}`,
      [create.x, ...(last ? [last.x] : [])],
    );
  }
  return pass(
    `slow_square ran as task ${id} and tasks/get returned completed with "49" after ${polls.length} poll(s)`,
    [create.x, last.x],
  );
});

/** 260728-exttasks-102a: the CreateTaskResult has resultType "task". */
export const createResultTypeTask = judge('tasks-create-result-type-task', ({ exchanges }) => {
  const r = resultOfStep(
    exchanges,
    STEP.taskCreate,
    'tools/call slow_square from a client declaring the tasks extension',
  );
  if (!r.ok) return r.failure;
  const { resultType, taskId, status } = r.result;
  if (resultType !== 'task' || typeof taskId !== 'string' || typeof status !== 'string')
    return fail(`Expected a CreateTaskResult with resultType "task", taskId and status, got ${brief(r.result, 100)}`, [
      r.ex.x,
    ]);
  return pass(`CreateTaskResult with resultType "task" (task ${taskId}, ${status})`, [r.ex.x]);
});

/** 260728-exttasks-300a: tasks/get right after the CreateTaskResult resolves the returned taskId. */
export const createdTaskResolvable = judge('tasks-created-task-resolvable', ({ exchanges }) => {
  const id = createdTaskId(exchanges, STEP.taskCreate);
  if (!id) return fail('Expected a CreateTaskResult with a taskId to resolve, got none', []);
  const r = resultOfStep(exchanges, STEP.taskGetImmediate, `tasks/get ${id} right after creation`);
  if (!r.ok) return r.failure;
  if (r.result.taskId !== id || typeof r.result.status !== 'string')
    return fail(`Expected tasks/get to return task ${id} with a status, got ${brief(r.result, 100)}`, [r.ex.x]);
  return pass(`tasks/get resolved task ${id} at once (status ${String(r.result.status)})`, [r.ex.x]);
});

/** 260728-exttasks-338: every tasks/get result has resultType "complete". */
export const getResultTypeComplete = judge('tasks-get-result-type-complete', ({ exchanges }) => {
  const gets = exchanges
    .filter((e) => e.step === STEP.taskGetImmediate || e.step === STEP.taskPoll || e.step === STEP.taskGetLong)
    .flatMap((e) => {
      const r = resultOf(answerOf(e));
      return r ? [{ e, r }] : [];
    });
  if (gets.length === 0) return fail('Expected tasks/get results, got none', []);
  const bad = gets.find((g) => g.r.resultType !== 'complete');
  if (bad) return fail(`Expected resultType "complete" on tasks/get, got ${brief(bad.r.resultType)}`, [bad.e.x]);
  return pass(
    `${gets.length} tasks/get results had resultType "complete"`,
    gets.map((g) => g.e.x),
  );
});

/** 260728-exttasks-330: the completed task carries `result` (the CallToolResult). */
export const completedHasResult = judge('tasks-completed-has-result', ({ exchanges }) => {
  const done = exchanges
    .filter((e) => e.step === STEP.taskPoll)
    .flatMap((e) => {
      const r = resultOf(answerOf(e));
      return r ? [{ e, r }] : [];
    })
    .find((g) => g.r.status === 'completed');
  if (!done)
    return fail(
      `Expected a tasks/get showing status completed, got ${whatCame(exchanges.filter((e) => e.step === STEP.taskPoll).at(-1))}`,
      [],
    );
  return isObject(done.r.result) && Array.isArray(done.r.result.content)
    ? pass('the completed task carried its CallToolResult in result', [done.e.x])
    : fail(`Expected a result field with the CallToolResult on the completed task, got ${brief(done.r, 100)}`, [
        done.e.x,
      ]);
});

/** 260728-exttasks-794 as judged: -32602 for an unknown taskId, whatever the HTTP status. */
export const unknownTask32602 = judge('tasks-unknown-id-32602', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskGetUnknown);
  const code = errorObjectOf(ex)?.code;
  return ex?.response && code === CODE.invalidParams
    ? pass(`tasks/get of an unknown taskId got -32602 (status ${ex.response.status})`, [ex.x])
    : fail(
        `Expected JSON-RPC error -32602 for tasks/get of unknown task ${Q.unknownTaskId}, got ${whatCame(ex)}`,
        ex ? [ex.x] : [],
      );
});

/** 260728-exttasks-61a: a client without the extension never gets a CreateTaskResult. */
export const noTaskWithoutExtension = judge('tasks-none-without-extension', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.callWithoutExtension);
  if (!ex?.response)
    return fail(
      `Expected an answer to slow_square from a client without the tasks extension, got ${whatCame(ex)}`,
      ex ? [ex.x] : [],
    );
  const r = resultOf(answerOf(ex));
  if (r?.resultType === 'task' || typeof r?.taskId === 'string')
    return fail(`Expected no CreateTaskResult without the tasks extension, got ${brief(r, 100)}`, [ex.x]);
  return pass(`no CreateTaskResult for a client without the extension (${whatCame(ex)})`, [ex.x]);
});

/** Whether -32021 data names the tasks extension under requiredCapabilities.extensions. */
function namesTasks(data: unknown): boolean {
  const caps = isObject(data) ? data.requiredCapabilities : undefined;
  return isObject(caps) && isObject(caps.extensions) && TASKS_EXT in caps.extensions;
}

/**
 * 260728-exttasks-63: a server unable to serve a non-declaring client without a CreateTaskResult answers -32021 naming
 * the extension. Its reading (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const missingExtension32021 = judge('tasks-missing-extension-32021', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.callWithoutExtension);
  if (ex && servedSynchronously(ex))
    return notApplicable(
      'slow_square was served at once to a client without the extension, so the server was able to serve it without a CreateTaskResult',
      [ex.x],
    );
  const e = errorObjectOf(ex);
  if (!ex || e?.code !== CODE.missingCapability)
    return fail(
      `Expected JSON-RPC error -32021 for slow_square without the tasks extension, got ${whatCame(ex)}`,
      ex ? [ex.x] : [],
    );
  if (!namesTasks(e.data))
    return fail(`Expected data.requiredCapabilities.extensions to name ${TASKS_EXT}, got data ${brief(e.data)}`, [
      ex.x,
    ]);
  return pass(`-32021 naming ${TASKS_EXT}`, [ex.x]);
});

/** 260728-exttasks-799: tasks/get from a client without the extension → -32021. */
export const getWithoutExtension32021 = judge('tasks-get-without-extension-32021', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskGetWithoutExtension);
  const code = errorObjectOf(ex)?.code;
  return ex && code === CODE.missingCapability
    ? pass('tasks/get without the extension got -32021', [ex.x])
    : fail(
        `Expected JSON-RPC error -32021 for tasks/get without the tasks extension, got ${whatCame(ex)}`,
        ex ? [ex.x] : [],
      );
});

/**
 * 260728-exttasks-404a: on success, tasks/cancel of a working task is acknowledged with an empty result. Its reading
 * (what the sentence leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const cancelAcknowledged = judge('tasks-cancel-acknowledged', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskCancel);
  if (ex?.response && errorObjectOf(ex) !== undefined && !resultOf(answerOf(ex)))
    return notApplicable(`tasks/cancel did not succeed: ${whatCame(ex)}`, [ex.x]);
  const r = resultOfStep(exchanges, STEP.taskCancel, 'tasks/cancel of a working task');
  if (!r.ok) return { ...r.failure, message: `Not testable: ${r.failure.message}` };
  const extra = Object.keys(r.result).filter((k) => k !== 'resultType' && k !== '_meta');
  return extra.length === 0
    ? pass('tasks/cancel was acknowledged with an empty result', [r.ex.x])
    : fail(`Expected an empty result for tasks/cancel, got fields ${brief(extra)}`, [r.ex.x]);
});
