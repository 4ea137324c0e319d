import { isObject, type Exchange } from '../../exchanges.ts';
import { answerOf, brief, described, isNotification, resultOf, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { byStep, resultOfStep } from '../../common/server/find.ts';
import { RELATED_TASK, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';
import { createdTask } from './tasks-utility.ts';

/** One Task object the server reported, and when. */
interface Sighting {
  ex: Exchange;
  /** When it arrived (the SSE event's time, else the response's). */
  t: number;
  task: Record<string, unknown>;
}

const STATUS_METHOD = 'notifications/tasks/status';

/** Every `notifications/tasks/status` the server sent on any stream, with its exchange and time. */
function statusNotifications(
  exchanges: readonly Exchange[],
): { ex: Exchange; t: number; note: Record<string, unknown> }[] {
  return exchanges.flatMap((ex) =>
    ex.sse.flatMap((s) =>
      isNotification(s.json) && s.json.method === STATUS_METHOD ? [{ ex, t: s.t, note: s.json }] : [],
    ),
  );
}

/**
 * Every Task the run showed, in arrival order: CreateTaskResult tasks, tasks/get and tasks/cancel results, and the
 * params of status notifications (a Task too).
 */
function sightings(exchanges: readonly Exchange[]): Sighting[] {
  const out: Sighting[] = [];
  for (const ex of exchanges) {
    const method = sentRequest(ex)?.method;
    const answer = answerOf(ex);
    const result = resultOf(answer);
    const t = ex.sse.find((s) => s.json === answer)?.t ?? ex.response?.t ?? ex.request.t;
    if (method === 'tools/call' && isObject(result?.task)) out.push({ ex, t, task: result.task });
    if ((method === 'tasks/get' || method === 'tasks/cancel') && result && 'status' in result)
      out.push({ ex, t, task: result });
  }
  for (const { ex, t, note } of statusNotifications(exchanges))
    if (isObject(note.params)) out.push({ ex, t, task: note.params });
  return out.sort((a, b) => a.t - b.t);
}

/** Sightings by (string) task id. */
function byTask(exchanges: readonly Exchange[]): Map<string, Sighting[]> {
  const out = new Map<string, Sighting[]>();
  for (const s of sightings(exchanges))
    if (typeof s.task.taskId === 'string') out.set(s.task.taskId, [...(out.get(s.task.taskId) ?? []), s]);
  return out;
}

const TERMINAL = ['completed', 'failed', 'cancelled'];
/** 251125-tasks-404's table: the statuses each status may move to. */
const NEXT: Readonly<Record<string, readonly string[]>> = {
  working: ['input_required', ...TERMINAL],
  input_required: ['working', ...TERMINAL],
};

const noTasks = fail('Not testable: the server reported no task with a string taskId', []);

/** 251125-tasks-397: every taskId the server reported (created, polled, cancelled, notified) is a string. */
export const taskIdString = judge('tasks-task-id-string', ({ exchanges }) => {
  const seen = sightings(exchanges);
  if (seen.length === 0) return fail('Not testable: the server reported no task', []);
  const bad = seen.find((s) => typeof s.task.taskId !== 'string');
  if (bad)
    return fail(`Expected every taskId to be a string, got ${brief(bad.task.taskId)} in ${bad.ex.step}`, [bad.ex.x]);
  return pass(`${seen.length} task reports carried string taskIds`, [...new Set(seen.map((s) => s.ex.x))]);
});

/** 251125-tasks-399: the two tasks the prober created got distinct taskIds. */
export const taskIdsUnique = judge('tasks-task-ids-unique', ({ exchanges }) => {
  const ids = [STEP.taskCreate, STEP.taskCreateLong].map((s) => createdTask(exchanges, s)?.taskId);
  const ev = [STEP.taskCreate, STEP.taskCreateLong].flatMap((s) => byStep(exchanges, s)?.x ?? []);
  if (ids.some((id) => id === undefined))
    return fail(`Not testable: expected a taskId from both task-augmented calls, got ${brief(ids)}`, ev);
  return ids[0] !== ids[1]
    ? pass(`the two tasks got distinct taskIds ${brief(ids)}`, ev)
    : fail(`Expected distinct taskIds for two tasks, got ${brief(ids[0])} twice`, ev);
});

/** 251125-tasks-404: every status change the run showed, per task, follows the table (working ⇄ input_required → terminal). */
export const validStatusTransitions = judge('tasks-valid-status-transitions', ({ exchanges }) => {
  const tasks = byTask(exchanges);
  if (tasks.size === 0) return noTasks;
  let changes = 0;
  for (const [id, seen] of tasks) {
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!.task.status, seen[i]!.task.status];
      if (a === b) continue;
      changes++;
      if (typeof a !== 'string' || typeof b !== 'string' || !NEXT[a]?.includes(b))
        return fail(
          `Expected only the valid status transitions, got task ${brief(id)} moving from ${brief(a)} to ${brief(b)}`,
          [seen[i - 1]!.ex.x, seen[i]!.ex.x],
        );
    }
  }
  return pass(`${changes} status changes over ${tasks.size} tasks all followed the valid paths`, [
    ...new Set([...tasks.values()].flat().map((s) => s.ex.x)),
  ]);
});

