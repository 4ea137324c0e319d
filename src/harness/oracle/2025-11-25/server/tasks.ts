import { randomUUID } from 'node:crypto';
import type { MutantId } from './mutants.ts';
import { InvalidParams } from './tools.ts';

export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
type Status = 'working' | 'completed' | 'failed' | 'cancelled';

interface Task {
  taskId: string;
  status: Status;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  result?: object;
  timer?: NodeJS.Timeout;
  /** Callers blocked in tasks/result. */
  waiters: (() => void)[];
}

const POLL_MS = 100;

/** Nonexistent taskId: -32602 like other invalid params (a subclass so one mutant can answer it wrongly). */
export class TaskNotFound extends InvalidParams {}
const terminal = (s: Status) => s !== 'working';

/**
 * Tasks of one session (the session stands in for the authorization context tasks are bound to, …-871).
 * Task ids are random UUIDs (…-875). Runs a computation after a delay; tasks/result blocks until terminal.
 */
export class TaskStore {
  private readonly tasks = new Map<string, Task>();
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  /** The wire view of a task (Task object). */
  view(t: Task): Record<string, unknown> {
    return {
      taskId: t.taskId,
      status: t.status,
      createdAt: t.createdAt,
      lastUpdatedAt: t.lastUpdatedAt,
      ttl: t.ttl,
      pollInterval: POLL_MS,
    };
  }

  create(ttl: unknown, delayMs: number, compute: () => object): Record<string, unknown> {
    const now = new Date().toISOString();
    const t: Task = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: typeof ttl === 'number' ? ttl : null,
      waiters: [],
    };
    t.timer = setTimeout(() => this.settle(t, 'completed', compute()), delayMs);
    t.timer.unref();
    this.tasks.set(t.taskId, t);
    const v = this.view(t);
    if (this.mutant === 'initial-status-submitted') v.status = 'submitted';
    return { task: v };
  }

  private settle(t: Task, status: Status, result?: object): void {
    if (terminal(t.status)) return;
    clearTimeout(t.timer);
    t.status = status;
    t.result = result;
    t.lastUpdatedAt = new Date().toISOString();
    for (const w of t.waiters.splice(0)) w();
  }

  private find(params: Record<string, unknown>): Task {
    const t = typeof params.taskId === 'string' ? this.tasks.get(params.taskId) : undefined;
    if (!t) throw new TaskNotFound(`Failed to retrieve task: Task not found: ${String(params.taskId)}`);
    return t;
  }

  get(params: Record<string, unknown>): Record<string, unknown> {
    const v = this.view(this.find(params));
    if (this.mutant === 'no-created-at') delete v.createdAt;
    if (this.mutant === 'no-ttl-in-get') delete v.ttl;
    return v;
  }

  /** Blocks until the task is terminal, then returns exactly the tool's result plus the related-task `_meta`. */
  async result(params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const t = this.find(params);
    if (!terminal(t.status)) {
      if (this.mutant === 'result-not-blocking') return this.view(t);
      await new Promise<void>((r) => t.waiters.push(r));
    }
    if (t.status === 'cancelled') throw new InvalidParams(`Task ${t.taskId} was cancelled`);
    const meta = this.mutant === 'no-related-task-meta' ? {} : { _meta: { [RELATED_TASK]: { taskId: t.taskId } } };
    return { ...(t.result ?? {}), ...meta };
  }

  cancel(params: Record<string, unknown>): Record<string, unknown> {
    const t = this.find(params);
    if (terminal(t.status) && this.mutant !== 'cancel-terminal-accepted')
      throw new InvalidParams(`Cannot cancel task ${t.taskId}: already ${t.status}`);
    if (this.mutant === 'cancel-lazy') {
      const before = this.view(t);
      setTimeout(() => this.settle(t, 'cancelled'), 50).unref();
      return before;
    }
    if (terminal(t.status)) t.status = 'cancelled';
    this.settle(t, 'cancelled');
    return this.view(t);
  }
}
