import { describe, expect, it } from 'vitest';
import { FAILED_TASK, judgeOn, override, result, TERMINAL_RESULT, taskView, tasks } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  failedHasStatusMessage,
  failedResultIsError,
  getHasPollInterval,
  getNotSse,
  lastUpdatedAtEverywhere,
  plainToolAsTask,
  resultIsSuccess,
  terminalResultExact,
  terminalResultFinal,
  undeclaredTypeIgnoresTask,
} from './task-results.ts';

const withResult = (step: string, id: number, r: unknown) => override(tasks(), { [step]: { json: result(id, r) } });
const terminal = (r: unknown) => withResult(STEP.taskResultTerminal, 13, r);

describe('task request and result judges', () => {
  it('returns PASS on a conformant tasks log for every judge', () => {
    for (const j of [
      plainToolAsTask,
      undeclaredTypeIgnoresTask,
      getNotSse,
      lastUpdatedAtEverywhere,
      getHasPollInterval,
      terminalResultFinal,
      terminalResultExact,
      resultIsSuccess,
      failedResultIsError,
      failedHasStatusMessage,
    ])
      expect(judgeOn(j, tasks()).verdict).toBe('pass');
  });
  it('returns FAIL for tasks-115b when add runs as a plain call', () => {
    const r = judgeOn(
      plainToolAsTask,
      withResult(STEP.callPlainAsTask, 11, { content: [{ type: 'text', text: '5' }] }),
    );
    expect(r.message).toBe(
      'Expected JSON-RPC error -32601 for add (no taskSupport) called as a task, got result {"content":[{"type":"text","text":"5"}]}',
    );
  });
  it('returns FAIL for tasks-392 when tools/list with task metadata is refused or becomes a task', () => {
    const refused = override(tasks(), {
      [STEP.listWithTask]: { json: { jsonrpc: '2.0', id: 12, error: { code: -32600, message: 'no tasks' } } },
    });
    expect(judgeOn(undeclaredTypeIgnoresTask, refused).verdict).toBe('fail');
    expect(
      judgeOn(undeclaredTypeIgnoresTask, withResult(STEP.listWithTask, 12, { task: taskView('t', 'working') })).verdict,
    ).toBe('fail');
  });
  it('returns FAIL for tasks-441 when a tasks/get is answered with SSE', () => {
    const exs = override(tasks(), {
      [STEP.taskGet]: { json: undefined, sse: [{ data: result(4, taskView('task-a', 'working')) }] },
    });
    expect(judgeOn(getNotSse, exs).message).toBe(
      'Expected tasks/get answered without SSE, got text/event-stream for task-get',
    );
  });
  it('returns FAIL for tasks-455 when a task response lacks lastUpdatedAt', () => {
    const { lastUpdatedAt: _, ...noUpdated } = taskView('task-a', 'working');
    expect(judgeOn(lastUpdatedAtEverywhere, withResult(STEP.taskGet, 4, noUpdated)).message).toBe(
      'Expected an ISO 8601 lastUpdatedAt in the task-get task response, got nothing',
    );
  });
  it('returns FAIL for tasks-459a when tasks/get suggests no pollInterval', () => {
    const { pollInterval: _, ...noPoll } = taskView('task-a', 'working');
    expect(judgeOn(getHasPollInterval, withResult(STEP.taskGet, 4, noPoll)).verdict).toBe('fail');
  });
  it('returns FAIL for tasks-464, -466 and -863 when the completed task answers with its status', () => {
    const exs = terminal(taskView('task-a', 'completed'));
    expect(judgeOn(terminalResultFinal, exs).verdict).toBe('fail');
    expect(judgeOn(terminalResultExact, exs).message).toContain('extra members');
    expect(judgeOn(resultIsSuccess, exs).verdict).toBe('fail');
  });
  it('returns FAIL for tasks-466 only when the result carries an extra member', () => {
    const exs = terminal({ ...(TERMINAL_RESULT.result as object), status: 'completed' });
    expect(judgeOn(terminalResultFinal, exs).verdict).toBe('pass');
    expect(judgeOn(terminalResultExact, exs).message).toBe(
      'Expected exactly a CallToolResult from tasks/result, got extra members ["status"]',
    );
    expect(judgeOn(resultIsSuccess, exs).verdict).toBe('pass');
  });
  it('returns FAIL for tasks-863 when the completed task answers with an error', () => {
    const exs = override(tasks(), {
      [STEP.taskResultTerminal]: { json: { jsonrpc: '2.0', id: 13, error: { code: -32602, message: 'done' } } },
    });
    expect(judgeOn(resultIsSuccess, exs).message).toBe(
      'Expected a result for tasks/result of the completed task, got JSON-RPC error -32602 "done"',
    );
  });
  it('returns FAIL "Not testable" for tasks-464 when the task never showed terminal', () => {
    const exs = override(tasks(), {
      [STEP.taskPollTerminal]: { json: result(100, taskView('task-a', 'working')) },
      [STEP.taskResultTerminal]: null,
    });
    expect(judgeOn(terminalResultFinal, exs).message).toBe(
      'Not testable: tasks/get never showed the quick task in a terminal status (1 polls), so tasks/result was not sent after it',
    );
  });
  it('returns FAIL for tasks-862 when the failed task answers tasks/result with a plain success result', () => {
    const exs = withResult(STEP.taskResultCrash, 17, { content: [{ type: 'text', text: '169' }] });
    expect(judgeOn(failedResultIsError, exs).message).toBe(
      'Expected tasks/result of the crashed task (status "failed") to return its JSON-RPC error, got {"jsonrpc":"2.0","id":17,"result":{"content":[{"type":"text","text":"169"}]}}',
    );
  });
  it('returns NOT-APPLICABLE for tasks-862 when the crash ended in a tool error result (isError), not a JSON-RPC error', () => {
    const exs = withResult(STEP.taskResultCrash, 17, { content: [{ type: 'text', text: 'crashed' }], isError: true });
    expect(judgeOn(failedResultIsError, exs).verdict).toBe('not-applicable');
  });
  it('returns FAIL for tasks-839 when the failed task has no statusMessage', () => {
    const { statusMessage: _, ...bare } = FAILED_TASK;
    expect(judgeOn(failedHasStatusMessage, withResult(STEP.taskPollCrash, 200, bare)).message).toBe(
      'Expected a statusMessage in the tasks/get of the failed task, got nothing',
    );
  });
  it('returns NOT-APPLICABLE for tasks-839 when the crashed task did not end failed', () => {
    expect(
      judgeOn(failedHasStatusMessage, withResult(STEP.taskPollCrash, 200, taskView('task-c', 'completed'))).verdict,
    ).toBe('not-applicable');
  });
  it('returns FAIL "Not testable" for tasks-862 and -839 when the crash task never showed terminal', () => {
    const exs = override(tasks(), {
      [STEP.taskPollCrash]: { json: result(200, taskView('task-c', 'working')) },
      [STEP.taskResultCrash]: null,
    });
    for (const j of [failedResultIsError, failedHasStatusMessage])
      expect(judgeOn(j, exs).message).toMatch(/^Not testable: tasks\/get never showed the crashing task/);
  });
});
