import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, taskView, tasks, textResult } from './fixture.ts';
import { STEP } from './plan.ts';
import { squareViaTask } from './task.ts';
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
} from './tasks.ts';

const withResult = (step: string, id: number, r: unknown) => override(tasks(), { [step]: { json: result(id, r) } });

describe('tasks judges', () => {
  it('returns PASS on a conformant tasks log for every tasks judge', () => {
    for (const j of [squareViaTask, tasksCapabilityDeclared, requiredToolWithoutTask, createReturnsCreateTaskResult, taskBeginsWorking, createdAtEverywhere, getIncludesTtl, resultBlocksUntilTerminal, resultHasRelatedTask, cancelTerminalRejected, cancelMovesToCancelled, unknownTaskInvalidParams]) {
      expect(judgeOn(j, tasks()).verdict).toBe('pass');
    }
  });
  it('returns FAIL when tasks/result returns the wrong square', () => {
    expect(judgeOn(squareViaTask, override(tasks(), { [STEP.taskResult]: { json: textResult(5, '50') } })).verdict).toBe('fail');
  });
  it('returns FAIL when capabilities.tasks lacks requests.tools.call', () => {
    const r = judgeOn(tasksCapabilityDeclared, override(tasks(), { [STEP.initialize]: { json: result(1, { protocolVersion: '2025-11-25', capabilities: { tools: {}, tasks: { cancel: {} } } }) } }));
    expect(r.message).toBe('Expected capabilities.tasks.requests.tools.call in the InitializeResult, got capabilities.tasks {"cancel":{}}');
  });
  it('returns FAIL when the task-required tool runs without a task', () => {
    const r = judgeOn(requiredToolWithoutTask, withResult(STEP.callWithoutTask, 2, { content: [{ type: 'text', text: '9' }] }));
    expect(r.message).toBe('Expected JSON-RPC error -32601 for slow_square called without a task, got result {"content":[{"type":"text","text":"9"}]}');
  });
  it('returns FAIL when a task-augmented call returns the tool result directly', () => {
    const exs = override(tasks(), { [STEP.taskCreate]: { json: textResult(3, '49') } });
    expect(judgeOn(createReturnsCreateTaskResult, exs).verdict).toBe('fail');
    expect(judgeOn(taskBeginsWorking, exs).verdict).toBe('fail');
  });
  it('returns FAIL when the new task is not working', () => {
    expect(judgeOn(taskBeginsWorking, withResult(STEP.taskCreate, 3, { task: taskView('task-a', 'submitted') })).message).toBe('Expected the new task in status "working", got "submitted"');
  });
  it('returns FAIL when tasks/get lacks createdAt, or it is not ISO 8601', () => {
    const { createdAt: _c, ...noCreated } = taskView('task-a', 'working');
    expect(judgeOn(createdAtEverywhere, withResult(STEP.taskGet, 4, noCreated))).toMatchObject({ verdict: 'fail', evidence: [4] });
    expect(judgeOn(createdAtEverywhere, withResult(STEP.taskGet, 4, { ...noCreated, createdAt: 'yesterday' })).verdict).toBe('fail');
  });
  it('returns FAIL when tasks/get lacks ttl', () => {
    const { ttl: _t, ...noTtl } = taskView('task-a', 'working');
    expect(judgeOn(getIncludesTtl, withResult(STEP.taskGet, 4, noTtl)).verdict).toBe('fail');
  });
  it('returns FAIL when tasks/result answers a working task with its status', () => {
    expect(judgeOn(resultBlocksUntilTerminal, withResult(STEP.taskResult, 5, taskView('task-a', 'working'))).verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE for blocking when the task was already completed', () => {
    expect(judgeOn(resultBlocksUntilTerminal, withResult(STEP.taskGet, 4, taskView('task-a', 'completed'))).verdict).toBe('not-applicable');
  });
  it('returns FAIL (not testable) for blocking when tasks/get gave no task status', () => {
    const r = judgeOn(resultBlocksUntilTerminal, override(tasks(), { [STEP.taskGet]: { json: { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'no' } } } }));
    expect(r.verdict).toBe('fail');
    expect(r.message).toMatch(/^Not testable: Expected a result for tasks\/get/);
  });
  it('returns FAIL when tasks/result lacks the related-task _meta', () => {
    expect(judgeOn(resultHasRelatedTask, override(tasks(), { [STEP.taskResult]: { json: textResult(5, '49') } })).verdict).toBe('fail');
  });
  it('returns FAIL when cancelling a completed task succeeds', () => {
    expect(judgeOn(cancelTerminalRejected, withResult(STEP.taskCancelTerminal, 6, taskView('task-a', 'cancelled'))).verdict).toBe('fail');
  });
  it('returns FAIL when tasks/cancel answers before the task is cancelled', () => {
    expect(judgeOn(cancelMovesToCancelled, withResult(STEP.taskCancel, 8, taskView('task-b', 'working'))).message).toBe('Expected the tasks/cancel response to show status "cancelled", got "working"');
    expect(judgeOn(cancelMovesToCancelled, withResult(STEP.taskGetCancelled, 9, taskView('task-b', 'completed'))).verdict).toBe('fail');
  });
  it('returns FAIL when an unknown taskId gets another error code', () => {
    const r = judgeOn(unknownTaskInvalidParams, override(tasks(), { [STEP.taskGetUnknown]: { json: { jsonrpc: '2.0', id: 10, error: { code: -32603, message: 'x' } } } }));
    expect(r.message).toBe('Expected JSON-RPC error -32602 for tasks/get of a nonexistent taskId, got error -32603');
  });
});