/** 251125-tasks-407: once the run showed a task terminal, every later report of it shows that same status. */
export const terminalStatusFinal = judge('tasks-terminal-status-final', ({ exchanges }) => {
  const tasks = byTask(exchanges);
  if (tasks.size === 0) return noTasks;
  for (const [id, seen] of tasks) {
    const first = seen.findIndex((s) => TERMINAL.includes(String(s.task.status)));
    const later = first < 0 ? undefined : seen.slice(first + 1).find((s) => s.task.status !== seen[first]!.task.status);
    if (later)
      return fail(
        `Expected task ${brief(id)} to stay ${brief(seen[first]!.task.status)}, got ${brief(later.task.status)} later (${later.ex.step})`,
        [seen[first]!.ex.x, later.ex.x],
      );
  }
  return pass(`no terminal status changed (${tasks.size} tasks)`, [
    ...new Set([...tasks.values()].flat().map((s) => s.ex.x)),
  ]);
});

/** 251125-tasks-496: the long task, cancelled while working, still says `cancelled` once its work would have ended. */
export const cancelledStaysCancelled = judge('tasks-cancelled-stays-cancelled', ({ exchanges }) => {
  const cancel = byStep(exchanges, STEP.taskCancel);
  const statusAt = (step: string) => {
    const ex = byStep(exchanges, step);
    return ex ? resultOf(answerOf(ex))?.status : undefined;
  };
  const cancelled = [STEP.taskCancel, STEP.taskGetCancelled].some((s) => statusAt(s) === 'cancelled');
  if (!cancelled)
    return notApplicable(
      'the long task was never reported cancelled, so nothing had to stay cancelled',
      cancel ? [cancel.x] : [],
    );
  const r = resultOfStep(
    exchanges,
    STEP.taskGetAfterWork,
    'tasks/get after the cancelled task’s work would have ended',
  );
  if (!r.ok) return r.failure;
  return r.result.status === 'cancelled'
    ? pass('the cancelled task still said cancelled after its work would have ended', [r.ex.x])
    : fail(`Expected the cancelled task to remain cancelled, got status ${brief(r.result.status)}`, [r.ex.x]);
});

/**
 * 251125-tasks-472a / -472b: tasks/get whose taskId param names the quick task while its related-task `_meta` names
 * the long one answers the quick task: the param is the source of truth, the metadata is ignored.
 */
