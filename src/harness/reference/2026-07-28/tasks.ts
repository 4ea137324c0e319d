import { randomUUID } from 'node:crypto';
import { META } from '../../../bench/plans/2026-07-28/protocol.ts';
import { TASKS_EXT } from '../../../bench/plans/2026-07-28/server-steps.ts';
import type { RecordedRequest } from '../../wire/server.ts';
import { complete } from './tools.ts';
import { isObj, rpcError } from './validate.ts';

/**
 * The tasks-extension side of the 2026-07-28 reference server (scenario task-poll): `get_secret` runs as a task when
 * the request declares the extension, finishes after `TASK_DURATION_MS`, and is followed with `tasks/get`, whose
 * completed answer inlines the result (there is no tasks/result in the extension). No `notifications/tasks` are sent
 * and `subscriptions/listen` is not offered, so a client cannot wait to be told.
 */

/** How long the job runs: long enough for several polls at `POLL_INTERVAL_MS`. */
export const TASK_DURATION_MS = 2_500;
/**
 * The polling interval the server suggests (260728-exttasks-308a): `FIRST_POLL_MS` in the CreateTaskResult, then
 * `POLL_INTERVAL_MS` in every tasks/get answer. The value MAY change over a task's lifetime (-308b): a client that
 * keeps the first one polls too soon.
 */
export const FIRST_POLL_MS = 100;
export const POLL_INTERVAL_MS = 1_000;
/** Retention of every task (`ttlMs`), far past the trial. */
const TTL_MS = 60_000;

type Msg = Record<string, unknown>;

/** One task the reference runs. */
interface RefTask {
  taskId: string;
  status: 'working' | 'completed';
  createdAt: string;
  lastUpdatedAt: string;
  /** The CallToolResult the task ends with (inlined once completed, 260728-exttasks-330). */
  result: Msg;
}
/** Tasks of one trial, by unguessable id (UUID): the protocol is stateless, the taskId is the only handle. */
export type TaskStore = Map<string, RefTask>;

/** The request's per-request capabilities declare the tasks extension. */
export function declaresTasks(params: Msg): boolean {
  const meta = isObj(params._meta) ? params._meta : {};
  const caps = meta[META.clientCapabilities];
  const ext = isObj(caps) ? caps.extensions : undefined;
  return isObj(ext) && isObj(ext[TASKS_EXT]);
}

/** -32021 naming the extension (260728-exttasks-63 for tools/call, -799 for the task methods). */
function missingExtension(req: RecordedRequest, id: unknown, what: string): void {
  req.label('missing-tasks-extension');
  req.json(
    400,
    rpcError(id, -32021, `Missing required client capability: ${what} needs extensions["${TASKS_EXT}"]`, {
      requiredCapabilities: { extensions: { [TASKS_EXT]: {} } },
    }),
  );
}

const view = (t: RefTask, pollIntervalMs = POLL_INTERVAL_MS): Msg => ({
  taskId: t.taskId,
  status: t.status,
  createdAt: t.createdAt,
  lastUpdatedAt: t.lastUpdatedAt,
  ttlMs: TTL_MS,
  pollIntervalMs,
});

/** Run a tool call as a task: a CreateTaskResult now, the task completes with `result` later. */
export function createTask(tasks: TaskStore, req: RecordedRequest, id: unknown, params: Msg, result: Msg): void {
  if (!declaresTasks(params)) return missingExtension(req, id, String(params.name));
  const now = new Date().toISOString();
  const t: RefTask = { taskId: randomUUID(), status: 'working', createdAt: now, lastUpdatedAt: now, result };
  tasks.set(t.taskId, t);
  setTimeout(() => {
    t.status = 'completed';
    t.lastUpdatedAt = new Date().toISOString();
  }, TASK_DURATION_MS).unref();
  req.label('task-created');
  req.json(200, complete(id, view(t, FIRST_POLL_MS), 'task'));
}

/** `tasks/get`, `tasks/update` and `tasks/cancel`; false when the method is not one of the extension's. */
export function taskRequest(tasks: TaskStore, req: RecordedRequest, id: unknown, method: string, params: Msg): boolean {
  if (!['tasks/get', 'tasks/update', 'tasks/cancel'].includes(method)) return false;
  if (!declaresTasks(params)) {
    missingExtension(req, id, method);
    return true;
  }
  const t = typeof params.taskId === 'string' ? tasks.get(params.taskId) : undefined;
  if (!t) {
    req.label('task-unknown');
    req.json(200, rpcError(id, -32602, `Invalid params: unknown taskId ${JSON.stringify(params.taskId)}`));
    return true;
  }
  req.label(`${method} ${t.status}`);
  if (method === 'tasks/get')
    req.json(200, complete(id, { ...view(t), ...(t.status === 'completed' ? { result: t.result } : {}) }));
  // The job needs no input, so there is nothing to update; a cancel is acknowledged and (cooperatively) not honoured.
  else if (method === 'tasks/update') req.json(200, rpcError(id, -32602, 'Invalid params: the task needs no input'));
  else req.json(200, complete(id, {}));
  return true;
}
