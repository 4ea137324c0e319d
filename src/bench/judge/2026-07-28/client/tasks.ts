import type { Exchange } from '../../exchanges.ts';
import { toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { toolCalls } from '../../common/client/view.ts';
import { judge } from '../../define.ts';
import { createdTasks, inlinedResult, TASK_METHODS, taskRequests, TERMINAL, type TaskRequest } from './tasks-view.ts';
import { headerText, reqHeader, show } from './view.ts';

/** Slack for timer granularity when comparing a wait with `pollIntervalMs` (ms). */
export const POLL_SLACK_MS = 5;

const forTask = (rs: readonly TaskRequest[], id: string) => rs.filter((r) => r.taskId === id);

/** Task of task-poll: the secret get_secret's task ended with (inlined in its completed task) was submitted and accepted. */
export const taskJobSecretSubmitted = judge('task-job-secret-submitted', ({ exchanges }) => {
  const tasks = createdTasks(exchanges).filter((t) => t.tool === 'get_secret');
  if (tasks.length === 0) return fail('get_secret never ran as a task');
  const ids = new Set(tasks.map((t) => t.taskId));
  const polls = taskRequests(exchanges, ['tasks/get']).filter((g) => g.taskId !== undefined && ids.has(g.taskId));
  const secrets = polls.flatMap((g) => {
    const r = inlinedResult(g);
    return r ? toolTexts(r) : [];
  });
  if (secrets.length === 0) return fail('no completed get_secret task reached the client', [tasks[0]!.call.x]);
  const submits = toolCalls(exchanges).filter((c) => c.name === 'submit_answer');
  const right = submits.find(
    (c) => typeof c.args.answer === 'string' && secrets.includes(c.args.answer) && c.answer && !c.answer.isError,
  );
  if (right) return pass(`submit_answer (x${right.x}) carried the task's secret and was accepted`, [right.x]);
  if (submits.length === 0)
    return fail(
      'submit_answer was never called',
      polls.map((g) => g.x),
    );
  const last = submits.at(-1)!;
  return fail(`submit_answer (x${last.x}) carried ${show(last.args.answer)} and was not accepted with the secret`, [
    last.x,
  ]);
});

/** 260728-exttasks-61b: a CreateTaskResult is handled, i.e. followed: a tasks/get for its taskId comes after it. */
export const createTaskResultHandled = judge('tasks-create-task-result-handled', ({ exchanges }) => {
  const tasks = createdTasks(exchanges);
  if (tasks.length === 0) return notApplicable('no tools/call was answered with a task');
  const gets = taskRequests(exchanges, ['tasks/get']);
  const dropped = tasks.find((t) => !forTask(gets, t.taskId).some((g) => g.t > t.t));
  if (dropped)
    return fail(
      `tools/call ${dropped.tool} (x${dropped.call.x}) was answered with task ${dropped.taskId}, which the client never asked about`,
      [dropped.call.x],
    );
  return pass(
    `${tasks.length} CreateTaskResult(s) followed with tasks/get`,
    tasks.map((t) => t.call.x),
  );
});

/** The wait before each tasks/get, from the latest earlier answer about that task that suggested `pollIntervalMs`. */
function pollWaits(exchanges: readonly Exchange[]) {
  const gets = taskRequests(exchanges, ['tasks/get']);
  const hints = [
    ...createdTasks(exchanges).flatMap((c) =>
      c.pollIntervalMs === undefined ? [] : [{ taskId: c.taskId, t: c.t, x: c.call.x, interval: c.pollIntervalMs }],
    ),
    ...gets.flatMap((g) =>
      g.taskId && g.answer && typeof g.result?.pollIntervalMs === 'number'
        ? [{ taskId: g.taskId, t: g.answer.t, x: g.x, interval: g.result.pollIntervalMs }]
        : [],
    ),
  ];
  return gets.flatMap((g) => {
    const hint = hints
      .filter((h) => h.taskId === g.taskId && h.t < g.t)
      .sort((a, b) => a.t - b.t)
      .at(-1);
    return hint ? [{ poll: g, hint, waited: Math.round((g.t - hint.t) * 10) / 10 }] : [];
  });
}

/** 260728-exttasks-308a: no tasks/get sooner than the `pollIntervalMs` of the answer before it. */
export const pollIntervalRespected = judge('tasks-poll-interval-respected', ({ exchanges }) => {
  const waits = pollWaits(exchanges);
  if (waits.length === 0) return notApplicable('no poll followed an answer that suggested a polling interval');
  const early = waits.find((w) => w.waited + POLL_SLACK_MS < w.hint.interval);
  if (early)
    return fail(
      `tasks/get (x${early.poll.x}) came ${early.waited} ms after x${early.hint.x} suggested polling every ${early.hint.interval} ms`,
      [early.hint.x, early.poll.x],
    );
  return pass(
    `${waits.length} polls each waited the suggested interval`,
    waits.map((w) => w.poll.x),
  );
});

/** 260728-exttasks-310a: each task is polled until an answer shows it terminal, unless the client cancelled it. */
export const pollUntilTerminal = judge('tasks-poll-until-terminal', ({ exchanges }) => {
  const tasks = createdTasks(exchanges);
  if (tasks.length === 0) return notApplicable('no tools/call was answered with a task');
  const gets = taskRequests(exchanges, ['tasks/get']);
  const cancels = taskRequests(exchanges, ['tasks/cancel']);
  for (const task of tasks) {
    const mine = forTask(gets, task.taskId);
    if (mine.some((g) => TERMINAL.includes(String(g.result?.status)))) continue;
    if (forTask(cancels, task.taskId).length > 0) continue;
    const last = mine.at(-1);
    return fail(
      last
        ? `polling of task ${task.taskId} stopped at x${last.x} (status ${show(last.result?.status)}) before it was terminal`
        : `task ${task.taskId} (x${task.call.x}) was never polled`,
      [task.call.x, ...(last ? [last.x] : [])],
    );
  }
  return pass(
    `${tasks.length} task(s) polled until terminal`,
    tasks.map((t) => t.call.x),
  );
});

/** 260728-exttasks-511: every tasks/get, tasks/update and tasks/cancel carries Mcp-Name equal to params.taskId. */
export const nameHeaderTaskId = judge('tasks-name-header-task-id', ({ exchanges }) => {
  const rs = taskRequests(exchanges, TASK_METHODS);
  if (rs.length === 0) return notApplicable(`no ${TASK_METHODS.join(', ')} request`);
  for (const r of rs) {
    const h = reqHeader(r.ex, 'mcp-name');
    if (h === undefined || r.taskId === undefined || headerText(h) !== r.taskId)
      return fail(`${r.method} (x${r.x}) has Mcp-Name ${show(h)} for taskId ${show(r.params.taskId)}`, [r.x]);
  }
  return pass(
    `${rs.length} task requests name their task in Mcp-Name`,
    rs.map((r) => r.x),
  );
});
