import { isObject, type Exchange } from '../../exchanges.ts';
import { isRequest, toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { clientMessages, show, toolCalls } from '../../common/client/view.ts';
import { judge } from '../../define.ts';
import { afterInit } from './http.ts';
import {
  completionTimes,
  createdTasks,
  hasRelatedTaskMeta,
  listedTaskSupport,
  POLL_END,
  sentToolCalls,
  taskRequests,
  type TaskRequest,
} from './tasks-view.ts';

/** Slack for timer granularity when comparing a wait with `pollInterval` (ms). */
export const POLL_SLACK_MS = 5;

/** Task of task-call: the secret get_secret's task ended with was submitted and accepted. */
export const taskSecretSubmitted = judge('task-job-secret-submitted', ({ exchanges }) => {
  const tasks = createdTasks(exchanges).filter((t) => t.tool === 'get_secret');
  if (tasks.length === 0) return fail('get_secret never ran as a task');
  const ids = new Set(tasks.map((t) => t.taskId));
  const results = taskRequests(exchanges, ['tasks/result']).filter((r) => r.taskId && ids.has(r.taskId));
  const secrets = results.flatMap((r) => (r.answer?.result ? toolTexts(r.answer.result) : []));
  if (secrets.length === 0) return fail('no result of the get_secret task reached the client', [tasks[0]!.x]);
  const submits = toolCalls(exchanges).filter((c) => c.name === 'submit_answer');
  const right = submits.find(
    (c) => typeof c.args.answer === 'string' && secrets.includes(c.args.answer) && c.answer && !c.answer.isError,
  );
  if (right) return pass(`submit_answer (x${right.x}) carried the task's secret and was accepted`, [right.x]);
  if (submits.length === 0)
    return fail(
      'submit_answer was never called',
      results.map((r) => r.x),
    );
  const last = submits.at(-1)!;
  return fail(`submit_answer (x${last.x}) carried ${show(last.args.answer)} and was not accepted with the secret`, [
    last.x,
  ]);
});

const taskCapable = (caps: Record<string, unknown>): boolean => {
  const tasks = caps.tasks;
  const requests = isObject(tasks) ? tasks.requests : undefined;
  const tools = isObject(requests) ? requests.tools : undefined;
  return isObject(tools) && 'call' in tools;
};

/** 251125-tasks-113: no task-augmented tools/call unless the server declared `tasks.requests.tools.call`. */
export const noTaskWithoutCapability = judge('tasks-no-augment-without-capability', ({ exchanges }) => {
  let n = 0;
  for (const { init, ex } of afterInit(exchanges)) {
    for (const c of sentToolCalls([ex])) {
      n++;
      if (c.task && !taskCapable(init.capabilities))
        return fail(`tools/call ${c.name} (x${c.x}) asks for a task; the server (x${init.x}) declared no task tools`, [
          init.x,
          c.x,
        ]);
    }
  }
  if (n === 0) return notApplicable('no tools/call after initialization');
  return pass(`${n} tools/call use task augmentation only where the server declared it`);
});

/** 251125-tasks-95: task augmentation only on a request type whose task capability the server declared. */
export const augmentOnlyDeclared = judge('tasks-augment-only-declared', ({ exchanges }) => {
  let n = 0;
  for (const { init, ex } of afterInit(exchanges)) {
    for (const m of clientMessages([ex])) {
      if (!isRequest(m.msg)) continue;
      n++;
      const task = isObject(m.msg.params) ? m.msg.params.task : undefined;
      if (task === undefined) continue;
      // 2025-11-25 servers can take tasks for tools/call only (ServerCapabilities.tasks.requests.tools.call).
      if (m.msg.method !== 'tools/call' || !taskCapable(init.capabilities))
        return fail(`${m.msg.method} (x${m.x}) asks for a task the server (x${init.x}) did not declare`, [init.x, m.x]);
    }
  }
  if (n === 0) return notApplicable('no request after initialization');
  return pass(`${n} requests ask for tasks only where the server declared them`);
});

/** Tool calls judged against the listed `taskSupport` (a tool the server never listed is not judged). */
function callsBySupport(exchanges: readonly Exchange[], wanted: (s: string) => boolean) {
  const support = listedTaskSupport(exchanges);
  if (support.size === 0) return undefined;
  return sentToolCalls(exchanges).filter((c) => wanted(support.get(c.name) ?? ''));
}

/** 251125-tasks-115a: a tool whose taskSupport is absent or "forbidden" is never called as a task. */
export const forbiddenNotAsTask = judge('tasks-forbidden-tool-not-as-task', ({ exchanges }) => {
  const calls = callsBySupport(exchanges, (s) => s === 'forbidden');
  if (calls === undefined)
    return notApplicable('the client never listed the tools, so it cannot know their task support');
  if (calls.length === 0) return notApplicable('no call of a tool without task support');
  const bad = calls.find((c) => c.task);
  if (bad) return fail(`tools/call ${bad.name} (x${bad.x}) asks for a task; the tool does not support tasks`, [bad.x]);
  return pass(
    `${calls.length} calls of tools without task support are plain requests`,
    calls.map((c) => c.x),
  );
});

/** 251125-tasks-117a: a tool whose taskSupport is "required" is only ever called as a task. */
export const requiredAsTask = judge('tasks-required-tool-as-task', ({ exchanges }) => {
  const calls = callsBySupport(exchanges, (s) => s === 'required');
  if (calls === undefined)
    return notApplicable('the client never listed the tools, so it cannot know their task support');
  if (calls.length === 0) return notApplicable('no call of a tool that requires a task');
  const bad = calls.find((c) => !c.task);
  if (bad) return fail(`tools/call ${bad.name} (x${bad.x}) is a plain request; the tool runs only as a task`, [bad.x]);
  return pass(
    `${calls.length} calls of task-only tools ask for a task`,
    calls.map((c) => c.x),
  );
});

/** 251125-tasks-128 (MAY, tie-break): every task-augmented call states the desired `ttl`. */
export const ttlRequested = judge('tasks-ttl-requested', ({ exchanges }) => {
  const calls = sentToolCalls(exchanges).filter((c) => c.task);
  if (calls.length === 0) return notApplicable('no task-augmented request');
  const bad = calls.find((c) => !Number.isInteger(c.task?.ttl) || (c.task?.ttl as number) < 0);
  if (bad) return fail(`tools/call ${bad.name} (x${bad.x}) asks for a task with ttl ${show(bad.task?.ttl)}`, [bad.x]);
  return pass(
    `${calls.length} task-augmented calls state a ttl`,
    calls.map((c) => c.x),
  );
});

/**
 * The waits before each `tasks/get`: from the latest answer about the same task that suggested a `pollInterval`
 * (the CreateTaskResult, or with `pollsOnly` only an earlier tasks/get answer) to the poll itself.
 */
function pollWaits(exchanges: readonly Exchange[], pollsOnly: boolean) {
  const gets = taskRequests(exchanges, ['tasks/get']);
  const hints: { taskId: string; t: number; x: number; interval: number }[] = gets.flatMap((g) =>
    g.taskId && typeof g.answer?.result?.pollInterval === 'number'
      ? [{ taskId: g.taskId, t: g.answer.t, x: g.x, interval: g.answer.result.pollInterval }]
      : [],
  );
  if (!pollsOnly)
    for (const c of createdTasks(exchanges))
      if (c.pollInterval !== undefined) hints.push({ taskId: c.taskId, t: c.t, x: c.x, interval: c.pollInterval });
  return gets.flatMap((g) => {
    const hint = hints
      .filter((h) => h.taskId === g.taskId && h.t < g.t)
      .sort((a, b) => a.t - b.t)
      .at(-1);
    return hint ? [{ poll: g, hint, waited: Math.round((g.t - hint.t) * 10) / 10 }] : [];
  });
}

const pollIntervalJudge = (pollsOnly: boolean): Judge => {
  return ({ exchanges }) => {
    const waits = pollWaits(exchanges, pollsOnly);
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
  };
};

/**
 * 251125-tasks-193, contested: polls are spaced by the `pollInterval` of the previous tasks/get answer (scored: the
 * interval is the spacing "between status checks", and the CreateTaskResult is not one); the strict reading also holds
 * the first poll to the CreateTaskResult's interval.
 */
export const pollIntervalRespected = judge(
  'tasks-poll-interval-respected',
  pollIntervalJudge(true),
  pollIntervalJudge(false),
);
/** 251125-tasks-459b: a `pollInterval` in a tasks/get answer is respected before the next tasks/get. */
export const pollIntervalBetweenPolls = judge('tasks-poll-interval-between-polls', pollIntervalJudge(true));

const forTask = (rs: TaskRequest[], id: string) => rs.filter((r) => r.taskId === id);

/** 251125-tasks-195a: each task is polled until it is terminal (or input_required), unless a tasks/result was waiting. */
export const pollUntilTerminal = judge('tasks-poll-until-terminal', ({ log, exchanges }) => {
  const tasks = createdTasks(exchanges);
  if (tasks.length === 0) return notApplicable('no task was created');
  const done = completionTimes(log.events);
  const gets = taskRequests(exchanges, ['tasks/get']);
  const results = taskRequests(exchanges, ['tasks/result']);
  for (const task of tasks) {
    const seenEnd = forTask(gets, task.taskId).some((g) => POLL_END.includes(String(g.answer?.result?.status)));
    const end = done.get(task.taskId) ?? Infinity;
    const waiting = forTask(results, task.taskId).some((r) => r.t < end);
    if (!seenEnd && !waiting) {
      const last = forTask(gets, task.taskId).at(-1);
      return fail(
        last
          ? `polling of task ${task.taskId} stopped at x${last.x} (status ${show(last.answer?.result?.status)}) with no result request waiting`
          : `task ${task.taskId} (x${task.x}) was never polled and no result request waited for it`,
        [task.x, ...(last ? [last.x] : [])],
      );
    }
  }
  return pass(
    `${tasks.length} task(s) followed until terminal`,
    tasks.map((t) => t.x),
  );
});

/** 251125-tasks-478: the client asks about each task itself (the server sends no status notifications). */
export const statusNotificationNotRelied = judge('tasks-status-notification-not-relied', ({ exchanges }) => {
  const tasks = createdTasks(exchanges);
  if (tasks.length === 0) return notApplicable('no task was created');
  const asked = taskRequests(exchanges, ['tasks/get', 'tasks/result']);
  const silent = tasks.find((t) => forTask(asked, t.taskId).length === 0);
  if (silent) return fail(`task ${silent.taskId} (x${silent.x}) was never polled nor its result requested`, [silent.x]);
  return pass(
    `every task was polled or its result requested (${asked.length} requests)`,
    asked.map((r) => r.x),
  );
});

const noMetaJudge = (methods: readonly string[]): Judge => {
  return ({ exchanges }) => {
    const rs = taskRequests(exchanges, methods);
    if (rs.length === 0) return notApplicable(`no ${methods.join(', ')} request`);
    const bad = rs.find((r) => hasRelatedTaskMeta(r.msg));
    if (bad) return fail(`${bad.method} (x${bad.x}) carries related-task metadata`, [bad.x]);
    return pass(
      `${rs.length} ${methods.join('/')} requests carry no related-task metadata`,
      rs.map((r) => r.x),
    );
  };
};

/** 251125-tasks-472b (requestor half): tasks/get, tasks/result and tasks/cancel carry no related-task metadata. */
export const noRelatedMetaInTaskRequests = judge(
  'tasks-no-related-task-meta-in-task-requests',
  noMetaJudge(['tasks/get', 'tasks/result', 'tasks/cancel']),
);
/** 251125-tasks-754 (requestor side): tasks/get, tasks/list and tasks/cancel carry no related-task metadata. */
export const noRelatedMeta = judge(
  'tasks-no-related-task-meta',
  noMetaJudge(['tasks/get', 'tasks/list', 'tasks/cancel']),
);
