import { describe, expect, it } from 'vitest';
import { judgeOn, override, result, statusNote, taskView, tasks } from './test-logs.ts';
import { RELATED_TASK, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import {
  cancelledStaysCancelled,
  noRelatedMetaInGetCancel,
  paramIsSourceOfTruth,
  relatedMetaIgnored,
  statusNotificationNoRelatedMeta,
  statusNotificationSent,
  taskIdString,
  taskIdsUnique,
  terminalStatusFinal,
  validStatusTransitions,
} from './task-lifecycle.ts';

const withResult = (step: string, id: number, r: unknown) => override(tasks(), { [step]: { json: result(id, r) } });
const meta = (taskId: string) => ({ _meta: { [RELATED_TASK]: { taskId } } });

describe('task lifecycle judges', () => {
  it('returns PASS on a conformant tasks log for every judge', () => {
    for (const j of [
      taskIdString,
      taskIdsUnique,
      validStatusTransitions,
      terminalStatusFinal,
      cancelledStaysCancelled,
      paramIsSourceOfTruth,
      relatedMetaIgnored,
      noRelatedMetaInGetCancel,
      statusNotificationSent,
      statusNotificationNoRelatedMeta,
    ])
      expect(judgeOn(j, tasks()).verdict).toBe('pass');
  });
  it('returns FAIL for tasks-397 when a task id is a number', () => {
    const r = judgeOn(
      taskIdString,
      withResult(STEP.taskCreate, 3, { task: { ...taskView('x', 'working'), taskId: 7 } }),
    );
    expect(r.message).toBe('Expected every taskId to be a string, got 7 in task-create');
  });
  it('returns FAIL for tasks-399 when both tasks get the same id', () => {
    const r = judgeOn(taskIdsUnique, withResult(STEP.taskCreateLong, 7, { task: taskView('task-a', 'working') }));
    expect(r.message).toBe('Expected distinct taskIds for two tasks, got "task-a" twice');
  });
  it('returns FAIL for tasks-404, -407 and -496 when the cancelled task later reports completed', () => {
    const exs = withResult(STEP.taskGetAfterWork, 15, taskView('task-b', 'completed'));
    expect(judgeOn(validStatusTransitions, exs).message).toBe(
      'Expected only the valid status transitions, got task "task-b" moving from "cancelled" to "completed"',
    );
    expect(judgeOn(terminalStatusFinal, exs).message).toBe(
      'Expected task "task-b" to stay "cancelled", got "completed" later (task-get-after-work)',
    );
    expect(judgeOn(cancelledStaysCancelled, exs).message).toBe(
      'Expected the cancelled task to remain cancelled, got status "completed"',
    );
  });
  it('returns FAIL for tasks-404 on a status notification that revives a task', () => {
    const exs = override(tasks(), {
      [STEP.taskStatusStream]: { sse: [statusNote('task-a', 'completed'), statusNote('task-a', 'working')] },
    });
    expect(judgeOn(validStatusTransitions, exs).verdict).toBe('fail');
    expect(judgeOn(terminalStatusFinal, exs).verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE for tasks-496 when the cancel never took effect', () => {
    const exs = override(tasks(), {
      [STEP.taskCancel]: { json: { jsonrpc: '2.0', id: 8, error: { code: -32602, message: 'no' } } },
      [STEP.taskGetCancelled]: { json: result(9, taskView('task-b', 'working')) },
      [STEP.taskGetAfterWork]: { json: result(15, taskView('task-b', 'completed')) },
      [STEP.taskStatusStream]: { sse: [statusNote('task-a', 'completed')] },
    });
    expect(judgeOn(cancelledStaysCancelled, exs).verdict).toBe('not-applicable');
  });
  it('returns FAIL for tasks-472a/b when the related-task _meta picks the task', () => {
    const exs = withResult(STEP.taskGetMetaConflict, 14, taskView('task-b', 'cancelled'));
    for (const j of [paramIsSourceOfTruth, relatedMetaIgnored])
      expect(judgeOn(j, exs).message).toBe(
        'Expected tasks/get to answer task "task-a" (its taskId param), got taskId "task-b" (the one its related-task _meta named)',
      );
  });
  it('returns FAIL for tasks-473 when a tasks/get result carries the related-task _meta', () => {
    const r = judgeOn(
      noRelatedMetaInGetCancel,
      withResult(STEP.taskGet, 4, { ...taskView('task-a', 'working'), ...meta('task-a') }),
    );
    expect(r.verdict).toBe('fail');
    expect(r.message).toContain('in task-get');
  });
  it('returns FAIL for tasks-477 and NOT-APPLICABLE for -479 when no status notification came', () => {
    const exs = override(tasks(), { [STEP.taskStatusStream]: { status: 405, sse: undefined } });
    expect(judgeOn(statusNotificationSent, exs).message).toBe(
      'Expected some notifications/tasks/status notification, got none (the standing GET stream: status 405)',
    );
    expect(judgeOn(statusNotificationNoRelatedMeta, exs).verdict).toBe('not-applicable');
  });
  it('returns FAIL for tasks-479 when a status notification carries the related-task _meta', () => {
    const note = {
      data: {
        jsonrpc: '2.0',
        method: 'notifications/tasks/status',
        params: { ...taskView('task-a', 'completed'), ...meta('task-a') },
      },
    };
    const exs = override(tasks(), { [STEP.taskStatusStream]: { sse: [note] } });
    expect(judgeOn(statusNotificationNoRelatedMeta, exs).verdict).toBe('fail');
  });
});
