import { describe, expect, it } from 'vitest';
import type { Ex } from './test-logs.ts';
import { judgeOn, override, result, rpcError, tasks, taskView } from './test-logs.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import * as K from './tasks-extension.ts';

const answer = (step: string, status: number, json: unknown) => override(tasks(), { [step]: { status, json } });
/** Replace the last poll (the one showing completed). */
const lastPoll = (json: unknown): Ex[] => {
  const exs = tasks();
  const i = exs.map((e) => e.step).lastIndexOf(STEP.taskPoll);
  exs[i] = { ...exs[i]!, json };
  return exs;
};

describe('2026-07-28 tasks judges', () => {
  it('returns PASS for every tasks judge on a conformant log', () => {
    const all = [
      K.squareViaTask,
      K.createResultTypeTask,
      K.createdTaskResolvable,
      K.getResultTypeComplete,
      K.completedHasResult,
      K.unknownTask32602,
      K.noTaskWithoutExtension,
      K.missingExtension32021,
      K.getWithoutExtension32021,
      K.cancelAcknowledged,
    ];
    expect(all.map((j) => judgeOn(j, tasks())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL when the task completes with the wrong square', () => {
    const r = judgeOn(
      K.squareViaTask,
      lastPoll(result(11, taskView('task-1', 'completed', { result: { content: [{ type: 'text', text: '50' }] } }))),
    );
    expect(r.message).toMatch(/^Expected tasks\/get to reach completed with result text "49" within 60 polls/);
  });
  it('returns FAIL when slow_square is answered directly instead of as a task', () => {
    expect(judgeOn(K.squareViaTask, answer(STEP.taskCreate, 200, result(1, { content: [] }))).verdict).toBe('fail');
  });
  it('returns FAIL when the CreateTaskResult says resultType complete', () => {
    const r = judgeOn(K.createResultTypeTask, answer(STEP.taskCreate, 200, result(1, taskView('task-1', 'working'))));
    expect(r).toMatchObject({ verdict: 'fail', evidence: [0] });
  });
  it('returns FAIL when tasks/get cannot find the task just created', () => {
    const r = judgeOn(K.createdTaskResolvable, answer(STEP.taskGetImmediate, 200, rpcError(2, -32602)));
    expect(r.message).toContain('JSON-RPC error -32602');
  });
  it('returns FAIL when tasks/get says resultType task', () => {
    expect(
      judgeOn(
        K.getResultTypeComplete,
        answer(STEP.taskGetImmediate, 200, result(2, taskView('task-1', 'working'), 'task')),
      ).message,
    ).toBe('Expected resultType "complete" on tasks/get, got "task"');
  });
  it('returns FAIL when the completed task has no result', () => {
    expect(judgeOn(K.completedHasResult, lastPoll(result(11, taskView('task-1', 'completed')))).verdict).toBe('fail');
  });
  it('returns FAIL when no poll ever showed completed', () => {
    expect(judgeOn(K.completedHasResult, lastPoll(result(11, taskView('task-1', 'working')))).verdict).toBe('fail');
  });
  it('returns FAIL when an unknown taskId gets -32603', () => {
    expect(judgeOn(K.unknownTask32602, answer(STEP.taskGetUnknown, 200, rpcError(3, -32603))).verdict).toBe('fail');
  });
  it('returns FAIL when a non-declaring client gets a CreateTaskResult', () => {
    const created = answer(STEP.callWithoutExtension, 200, result(4, taskView('task-3', 'working'), 'task'));
    expect(judgeOn(K.noTaskWithoutExtension, created).message).toMatch(
      /^Expected no CreateTaskResult without the tasks extension/,
    );
    expect(judgeOn(K.missingExtension32021, created).verdict).toBe('fail');
  });
  it('returns FAIL for -32021 without data naming the extension', () => {
    expect(judgeOn(K.missingExtension32021, answer(STEP.callWithoutExtension, 400, rpcError(4, -32021))).message).toBe(
      'Expected data.requiredCapabilities.extensions to name io.modelcontextprotocol/tasks, got data nothing',
    );
  });
  it('returns FAIL when tasks/get is served to a non-declaring client', () => {
    expect(
      judgeOn(
        K.getWithoutExtension32021,
        answer(STEP.taskGetWithoutExtension, 200, result(5, taskView('task-1', 'completed'))),
      ).verdict,
    ).toBe('fail');
  });
  it('returns NOT-APPLICABLE for exttasks-63 but FAIL for the task when slow_square is served at once without the extension', () => {
    const exs = answer(STEP.callWithoutExtension, 200, result(4, { content: [{ type: 'text', text: '9' }] }));
    expect(judgeOn(K.missingExtension32021, exs).verdict).toBe('not-applicable');
    expect(judgeOn(K.squareViaTask, exs).message).toMatch(/^Expected slow_square to run only as a task/);
  });
  it('returns NOT-APPLICABLE when tasks/cancel is refused with an error (not a success), and FAIL "Not testable" when unanswered', () => {
    expect(judgeOn(K.cancelAcknowledged, answer(STEP.taskCancel, 200, rpcError(7, -32602))).verdict).toBe(
      'not-applicable',
    );
    expect(
      judgeOn(K.cancelAcknowledged, override(tasks(), { [STEP.taskCancel]: { status: undefined } })).message,
    ).toMatch(/^Not testable: /);
  });
  it('returns FAIL when tasks/cancel answers with the task', () => {
    expect(
      judgeOn(K.cancelAcknowledged, answer(STEP.taskCancel, 200, result(7, taskView('task-2', 'cancelled')))).message,
    ).toMatch(/^Expected an empty result for tasks\/cancel, got fields \["taskId"/);
  });
});
