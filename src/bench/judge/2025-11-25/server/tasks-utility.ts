import { isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, described, errorOf, resultOf } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { byStep, resultOfStep, whatCame } from '../../common/server/find.ts';
import { RELATED_TASK, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

/** The `task` object of the CreateTaskResult answering `step`, or undefined. */
export function createdTask(exchanges: readonly Exchange[], step: string): Record<string, unknown> | undefined {
  const ex = byStep(exchanges, step);
  const task = ex ? resultOf(answerOf(ex))?.task : undefined;
  return isObject(task) ? task : undefined;
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** FAIL unless the step was answered with JSON-RPC error `code`. */
export function errorCode(exchanges: readonly Exchange[], step: string, code: number, what: string): JudgeResult {
  const ex = byStep(exchanges, step);
  const ev = ex ? [ex.x] : [];
  const answer = ex ? answerOf(ex) : undefined;
  const err = errorOf(answer);
  if (err?.code === code) return pass(`${what} got JSON-RPC error ${code}`, ev);
  const got = err ? `error ${brief(err.code)}` : answer ? `result ${brief(resultOf(answer), 80)}` : described(ex);
  return fail(`Expected JSON-RPC error ${code} for ${what}, got ${got}`, ev);
}

/**
 * 251125-tasks-35: the InitializeResult declares a `tasks` capability (an object). Its reading (what the sentence
 * leaves open) is the checkpoint's `reading` in the scenario file.
 */
export const tasksCapabilityDeclared = judge('tasks-capability-declared', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
  if (!r.ok) return r.failure;
  const caps = r.result.capabilities;
  const tasks = isObject(caps) ? caps.tasks : undefined;
  return isObject(tasks)
    ? pass(`InitializeResult declares capabilities.tasks ${brief(tasks)}`, [r.ex.x])
    : fail(`Expected capabilities.tasks (an object) in the InitializeResult, got capabilities ${brief(caps)}`, [
        r.ex.x,
      ]);
});

/** Whether the InitializeResult declares `capabilities.tasks.requests.tools.call` (an object). */
export function declaresTaskToolCalls(result: Record<string, unknown>): boolean {
  const caps = result.capabilities;
  const tasks = isObject(caps) ? caps.tasks : undefined;
  const call =
    isObject(tasks) && isObject(tasks.requests) && isObject(tasks.requests.tools)
      ? tasks.requests.tools.call
      : undefined;
  return isObject(call);
}

/** 251125-tasks-117b: calling the taskSupport "required" tool without `task` gets -32601. */
export const requiredToolWithoutTask = judge('tasks-required-tool-without-task-32601', ({ exchanges }) =>
  errorCode(exchanges, STEP.callWithoutTask, -32601, 'slow_square called without a task'),
);

/** 251125-tasks-463a: a task-augmented tools/call is answered with a CreateTaskResult (`task` with a string taskId). */
export const createReturnsCreateTaskResult = judge('tasks-create-returns-create-task-result', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.taskCreate, 'the task-augmented tools/call');
  if (!r.ok) return r.failure;
  const task = r.result.task;
  if (!isObject(task) || typeof task.taskId !== 'string' || typeof task.status !== 'string') {
    return fail(`Expected a CreateTaskResult {task: {taskId, status, …}}, got ${brief(r.result)}`, [r.ex.x]);
  }
  return pass(`the task-augmented call returned a CreateTaskResult for task ${brief(task.taskId)}`, [r.ex.x]);
});

/** 251125-tasks-403: the created task starts in `working`. */
export const taskBeginsWorking = judge('tasks-begin-working', ({ exchanges }) => {
  const ex = byStep(exchanges, STEP.taskCreate);
  const task = createdTask(exchanges, STEP.taskCreate);
  const ev = ex ? [ex.x] : [];
  if (!task) return fail(`Expected a CreateTaskResult with status "working", got ${whatCame(ex)}`, ev);
  return task.status === 'working'
    ? pass('the new task was reported as working', ev)
    : fail(`Expected the new task in status "working", got ${brief(task.status)}`, ev);
});

/**
 * FAIL unless every task response (the CreateTaskResult's task, the tasks/get and tasks/cancel results) carries an
 * ISO 8601 `field`.
 */
export function timestampInTaskResponses(exchanges: readonly Exchange[], field: string): JudgeResult {
  const tasks: [Exchange | undefined, Record<string, unknown> | undefined][] = [
    [byStep(exchanges, STEP.taskCreate), createdTask(exchanges, STEP.taskCreate)],
    ...[STEP.taskGet, STEP.taskCancel, STEP.taskGetCancelled].map(
      (s): [Exchange | undefined, Record<string, unknown> | undefined] => {
        const ex = byStep(exchanges, s);
        return [ex, ex ? resultOf(answerOf(ex)) : undefined];
      },
    ),
  ];
  const seen = tasks.flatMap(([ex, t]) => (ex && t !== undefined ? [{ ex, t }] : []));
  if (seen.length === 0) return fail(`Expected task responses carrying ${field}, got no task response`, []);
  for (const { ex, t } of seen) {
    const at = t[field];
    if (typeof at !== 'string' || !ISO.test(at))
      return fail(`Expected an ISO 8601 ${field} in the ${ex.step} task response, got ${brief(at)}`, [ex.x]);
  }
  return pass(
    `${seen.length} task responses carried an ISO 8601 ${field}`,
    seen.map(({ ex }) => ex.x),
  );
}

