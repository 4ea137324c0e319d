import { randomUUID } from 'node:crypto';
import type { RecordedRequest } from '../../wire/server.ts';
import type { ReferenceState } from './server.ts';

/**
 * The task side of the 2025-11-25 reference server (scenario task-call): `get_secret` runs only as a task
 * (`execution.taskSupport: "required"`), finishes after `TASK_DURATION_MS`, and is polled with `tasks/get` and
 * collected with `tasks/result`. No `notifications/tasks/status` is ever sent (they are optional, 251125-tasks-478),
 * and neither `tasks/list` nor `tasks/cancel` is declared, so a client cannot lean on them.
 */

/** How long the job runs: long enough for several polls at `POLL_INTERVAL_MS`. */
export const TASK_DURATION_MS = 2_500;
/** The polling interval the server suggests in every task it reports (251125-tasks-193, -459b). */
export const POLL_INTERVAL_MS = 1_000;
/** Longest retention the server grants; a longer requested `ttl` is lowered (251125-tasks-456). */
const MAX_TTL_MS = 60_000;
/** Meta key that ties a message to its task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** The `tasks` capability the reference declares for task-call: task-augmented `tools/call`, nothing else. */
export const TASKS_CAPABILITY = { requests: { tools: { call: {} } } };

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One task the reference runs. */
export interface RefTask {
  taskId: string;
  status: 'working' | 'completed';
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  /** The CallToolResult the task ends with. */
  result: Msg;
  /** Resolves when the task reaches `completed` (tasks/result blocks on it, 251125-tasks-465). */
  done: Promise<void>;
}
export type TaskStore = Map<string, RefTask>;

const ok = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id, result });
const err = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The Task object as tasks/get and CreateTaskResult report it. */
function view(t: RefTask): Msg {
  return {
    taskId: t.taskId,
    status: t.status,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: t.ttl,
    pollInterval: POLL_INTERVAL_MS,
  };
}

/** Accept a task-augmented call: answer a CreateTaskResult now, complete the task with `result` later. */
export function createTask(s: ReferenceState, req: RecordedRequest, id: unknown, task: Msg, result: Msg): void {
  const asked = task.ttl;
  const ttl =
    typeof asked === 'number' && Number.isInteger(asked) && asked >= 0 ? Math.min(asked, MAX_TTL_MS) : MAX_TTL_MS;
  const now = new Date().toISOString();
  let finish!: () => void;
  const t: RefTask = {
    taskId: randomUUID(),
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttl,
    result,
    done: new Promise<void>((r) => (finish = r)),
  };
  s.tasks.set(t.taskId, t);
  setTimeout(() => {
    t.status = 'completed';
    t.lastUpdatedAt = new Date().toISOString();
    // The judges of 251125-tasks-195a read when the task turned terminal from this note (the client cannot see it).
    s.rec.note('task completed', { data: { taskId: t.taskId } });
    finish();
  }, TASK_DURATION_MS).unref();
  req.label('task-created');
  req.json(200, ok(id, { task: view(t) }));
}

function taskOf(s: ReferenceState, req: RecordedRequest, id: unknown, params: Msg): RefTask | undefined {
  const t = typeof params.taskId === 'string' ? s.tasks.get(params.taskId) : undefined;
  if (!t) {
    req.label('task-unknown');
    req.json(200, err(id, -32602, `Invalid params: unknown taskId ${JSON.stringify(params.taskId)}`));
  }
  return t;
}

/** `tasks/get` and `tasks/result`; false when the method is not a task method this server offers. */
export async function taskRequest(
  s: ReferenceState,
  req: RecordedRequest,
  id: unknown,
  method: string,
  params: Msg,
): Promise<boolean> {
  if (method === 'tasks/get') {
    const t = taskOf(s, req, id, params);
    if (t) {
      req.label(`tasks/get ${t.status}`);
      req.json(200, ok(id, view(t)));
    }
    return true;
  }
  if (method === 'tasks/result') {
    const t = taskOf(s, req, id, params);
    if (!t) return true;
    req.label(`tasks/result ${t.status}`);
    await t.done;
    const meta = isObj(t.result._meta) ? t.result._meta : {};
    req.json(200, ok(id, { ...t.result, _meta: { ...meta, [RELATED_TASK]: { taskId: t.taskId } } }));
    return true;
  }
  return false;
}
