import type { Exchange } from '../../exchanges.ts';
import { answerOf, brief, errorOf, mediaType, resultOf, sentRequest, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type JudgeResult } from '../../types.ts';
import { byStep, resultOfStep, whatCame, type StepResult } from '../../common/server/find.ts';
import { FIXTURE, STEP, TERMINAL_TASK_STATUSES } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';
import { errorCode, timestampInTaskResponses } from './tasks-utility.ts';

/** 251125-tasks-115b (SHOULD): add, a tool without execution.taskSupport, called as a task gets -32601. */
export const plainToolAsTask = judge('tasks-plain-tool-as-task-32601', ({ exchanges }) =>
  errorCode(exchanges, STEP.callPlainAsTask, -32601, 'add (no taskSupport) called as a task'),
);

/**
 * 251125-tasks-392: tools/list, a request type no server declares task support for, carrying `task` metadata is
 * processed normally: a ListToolsResult, not a CreateTaskResult or an error.
 */
export const undeclaredTypeIgnoresTask = judge('tasks-undeclared-request-ignores-task', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.listWithTask, 'tools/list with task metadata');
  if (!r.ok) return r.failure;
  return Array.isArray(r.result.tools) && !('task' in r.result)
    ? pass(`tools/list with task metadata was answered normally (${r.result.tools.length} tools)`, [r.ex.x])
    : fail(`Expected a ListToolsResult for tools/list with task metadata, got ${brief(r.result, 100)}`, [r.ex.x]);
});

/** 251125-tasks-441 (SHOULD NOT): no tasks/get was answered with an SSE stream. */
export const getNotSse = judge('tasks-get-not-sse', ({ exchanges }) => {
  const gets = exchanges.filter((e) => sentRequest(e)?.method === 'tasks/get' && e.response !== undefined);
  if (gets.length === 0) return fail('Not testable: no tasks/get was answered', []);
  const sse = gets.find((e) => mediaType(e) === 'text/event-stream');
  if (sse) return fail(`Expected tasks/get answered without SSE, got text/event-stream for ${sse.step}`, [sse.x]);
  return pass(
    `${gets.length} tasks/get requests were answered without an SSE stream`,
    gets.map((e) => e.x),
  );
});

/** 251125-tasks-455: every task response (CreateTaskResult, tasks/get, tasks/cancel) has an ISO 8601 `lastUpdatedAt`. */
export const lastUpdatedAtEverywhere = judge('tasks-last-updated-at-in-task-responses', ({ exchanges }) =>
  timestampInTaskResponses(exchanges, 'lastUpdatedAt'),
);

/** 251125-tasks-459a (MAY): the tasks/get result suggests a `pollInterval` (a tie-break). */
export const getHasPollInterval = judge('tasks-get-poll-interval', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.taskGet, 'tasks/get');
  if (!r.ok) return r.failure;
  const p = r.result.pollInterval;
  return typeof p === 'number'
    ? pass(`tasks/get suggested pollInterval ${p}`, [r.ex.x])
    : fail(`Expected a pollInterval (milliseconds) in the tasks/get result, got ${brief(p)}`, [r.ex.x]);
});

/** tasks/result sent once tasks/get had shown the quick task terminal; "Not testable" when the prober never could. */
function terminalResult(exchanges: readonly Exchange[]): StepResult {
  if (!byStep(exchanges, STEP.taskResultTerminal)) {
    const polls = exchanges.filter((e) => e.step === STEP.taskPollTerminal);
    return {
      ok: false,
      ex: undefined,
      failure: fail(
        `Not testable: tasks/get never showed the quick task in a terminal status (${polls.length} polls), so tasks/result was not sent after it`,
        polls.map((e) => e.x),
      ),
    };
  }
  return resultOfStep(exchanges, STEP.taskResultTerminal, 'tasks/result of the completed task');
}

/** 251125-tasks-464: tasks/result for a task already terminal returns its final result ("49"). */
export const terminalResultFinal = judge('tasks-result-terminal-returns-final-result', ({ exchanges }) => {
  const r = terminalResult(exchanges);
  if (!r.ok) return r.failure;
  const want = FIXTURE.squareQuick.text;
  return toolTexts(r.result).includes(want) && r.result.isError !== true
    ? pass(`tasks/result of the completed task returned its result ${JSON.stringify(want)}`, [r.ex.x])
    : fail(
        `Expected tasks/result of the completed task to return its result ${JSON.stringify(want)}, got ${brief(r.result, 100)}`,
        [r.ex.x],
      );
});

/** Members a CallToolResult may have (Result's `_meta` aside): anything else is not what tools/call returns. */
const CALL_TOOL_RESULT = new Set(['content', 'structuredContent', 'isError', '_meta']);