/** 251125-tasks-454: every task response (CreateTaskResult, tasks/get, tasks/cancel) has an ISO 8601 `createdAt`. */
export const createdAtEverywhere = judge('tasks-created-at-in-task-responses', ({ exchanges }) =>
  timestampInTaskResponses(exchanges, 'createdAt'),
);

/** 251125-tasks-457: tasks/get results include `ttl` (a number, or null for unlimited). */
export const getIncludesTtl = judge('tasks-get-includes-ttl', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.taskGet, 'tasks/get');
  if (!r.ok) return r.failure;
  const ttl = r.result.ttl;
  return ttl === null || typeof ttl === 'number'
    ? pass(`tasks/get reported ttl ${String(ttl)}`, [r.ex.x])
    : fail(`Expected ttl (a number or null) in the tasks/get result, got ${brief(ttl)}`, [r.ex.x]);
});

/** 251125-tasks-465: tasks/result on a task still working blocks, then returns the tool's CallToolResult. */
export const resultBlocksUntilTerminal = judge('tasks-result-blocks-until-terminal', ({ exchanges }) => {
  const g = resultOfStep(exchanges, STEP.taskGet, 'tasks/get before tasks/result');
  // Without a task status the condition cannot be established: not testable, which counts as a fail.
  if (!g.ok) return { ...g.failure, message: `Not testable: ${g.failure.message}` };
  const status = g.result.status;
  const ev = [g.ex.x];
  if (status !== 'working' && status !== 'input_required')
    return notApplicable(
      `the task was already ${brief(status)} before tasks/result, so there was nothing to wait for`,
      ev,
    );
  const r = resultOfStep(exchanges, STEP.taskResult, 'tasks/result');
  if (!r.ok) return { ...r.failure, evidence: [...ev, ...r.failure.evidence] };
  if (!Array.isArray(r.result.content))
    return fail(`Expected tasks/result to wait and return the CallToolResult, got ${brief(r.result, 100)}`, [
      ...ev,
      r.ex.x,
    ]);
  return pass('tasks/result on a working task waited and returned the CallToolResult', [...ev, r.ex.x]);
});

/** 251125-tasks-755: the tasks/result response carries `_meta["io.modelcontextprotocol/related-task"].taskId`. */
export const resultHasRelatedTask = judge('tasks-result-has-related-task-meta', ({ exchanges }) => {
  const task = createdTask(exchanges, STEP.taskCreate);
  const r = resultOfStep(exchanges, STEP.taskResult, 'tasks/result');
  if (!r.ok) return r.failure;
  const meta = r.result._meta;
  const related = isObject(meta) ? meta[RELATED_TASK] : undefined;
  if (isObject(related) && related.taskId === task?.taskId && typeof related.taskId === 'string')
    return pass(`tasks/result carried ${RELATED_TASK} ${brief(related.taskId)}`, [r.ex.x]);
  return fail(
    `Expected _meta["${RELATED_TASK}"].taskId = ${brief(task?.taskId)} in the tasks/result response, got _meta ${brief(meta)}`,
    [r.ex.x],
  );
});

/**
 * 251125-tasks-494: tasks/cancel of a task in a terminal status gets -32602. Its reading (what the sentence leaves
 * open) is the checkpoint's `reading` in the scenario file.
 */
export const cancelTerminalRejected = judge('tasks-cancel-terminal-rejected', ({ exchanges }) => {
  if (!byStep(exchanges, STEP.taskCancelTerminal)) {
    const polls = exchanges.filter((e) => e.step === STEP.taskPollTerminal);
    const last = polls.at(-1);
    const status = last ? resultOf(answerOf(last))?.status : undefined;
    return fail(
      `Not testable: tasks/get never showed the quick task in a terminal status before the cancel (${polls.length} polls, last: ${last ? (status !== undefined ? `status ${brief(status)}` : whatCame(last)) : 'none sent'})`,
      polls.map((e) => e.x),
    );
  }
  return errorCode(exchanges, STEP.taskCancelTerminal, -32602, 'tasks/cancel of a completed task');
});

/** 251125-tasks-495: tasks/cancel on a working task answers status `cancelled`, and tasks/get then says `cancelled`. */
export const cancelMovesToCancelled = judge('tasks-cancel-moves-to-cancelled', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.taskCancel, 'tasks/cancel of a working task');
  if (!r.ok) return r.failure;
  if (r.result.status !== 'cancelled')
    return fail(`Expected the tasks/cancel response to show status "cancelled", got ${brief(r.result.status)}`, [
      r.ex.x,
    ]);
  const g = resultOfStep(exchanges, STEP.taskGetCancelled, 'tasks/get after tasks/cancel');
  if (!g.ok) return { ...g.failure, evidence: [r.ex.x, ...g.failure.evidence] };
  if (g.result.status !== 'cancelled')
    return fail(`Expected tasks/get after tasks/cancel to say "cancelled", got ${brief(g.result.status)}`, [
      r.ex.x,
      g.ex.x,
    ]);
  return pass('tasks/cancel answered cancelled and the task stayed cancelled', [r.ex.x, g.ex.x]);
});

/** 251125-tasks-766: tasks/get with a nonexistent taskId gets -32602. */
export const unknownTaskInvalidParams = judge('tasks-unknown-id-invalid-params', ({ exchanges }) =>
  errorCode(exchanges, STEP.taskGetUnknown, -32602, 'tasks/get of a nonexistent taskId'),
);
