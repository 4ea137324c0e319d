import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, taskView, tasks } from './test-logs.ts';
import * as F from './tasks-failures.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';

const poll = (step: string, r: Record<string, unknown>) =>
  override(tasks(), { [step]: { json: result(step === STEP.taskPollCrash ? 71 : 42, r) } });
const ALL = [F.toolErrorNotFailed, F.toolErrorCompleted, F.failedIsTask, F.failedHasError, F.failedCarriesJsonRpcError];
const FAILED = taskView('task-3', 'failed', { error: { code: -32603, message: 'Internal error' } });

describe('2026-07-28 tasks failure judges', () => {
  it('returns PASS for every judge on a conformant log', () => {
    expect(ALL.map((j) => judgeOn(j, tasks())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL for every judge when no server answered', () => {
    const silent = tasks().map((e) => ({ step: e.step, req: e.req }));
    expect(ALL.map((j) => judgeOn(j, silent).verdict)).toEqual(ALL.map(() => 'fail'));
  });
  it('returns FAIL for 837a and 837b when the tool error is reported as a failed task', () => {
    const exs = poll(STEP.taskPollOutOfRange, FAILED);
    expect(judgeOn(F.toolErrorNotFailed, exs).message).toMatch(
      /^Expected the tool error not to be reported as a failed task/,
    );
    expect(judgeOn(F.toolErrorCompleted, exs).verdict).toBe('fail');
  });
  it('returns FAIL for 837b when the completed result carries no isError', () => {
    const exs = poll(
      STEP.taskPollOutOfRange,
      taskView('task-3', 'completed', { result: { content: [{ type: 'text', text: 'out of range' }] } }),
    );
    expect(judgeOn(F.toolErrorCompleted, exs).verdict).toBe('fail');
    expect(judgeOn(F.toolErrorNotFailed, exs).verdict).toBe('pass');
  });
  it('returns FAIL when a task never finishes within the polls', () => {
    const exs = poll(STEP.taskPollCrash, taskView('task-4', 'working'));
    for (const j of [F.failedIsTask, F.failedHasError, F.failedCarriesJsonRpcError])
      expect(judgeOn(j, exs).verdict).toBe('fail');
  });
  it('returns FAIL for 332 and 891 when the crash completes the task, and NOT-APPLICABLE for 835', () => {
    const exs = poll(STEP.taskPollCrash, taskView('task-4', 'completed', { result: { content: [], isError: true } }));
    expect(judgeOn(F.failedIsTask, exs).verdict).toBe('fail');
    expect(judgeOn(F.failedCarriesJsonRpcError, exs).verdict).toBe('fail');
    expect(judgeOn(F.failedHasError, exs).verdict).toBe('not-applicable');
  });
  it('returns FAIL for 332, 835 and 891 when the failed task has no error', () => {
    const exs = poll(STEP.taskPollCrash, taskView('task-4', 'failed'));
    for (const j of [F.failedIsTask, F.failedHasError, F.failedCarriesJsonRpcError])
      expect(judgeOn(j, exs).verdict).toBe('fail');
  });
  it('returns FAIL for 891 when the error has no integer code', () => {
    const exs = poll(STEP.taskPollCrash, taskView('task-4', 'failed', { error: { code: 'boom', message: 'x' } }));
    expect(judgeOn(F.failedCarriesJsonRpcError, exs).verdict).toBe('fail');
    expect(judgeOn(F.failedHasError, exs).verdict).toBe('pass');
  });
});
