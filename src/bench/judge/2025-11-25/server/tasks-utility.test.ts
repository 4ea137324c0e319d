import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, taskView, tasks, textResult } from './test-logs.ts';
import { STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { squareViaTask } from './task-checkpoints.ts';
import {
  cancelMovesToCancelled,
  cancelTerminalRejected,
  createdAtEverywhere,
  createReturnsCreateTaskResult,
  getIncludesTtl,
  requiredToolWithoutTask,
  resultBlocksUntilTerminal,
  resultHasRelatedTask,
  taskBeginsWorking,
  tasksCapabilityDeclared,
  unknownTaskInvalidParams,
} from './tasks-utility.ts';

const withResult = (step: string, id: number, r: unknown) => override(tasks(), { [step]: { json: result(id, r) } });

describe('tasks judges', () => {
  it('returns PASS on a conformant tasks log for every tasks judge', () => {
    for (const j of [
      squareViaTask,
      tasksCapabilityDeclared,
      requiredToolWithoutTask,
      createReturnsCreateTaskResult,
      taskBeginsWorking,
      createdAtEverywhere,
      getIncludesTtl,
      resultBlocksUntilTerminal,
      resultHasRelatedTask,
      cancelTerminalRejected,
      cancelMovesToCancelled,
      unknownTaskInvalidParams,
    ]) {
      expect(judgeOn(j, tasks()).verdict).toBe('pass');
    }
  });
  it('returns FAIL when tasks/result returns the wrong square', () => {
    expect(
      judgeOn(squareViaTask, override(tasks(), { [STEP.taskResult]: { json: textResult(5, '50') } })).verdict,
    ).toBe('fail');
  });
  it('returns PASS for tasks-35 but FAIL for the task when capabilities.tasks lacks requests.tools.call', () => {
    // tasks-35 asks only for "a tasks capability"; requests.tools.call is what the task needs (…-113).
    const exs = override(tasks(), {
      [STEP.initialize]: {
        json: result(1, { protocolVersion: '2025-11-25', capabilities: { tools: {}, tasks: { cancel: {} } } }),
      },
    });
    expect(judgeOn(tasksCapabilityDeclared, exs).verdict).toBe('pass');
    expect(judgeOn(squareViaTask, exs).message).toBe(
      'Expected capabilities.tasks.requests.tools.call in the InitializeResult (without it no client may call slow_square as a task), got capabilities {"tools":{},"tasks":{"cancel":{}}}',
    );
  });
  it('returns FAIL for tasks-35 when the InitializeResult declares no tasks capability', () => {
    const exs = override(tasks(), {
      [STEP.initialize]: { json: result(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} } }) },
    });
    expect(judgeOn(tasksCapabilityDeclared, exs).message).toBe(
      'Expected capabilities.tasks (an object) in the InitializeResult, got capabilities {"tools":{}}',
    );
  });
  it('returns FAIL "Not testable" for tasks-494 when tasks/get never showed the task terminal (no cancel sent)', () => {
    const exs = override(tasks(), {
      [STEP.taskPollTerminal]: { json: result(100, taskView('task-a', 'working')) },
      [STEP.taskCancelTerminal]: null,
    });
    const r = judgeOn(cancelTerminalRejected, exs);
    expect(r).toMatchObject({
      verdict: 'fail',
      message:
        'Not testable: tasks/get never showed the quick task in a terminal status before the cancel (1 polls, last: status "working")',
    });
    expect(r.evidence).toHaveLength(1);
  });
  it('returns FAIL for tasks-494 when the cancel of the terminal task is accepted', () => {
    expect(
      judgeOn(cancelTerminalRejected, withResult(STEP.taskCancelTerminal, 6, taskView('task-a', 'cancelled'))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when the task-required tool runs without a task', () => {
    const r = judgeOn(
      requiredToolWithoutTask,
      withResult(STEP.callWithoutTask, 2, { content: [{ type: 'text', text: '9' }] }),
    );
    expect(r.message).toBe(
      'Expected JSON-RPC error -32601 for slow_square called without a task, got result {"content":[{"type":"text","text":"9"}]}',
    );
  });
  it('returns FAIL when a task-augmented call returns the tool result directly', () => {
    const exs = override(tasks(), { [STEP.taskCreate]: { json: textResult(3, '49') } });
    expect(judgeOn(createReturnsCreateTaskResult, exs).verdict).toBe('fail');
    expect(judgeOn(taskBeginsWorking, exs).verdict).toBe('fail');
  });
  it('returns FAIL when the new task is not working', () => {
    expect(
      judgeOn(taskBeginsWorking, withResult(STEP.taskCreate, 3, { task: taskView('task-a', 'submitted') })).message,
    ).toBe('Expected the new task in status "working", got "submitted"');
  });
  it('returns FAIL when tasks/get lacks createdAt, or it is not ISO 8601', () => {
    const { createdAt: _c, ...noCreated } = taskView('task-a', 'working');
    expect(judgeOn(createdAtEverywhere, withResult(STEP.taskGet, 4, noCreated))).toMatchObject({
      verdict: 'fail',
      evidence: [6],
    });
    expect(
      judgeOn(createdAtEverywhere, withResult(STEP.taskGet, 4, { ...noCreated, createdAt: 'yesterday' })).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when tasks/get lacks ttl', () => {
    const { ttl: _t, ...noTtl } = taskView('task-a', 'working');
    expect(judgeOn(getIncludesTtl, withResult(STEP.taskGet, 4, noTtl)).verdict).toBe('fail');
  });
  it('returns FAIL when tasks/result answers a working task with its status', () => {
    expect(
      judgeOn(resultBlocksUntilTerminal, withResult(STEP.taskResult, 5, taskView('task-a', 'working'))).verdict,
    ).toBe('fail');
  });
  it('returns NOT-APPLICABLE for blocking when the task was already completed', () => {
    expect(
      judgeOn(resultBlocksUntilTerminal, withResult(STEP.taskGet, 4, taskView('task-a', 'completed'))).verdict,
    ).toBe('not-applicable');
  });
  it('returns FAIL (not testable) for blocking when tasks/get gave no task status', () => {
    const r = judgeOn(
      resultBlocksUntilTerminal,
      override(tasks(), {
        [STEP.taskGet]: { json: { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'no' } } },
      }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toMatch(/^Not testable: Expected a result for tasks\/get/);
  });
  it('returns FAIL when tasks/result lacks the related-task _meta', () => {
    expect(
      judgeOn(resultHasRelatedTask, override(tasks(), { [STEP.taskResult]: { json: textResult(5, '49') } })).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when cancelling a completed task succeeds', () => {
    expect(
      judgeOn(cancelTerminalRejected, withResult(STEP.taskCancelTerminal, 6, taskView('task-a', 'cancelled'))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when tasks/cancel answers before the task is cancelled', () => {
    expect(judgeOn(cancelMovesToCancelled, withResult(STEP.taskCancel, 8, taskView('task-b', 'working'))).message).toBe(
      'Expected the tasks/cancel response to show status "cancelled", got "working"',
    );
    expect(
      judgeOn(cancelMovesToCancelled, withResult(STEP.taskGetCancelled, 9, taskView('task-b', 'completed'))).verdict,
    ).toBe('fail');
  });
  it('returns FAIL when an unknown taskId gets another error code', () => {
    const r = judgeOn(
      unknownTaskInvalidParams,
      override(tasks(), {
        [STEP.taskGetUnknown]: { json: { jsonrpc: '2.0', id: 10, error: { code: -32603, message: 'x' } } },
      }),
    );
    expect(r.message).toBe('Expected JSON-RPC error -32602 for tasks/get of a nonexistent taskId, got error -32603');
  });
});