function paramWins(exchanges: readonly Exchange[]) {
  const quick = createdTask(exchanges, STEP.taskCreate)?.taskId;
  const long = createdTask(exchanges, STEP.taskCreateLong)?.taskId;
  const r = resultOfStep(exchanges, STEP.taskGetMetaConflict, 'tasks/get with a conflicting related-task _meta');
  if (typeof quick !== 'string' || typeof long !== 'string')
    return fail(
      `Not testable: expected taskIds from both task-augmented calls, got ${brief([quick, long])}`,
      r.ex ? [r.ex.x] : [],
    );
  if (!r.ok) return r.failure;
  return r.result.taskId === quick
    ? pass(`tasks/get answered task ${brief(quick)} named by its taskId param, not the _meta's ${brief(long)}`, [
        r.ex.x,
      ])
    : fail(
        `Expected tasks/get to answer task ${brief(quick)} (its taskId param), got taskId ${brief(r.result.taskId)}${r.result.taskId === long ? ' (the one its related-task _meta named)' : ''}`,
        [r.ex.x],
      );
}

/** 251125-tasks-472a: the taskId param identifies the target task. */
export const paramIsSourceOfTruth = judge('tasks-param-task-id-source-of-truth', ({ exchanges }) =>
  paramWins(exchanges),
);

/** 251125-tasks-472b: related-task metadata in tasks/get is ignored in favour of the param. */
export const relatedMetaIgnored = judge('tasks-related-task-meta-ignored', ({ exchanges }) => paramWins(exchanges));

const relatedOf = (o: Record<string, unknown>) => (isObject(o._meta) ? o._meta[RELATED_TASK] : undefined);

/** 251125-tasks-473 (SHOULD NOT): no tasks/get or tasks/cancel result carries the related-task `_meta`. */
export const noRelatedMetaInGetCancel = judge('tasks-no-related-task-meta-in-get-cancel', ({ exchanges }) => {
  const results = exchanges.flatMap((ex) => {
    const method = sentRequest(ex)?.method;
    const result = resultOf(answerOf(ex));
    return (method === 'tasks/get' || method === 'tasks/cancel') && result ? [{ ex, result }] : [];
  });
  if (results.length === 0) return fail('Not testable: no tasks/get or tasks/cancel was answered with a result', []);
  const bad = results.find((r) => relatedOf(r.result) !== undefined);
  if (bad)
    return fail(
      `Expected no ${RELATED_TASK} _meta in tasks/get and tasks/cancel results, got ${brief(bad.result._meta)} in ${bad.ex.step}`,
      [bad.ex.x],
    );
  return pass(
    `${results.length} tasks/get and tasks/cancel results carried no related-task _meta`,
    results.map((r) => r.ex.x),
  );
});

/** 251125-tasks-477 (MAY): the server sent some `notifications/tasks/status` (a tie-break: none loses nothing else). */
export const statusNotificationSent = judge('tasks-status-notification-sent', ({ exchanges }) => {
  const notes = statusNotifications(exchanges);
  const get = byStep(exchanges, STEP.taskStatusStream);
  return notes.length > 0
    ? pass(`the server sent ${notes.length} ${STATUS_METHOD} notifications`, [...new Set(notes.map((n) => n.ex.x))])
    : fail(
        `Expected some ${STATUS_METHOD} notification, got none (the standing GET stream: ${described(get)})`,
        get ? [get.x] : [],
      );
});

/** 251125-tasks-479 (SHOULD NOT): status notifications carry no related-task `_meta` (the taskId is in the params). */
export const statusNotificationNoRelatedMeta = judge('tasks-status-notification-no-related-meta', ({ exchanges }) => {
  const notes = statusNotifications(exchanges);
  if (notes.length === 0) return notApplicable(`the server sent no ${STATUS_METHOD} notification`, []);
  const bad = notes.find((n) => isObject(n.note.params) && relatedOf(n.note.params) !== undefined);
  if (bad)
    return fail(`Expected no ${RELATED_TASK} _meta in ${STATUS_METHOD}, got ${brief(bad.note, 160)}`, [bad.ex.x]);
  return pass(`${notes.length} status notifications carried no related-task _meta`, [
    ...new Set(notes.map((n) => n.ex.x)),
  ]);
});
