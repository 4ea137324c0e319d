import { isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, resultOf, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { byStep, whatCame } from './step-checks.ts';
import { FIXTURE, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

const Q = FIXTURE.square;

/** The last tasks/get result of a task's polls, or a failure naming what came instead. */
function lastPoll(
  exchanges: readonly Exchange[],
  create: string,
  poll: string,
  what: string,
): { ex: Exchange; r: Record<string, unknown> } | JudgeResult {
  const made = byStep(exchanges, create);
  if (typeof resultOf(made ? answerOf(made) : undefined)?.taskId !== 'string')
    return fail(`Expected a CreateTaskResult for ${what}, got ${whatCame(made)}`, made ? [made.x] : []);
  const ex = exchanges.filter((e) => e.step === poll).at(-1);
  const r = ex ? resultOf(answerOf(ex)) : undefined;
  if (!ex || !r) return fail(`Expected tasks/get results for ${what}, got ${ex ? whatCame(ex) : 'no poll'}`, []);
  if (r.status === 'working' || r.status === 'input_required')
    return fail(`Expected ${what} to finish within ${Q.polls} polls, got status ${brief(r.status)}`, [ex.x]);
  return { ex, r };
}
const isResult = (v: object): v is JudgeResult => 'verdict' in v;

/** The out-of-range task (a tool error) as polled to its end. */
const toolErrorTask = (exchanges: readonly Exchange[]) =>
  lastPoll(exchanges, STEP.taskCreateOutOfRange, STEP.taskPollOutOfRange, 'the out-of-range task');
/** The crashing task (x = 13) as polled to its end. */
const crashTask = (exchanges: readonly Exchange[]) =>
  lastPoll(exchanges, STEP.taskCreateCrash, STEP.taskPollCrash, 'the crashing task (x = 13)');

/** What a Task object lacks (taskId, createdAt, lastUpdatedAt strings; ttlMs integer or null). */
function taskGaps(r: Record<string, unknown>): string[] {
  const gaps = ['taskId', 'createdAt', 'lastUpdatedAt'].filter((k) => typeof r[k] !== 'string');
  return r.ttlMs === null || Number.isInteger(r.ttlMs) ? gaps : [...gaps, 'ttlMs'];
}

/** 260728-exttasks-837a: a tool result with isError (the out-of-range square) is not reported as a failed task. */
export const toolErrorNotFailed = judge('tasks-tool-error-not-failed', ({ exchanges }) => {
  const got = toolErrorTask(exchanges);
  if (isResult(got)) return got;
  return got.r.status === 'failed'
    ? fail(`Expected the tool error not to be reported as a failed task, got ${brief(got.r, 100)}`, [got.ex.x])
    : pass(`the task that ended in a tool error ended ${String(got.r.status)}, not failed`, [got.ex.x]);
});

/** 260728-exttasks-837b: the tool error completes the task, with the error details (isError) in `result`. */
export const toolErrorCompleted = judge('tasks-tool-error-completed', ({ exchanges }) => {
  const got = toolErrorTask(exchanges);
  if (isResult(got)) return got;
  const result = isObject(got.r.result) ? got.r.result : undefined;
  if (got.r.status !== 'completed' || result?.isError !== true || !toolTexts(result).includes(Q.outOfRange.text))
    return fail(
      `Expected status completed with a result carrying isError and "${Q.outOfRange.text}", got ${brief(got.r, 110)}`,
      [got.ex.x],
    );
  return pass(`the task completed with the tool error "${Q.outOfRange.text}" in its result`, [got.ex.x]);
});

/** 260728-exttasks-332: the crashed task reads failed, as a Task with the error that occurred. */
export const failedIsTask = judge('tasks-failed-is-task', ({ exchanges }) => {
  const got = crashTask(exchanges);
  if (isResult(got)) return got;
  if (got.r.status !== 'failed')
    return fail(`Expected the crashed computation to fail the task, got status ${brief(got.r.status)}`, [got.ex.x]);
  const gaps = [...taskGaps(got.r), ...(isObject(got.r.error) ? [] : ['error'])];
  return gaps.length === 0
    ? pass('the crashed task read failed, a Task with its error', [got.ex.x])
    : fail(`Expected a failed Task with its error, got one without ${gaps.join(', ')}`, [got.ex.x]);
});

/** 260728-exttasks-835, the MUST half: the tasks/get of the failed task includes the `error` field. */
export const failedHasError = judge('tasks-failed-has-error', ({ exchanges }) => {
  const got = crashTask(exchanges);
  if (isResult(got)) return got;
  if (got.r.status !== 'failed')
    return notApplicable(`the crashed task did not read failed (${brief(got.r.status)})`, [got.ex.x]);
  return isObject(got.r.error)
    ? pass('the failed task carried an error field', [got.ex.x])
    : fail(`Expected an error field on the failed task, got ${brief(got.r, 100)}`, [got.ex.x]);
});

/**
 * 260728-exttasks-891: the crash is a JSON-RPC error of the underlying request, so the task uses failed and its
 * `error` is that JSON-RPC error (an integer code and a message).
 */
export const failedCarriesJsonRpcError = judge('tasks-failed-carries-json-rpc-error', ({ exchanges }) => {
  const got = crashTask(exchanges);
  if (isResult(got)) return got;
  const e = isObject(got.r.error) ? got.r.error : undefined;
  if (got.r.status !== 'failed' || !e || !Number.isInteger(e.code) || typeof e.message !== 'string')
    return fail(`Expected status failed with a JSON-RPC error (integer code, message), got ${brief(got.r, 110)}`, [
      got.ex.x,
    ]);
  return pass(`the crashed task failed with JSON-RPC error ${String(e.code)}`, [got.ex.x]);
});
