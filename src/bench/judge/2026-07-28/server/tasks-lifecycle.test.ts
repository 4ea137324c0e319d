import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, rpcError, taskView, tasks } from './test-logs.ts';
import * as T from './tasks-lifecycle.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';

const answer = (step: string, status: number, json: unknown) => override(tasks(), { [step]: { status, json } });
const ALL = [
  T.tasksAnyConnection,
  T.stateByExplicitId,
  T.resultTypeTaskOnlyOnCreate,
  T.workingIsTask,
  T.cancelledIsTask,
  T.cancelResultTypeComplete,
  T.cancelUnknownError,
  T.cancelUpdateUnknown32602,
];

describe('2026-07-28 tasks lifecycle judges', () => {
  it('returns PASS for every judge on a conformant log', () => {
    expect(ALL.map((j) => judgeOn(j, tasks())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL for every judge when no server answered', () => {
    const silent = tasks().map((e) => ({ step: e.step, req: e.req }));
    expect(ALL.map((j) => judgeOn(j, silent).verdict)).toEqual(ALL.map(() => 'fail'));
  });
  it('returns FAIL when a tasks/get on another connection does not find the task', () => {
    const exs = answer(STEP.taskGetImmediate, 200, rpcError(2, -32602));
    expect(judgeOn(T.tasksAnyConnection, exs)).toMatchObject({ verdict: 'fail', evidence: [1] });
  });
  it('counts only requests on other connections than the creation', () => {
    const same = tasks().map((e) => ({ ...e, conn: 0 }));
    expect(judgeOn(T.tasksAnyConnection, same).message).toMatch(/on a new connection, got none$/);
    const fresh = tasks().map((e, i) => ({ ...e, conn: i }));
    expect(judgeOn(T.tasksAnyConnection, fresh).verdict).toBe('pass');
  });
  it('returns FAIL when a response sets a cookie or a session id', () => {
    for (const name of ['Set-Cookie', 'Mcp-Session-Id']) {
      const exs = override(tasks(), {
        [STEP.taskCreate]: {
          resHeaders: [
            ['Content-Type', 'application/json'],
            [name, 'x=1'],
          ],
        },
      });
      expect(judgeOn(T.stateByExplicitId, exs).message).toContain(name);
    }
  });
  it('returns FAIL for resultType task on a tasks/get result', () => {
    const exs = answer(STEP.taskGetImmediate, 200, result(2, taskView('task-1', 'working'), 'task'));
    expect(judgeOn(T.resultTypeTaskOnlyOnCreate, exs)).toMatchObject({ verdict: 'fail', evidence: [1] });
  });
  it('leaves a CreateTaskResult on any tools/call to other checkpoints', () => {
    const exs = answer(STEP.callWithoutExtension, 200, result(4, taskView('task-3', 'working'), 'task'));
    expect(judgeOn(T.resultTypeTaskOnlyOnCreate, exs).verdict).toBe('pass');
  });
  it('returns FAIL for a working task reported without its Task fields', () => {
    const exs = answer(STEP.taskGetImmediate, 200, result(2, { taskId: 'task-1', status: 'working' }));
    expect(judgeOn(T.workingIsTask, exs).message).toMatch(/without createdAt, lastUpdatedAt, ttlMs/);
  });
  it('returns FAIL when no tasks/get saw a task working', () => {
    const done = result(2, taskView('task-1', 'completed'));
    const exs = override(tasks(), {
      [STEP.taskGetImmediate]: { json: done },
      [STEP.taskPoll]: { json: done },
      [STEP.taskGetLong]: { json: result(31, taskView('task-2', 'completed')) },
    });
    expect(judgeOn(T.workingIsTask, exs).verdict).toBe('fail');
  });
  it('passes on the long task alone when the quick task was over by its first tasks/get (a loaded machine)', () => {
    const done = result(2, taskView('task-1', 'completed'));
    const exs = override(tasks(), { [STEP.taskGetImmediate]: { json: done }, [STEP.taskPoll]: { json: done } });
    expect(judgeOn(T.workingIsTask, exs)).toMatchObject({ verdict: 'pass' });
  });
  it('returns FAIL for a cancelled task without its Task fields, NOT-APPLICABLE while it still works', () => {
    const bare = answer(STEP.taskGetCancelled, 200, result(8, { taskId: 'task-2', status: 'cancelled' }));
    expect(judgeOn(T.cancelledIsTask, bare).verdict).toBe('fail');
    const working = answer(STEP.taskGetCancelled, 200, result(8, taskView('task-2', 'working')));
    expect(judgeOn(T.cancelledIsTask, working).verdict).toBe('not-applicable');
  });
  it('returns NOT-APPLICABLE for the cancelled Task and the cancel resultType when the cancel was refused', () => {
    const refused = answer(STEP.taskCancel, 200, rpcError(7, -32602));
    expect(judgeOn(T.cancelledIsTask, refused).verdict).toBe('not-applicable');
    expect(judgeOn(T.cancelResultTypeComplete, refused).verdict).toBe('not-applicable');
  });
  it('returns FAIL for a CancelTaskResult with resultType task', () => {
    const exs = answer(STEP.taskCancel, 200, result(7, {}, 'task'));
    expect(judgeOn(T.cancelResultTypeComplete, exs).message).toBe(
      'Expected resultType "complete" on the CancelTaskResult, got "task"',
    );
    expect(judgeOn(T.resultTypeTaskOnlyOnCreate, exs).verdict).toBe('fail');
  });
  it('returns FAIL when tasks/cancel of an unknown task is acknowledged', () => {
    const exs = answer(STEP.taskCancelUnknown, 200, result(9, {}));
    expect(judgeOn(T.cancelUnknownError, exs).verdict).toBe('fail');
    expect(judgeOn(T.cancelUpdateUnknown32602, exs).verdict).toBe('fail');
  });
  it('returns FAIL for 795 but PASS for 404b when the unknown cancel gets another error code', () => {
    const exs = answer(STEP.taskCancelUnknown, 200, rpcError(9, -32603));
    expect(judgeOn(T.cancelUnknownError, exs).verdict).toBe('pass');
    expect(judgeOn(T.cancelUpdateUnknown32602, exs).message).toMatch(
      /^Expected JSON-RPC error -32602 for tasks\/cancel/,
    );
  });
  it('returns FAIL when tasks/update of an unknown task gets another code', () => {
    const exs = answer(STEP.taskUpdateUnknown, 200, rpcError(30, -32601));
    expect(judgeOn(T.cancelUpdateUnknown32602, exs).message).toMatch(
      /^Expected JSON-RPC error -32602 for tasks\/update/,
    );
  });
});