/**
 * 251125-tasks-466: tasks/result for the terminal task returns exactly a CallToolResult, as tools/call would have:
 * `content` plus only CallToolResult members and `_meta` (where the related-task metadata goes).
 */
export const terminalResultExact = judge('tasks-result-exactly-underlying', ({ exchanges }) => {
  const r = terminalResult(exchanges);
  if (!r.ok) return r.failure;
  const extra = Object.keys(r.result).filter((k) => !CALL_TOOL_RESULT.has(k));
  if (!Array.isArray(r.result.content) || extra.length > 0)
    return fail(
      `Expected exactly a CallToolResult from tasks/result, got ${extra.length > 0 ? `extra members ${brief(extra)}` : `content ${brief(r.result.content)}`}`,
      [r.ex.x],
    );
  return pass('tasks/result returned a CallToolResult and nothing else but _meta', [r.ex.x]);
});

/** 251125-tasks-863: both tasks/result responses for the completed task are success responses holding its result. */
export const resultIsSuccess = judge('tasks-result-success-response', ({ exchanges }) => {
  const seen: number[] = [];
  const steps: [string, StepResult][] = [
    [STEP.taskResult, resultOfStep(exchanges, STEP.taskResult, 'tasks/result')],
    [STEP.taskResultTerminal, terminalResult(exchanges)],
  ];
  for (const [step, r] of steps) {
    if (!r.ok) return r.failure;
    if (!Array.isArray(r.result.content))
      return fail(`Expected a success response holding the CallToolResult for ${step}, got ${brief(r.result, 100)}`, [
        r.ex.x,
      ]);
    seen.push(r.ex.x);
  }
  return pass('both tasks/result requests got a success response holding the CallToolResult', seen);
});

/** The tasks/get poll that showed the crash task terminal, or a ready-made "Not testable" FAIL. */
function crashTerminal(exchanges: readonly Exchange[]): { ex: Exchange; task: Record<string, unknown> } | JudgeResult {
  const polls = exchanges.filter((e) => e.step === STEP.taskPollCrash);
  const last = polls.at(-1);
  const task = last ? resultOf(answerOf(last)) : undefined;
  if (last && task && TERMINAL_TASK_STATUSES.some((s) => s === task.status)) return { ex: last, task };
  return fail(
    `Not testable: tasks/get never showed the crashing task (x = 13) in a terminal status (${polls.length} polls, last: ${last ? whatCame(last) : 'none sent'})`,
    polls.map((e) => e.x),
  );
}

/**
 * 251125-tasks-862: the crashed task (x = 13) failed, so its request did not complete successfully; tasks/result must
 * then return the JSON-RPC error it ended with (an error response with an integer code). A CallToolResult with
 * `isError: true` says the request ended in a tool error, not a JSON-RPC error: -862's condition does not arise
 * (not applicable; whether the crash should have been a protocol error is the prompt's, not a sentence). A plain
 * success for a failed task, or no answer, fails.
 */
export const failedResultIsError = judge('tasks-result-failed-returns-error', ({ exchanges }) => {
  const c = crashTerminal(exchanges);
  if ('verdict' in c) return c;
  const ex = byStep(exchanges, STEP.taskResultCrash);
  const ev = [c.ex.x, ...(ex ? [ex.x] : [])];
  const err = ex ? errorOf(answerOf(ex)) : undefined;
  if (err && Number.isInteger(err.code))
    return pass(`tasks/result of the crashed task returned JSON-RPC error ${String(err.code)}`, ev);
  const result = ex ? resultOf(answerOf(ex)) : undefined;
  if (result?.isError === true)
    return notApplicable(
      `the crash ended in a tool error result (isError), not a JSON-RPC error: tasks/result returned that result`,
      ev,
    );
  return fail(
    `Expected tasks/result of the crashed task (status ${brief(c.task.status)}) to return its JSON-RPC error, got ${whatCame(ex)}`,
    ev,
  );
});

/** 251125-tasks-839 (SHOULD): the tasks/get showing the crashed task failed carries a `statusMessage`. */
export const failedHasStatusMessage = judge('tasks-failed-status-message', ({ exchanges }) => {
  const c = crashTerminal(exchanges);
  if ('verdict' in c) return c;
  // The sentence is about failed tasks: a crash reported otherwise (say completed with a tool error) is outside it.
  if (c.task.status !== 'failed')
    return notApplicable(`the crashed task ended ${brief(c.task.status)}, not failed`, [c.ex.x]);
  return typeof c.task.statusMessage === 'string' && c.task.statusMessage !== ''
    ? pass(`the failed task's tasks/get carried statusMessage ${brief(c.task.statusMessage, 80)}`, [c.ex.x])
    : fail(`Expected a statusMessage in the tasks/get of the failed task, got ${brief(c.task.statusMessage)}`, [
        c.ex.x,
      ]);
});
