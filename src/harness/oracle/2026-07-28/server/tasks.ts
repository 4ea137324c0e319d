import { randomUUID } from 'node:crypto';
import type { MutantId } from './mutants.ts';
import { RpcError } from './respond.ts';

export const TASKS_EXT = 'io.modelcontextprotocol/tasks';
const TTL_MS = 60_000;
const POLL_MS = 100;
/** What a non-declaring client is told it lacks (ext-tasks …-63, …-799). */
export const missingTasks = (mutant?: MutantId) =>
  new RpcError(
    400,
    -32021,
    `Missing required client capability: extensions["${TASKS_EXT}"]`,
    mutant === 'missing-extension-no-data' ? undefined : { requiredCapabilities: { extensions: { [TASKS_EXT]: {} } } },
  );

interface Task {
  taskId: string;
  status: 'working' | 'completed' | 'cancelled' | 'failed';
  createdAt: string;
  lastUpdatedAt: string;
  /** The task-not-durable mutant: the first tasks/get of the server's first task does not find it (no timing). */
  hidden: boolean;
  /** The connection that created it: only the connection-bound-tasks mutant looks at it. */
  owner?: object;
  result?: Record<string, unknown>;
  /** The JSON-RPC error of a failed task (…-891). */
  error?: { code: number; message: string };
  timer?: NodeJS.Timeout;
}

/** What the work produced: the request's result, or the JSON-RPC error it ran into. */
export type Outcome = { result: Record<string, unknown> } | { error: { code: number; message: string } };

/**
 * Tasks of the whole server, by unguessable taskId (UUID, …-902b): the protocol is stateless, so the taskId the
 * client passes is the only handle (basic-200). A task computes its result after a delay.
 */
export class TaskStore {
  private readonly tasks = new Map<string, Task>();
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  private view(t: Task): Record<string, unknown> {
    return {
      taskId: t.taskId,
      status: t.status,
      createdAt: t.createdAt,
      lastUpdatedAt: t.lastUpdatedAt,
      ttlMs: TTL_MS,
      pollIntervalMs: POLL_MS,
    };
  }

  /** Start the work; returns the CreateTaskResult fields and its resultType. */
  create(
    delayMs: number,
    compute: () => Outcome,
    owner?: object,
  ): { fields: Record<string, unknown>; resultType: string } {
    const now = new Date().toISOString();
    const t: Task = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      // Only the first task: its immediate tasks/get is what the mutant breaks. Hiding later tasks too made the long
      // task's get (the load-proof sight of a working task) miss, and the verdict then hung on the quick task's timing.
      hidden: this.mutant === 'task-not-durable' && this.tasks.size === 0,
      owner,
    };
    t.timer = setTimeout(() => this.finish(t, compute()), delayMs);
    t.timer.unref();
    this.tasks.set(t.taskId, t);
    return { fields: this.view(t), resultType: this.mutant === 'task-result-type-complete' ? 'complete' : 'task' };
  }

  /**
   * The work is done: a result completes the task, a JSON-RPC error fails it (…-837b, …-891). Mutants:
   * tool-error-failed fails a task whose result is a tool error; crash-completed completes a crashed task with a tool
   * error result instead.
   */
  private finish(t: Task, o: Outcome): void {
    if ('error' in o) {
      if (this.mutant === 'crash-completed')
        return this.settle(t, 'completed', { content: [{ type: 'text', text: o.error.message }], isError: true });
      return this.settle(t, 'failed', undefined, o.error);
    }
    if (this.mutant === 'tool-error-failed' && o.result.isError === true)
      return this.settle(t, 'failed', undefined, {
        code: -32603,
        message: 'Internal error: the tool reported an error',
      });
    this.settle(t, 'completed', o.result);
  }

  private settle(
    t: Task,
    status: Task['status'],
    result?: Record<string, unknown>,
    error?: { code: number; message: string },
  ): void {
    if (t.status !== 'working') return;
    clearTimeout(t.timer);
    t.status = status;
    t.result = result;
    t.error = error;
    t.lastUpdatedAt = new Date().toISOString();
  }

  private find(params: Record<string, unknown>, from?: object): Task {
    const found = typeof params.taskId === 'string' ? this.tasks.get(params.taskId) : undefined;
    // connection-bound-tasks: a task is found only from the connection that created it (…-basic-196).
    const t = this.mutant === 'connection-bound-tasks' && found?.owner !== from ? undefined : found;
    const unseen = t?.hidden === true;
    if (t) t.hidden = false;
    if (!t || unseen) {
      throw new RpcError(
        200,
        this.mutant === 'unknown-task-wrong-code' ? -32603 : -32602,
        `Invalid params: unknown taskId ${String(params.taskId)}`,
      );
    }
    return t;
  }

  /** tasks/get: the DetailedTask and its resultType. */
  get(params: Record<string, unknown>, from?: object): { fields: Record<string, unknown>; resultType: string } {
    const t = this.find(params, from);
    const result =
      t.status === 'completed' && t.result && this.mutant !== 'completed-without-result' ? { result: t.result } : {};
    // A failed task carries its error and says what went wrong (…-835; failed-without-error leaves the error out).
    const failure =
      t.status === 'failed' && t.error
        ? {
            statusMessage: t.error.message,
            ...(this.mutant === 'failed-without-error' ? {} : { error: t.error }),
          }
        : {};
    // working-bare / cancelled-bare: tasks/get reports the status without the rest of the Task (…-328, …-331).
    const bare =
      (this.mutant === 'working-bare' && t.status === 'working') ||
      (this.mutant === 'cancelled-bare' && t.status === 'cancelled');
    return {
      fields: bare ? { taskId: t.taskId, status: t.status } : { ...this.view(t), ...result, ...failure },
      resultType: this.mutant === 'task-get-result-type-task' ? 'task' : 'complete',
    };
  }

  /** tasks/cancel: stop the work, acknowledge with an empty result (the cancel-returns-task mutant sends the task). */
  cancel(params: Record<string, unknown>, from?: object): { fields: Record<string, unknown>; resultType: string } {
    const resultType = this.mutant === 'cancel-result-type-task' ? 'task' : 'complete';
    // cancel-unknown-ok acknowledges a taskId it does not know (…-404b).
    if (this.mutant === 'cancel-unknown-ok' && !(typeof params.taskId === 'string' && this.tasks.has(params.taskId)))
      return { fields: {}, resultType };
    const t = this.find(params, from);
    this.settle(t, 'cancelled');
    return { fields: this.mutant === 'cancel-returns-task' ? this.view(t) : {}, resultType };
  }
}
