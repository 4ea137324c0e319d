import { randomUUID } from 'node:crypto';
import type { MutantId } from './mutants.ts';
import { ComputationCrashed, InvalidParams } from './tools.ts';

export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
type Status = 'working' | 'completed' | 'failed' | 'cancelled';

interface Task {
  taskId: string;
  status: Status;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  result?: object;
  /** The JSON-RPC error the computation ended with, for a failed task. */
  error?: ComputationCrashed;
  timer?: NodeJS.Timeout;
  /** cancel-lazy: cancelled, but still reported working until the next tasks/get of it has been answered. */
  cancelPending?: boolean;
  /** Callers blocked in tasks/result. */
  waiters: (() => void)[];
}

const POLL_MS = 100;

/** Nonexistent taskId: -32602 like other invalid params (a subclass so one mutant can answer it wrongly). */
export class TaskNotFound extends InvalidParams {}
const terminal = (s: Status) => s !== 'working';

/** The related-task `_meta` naming a task (the meta-everywhere mutant adds it where it does not belong, …-473). */
const relatedMeta = (taskId: string) => ({ _meta: { [RELATED_TASK]: { taskId } } });

/**
 * Tasks of one session (the session stands in for the authorization context tasks are bound to, …-871).
 * Task ids are random UUIDs (…-875). Runs a computation after a delay; tasks/result blocks until terminal.
 * `onStatus` hears every status change (the session sends it as `notifications/tasks/status`, …-477).
 */
export class TaskStore {
  private readonly tasks = new Map<string, Task>();
  private readonly mutant?: MutantId;
  private readonly onStatus: (task: Record<string, unknown>) => void;
  private made = 0;

  constructor(mutant?: MutantId, onStatus: (task: Record<string, unknown>) => void = () => undefined) {
    this.mutant = mutant;
    this.onStatus = onStatus;
  }

  /** The wire view of a task (Task object). */
  view(t: Task): Record<string, unknown> {
    return {
      taskId: this.mutant === 'numeric-task-id' ? Number(t.taskId) : t.taskId,
      status: t.status,
      createdAt: t.createdAt,
      ...(this.mutant === 'no-last-updated' ? {} : { lastUpdatedAt: t.lastUpdatedAt }),
      ttl: t.ttl,
      ...(t.error && this.mutant !== 'no-status-message' ? { statusMessage: t.error.message } : {}),
      ...(this.mutant === 'no-poll-interval' ? {} : { pollInterval: POLL_MS }),
    };
  }

  /** A tasks/get or tasks/cancel result: the Task (the meta-everywhere mutant adds the related-task `_meta`). */
  private answer(t: Task): Record<string, unknown> {
    return { ...this.view(t), ...(this.mutant === 'meta-everywhere' ? relatedMeta(t.taskId) : {}) };
  }

  /** A fresh task id: a random UUID; a counter for the numeric-task-id mutant, one fixed id for fixed-task-id. */
  private newId(): string {
    if (this.mutant === 'fixed-task-id') return 'task-1';
    return this.mutant === 'numeric-task-id' ? String(++this.made) : randomUUID();
  }

  create(ttl: unknown, delayMs: number, compute: () => object): Record<string, unknown> {
    const now = new Date().toISOString();
    const t: Task = {
      taskId: this.newId(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl: typeof ttl === 'number' ? ttl : null,
      waiters: [],
    };
    t.timer = setTimeout(() => {
      try {
        this.settle(t, 'completed', compute());
      } catch (e) {
        if (!(e instanceof ComputationCrashed)) throw e;
        t.error = e;
        this.settle(t, 'failed');
      }
    }, delayMs);
    t.timer.unref();
    this.tasks.set(t.taskId, t);
    const v = this.view(t);
    if (this.mutant === 'initial-status-submitted') v.status = 'submitted';
    return { task: v };
  }

  private settle(t: Task, status: Status, result?: object): void {
    // cancel-revives: the work ending overwrites the cancellation (a terminal status changes, …-407, …-496).
    const revive = this.mutant === 'cancel-revives' && t.status === 'cancelled' && status === 'completed';
    if (terminal(t.status) && !revive) return;
    if (!(this.mutant === 'cancel-revives' && status === 'cancelled')) clearTimeout(t.timer);
    t.status = status;
    t.result = result;
    t.lastUpdatedAt = new Date().toISOString();
    for (const w of t.waiters.splice(0)) w();
    if (this.mutant !== 'no-status-notifications') this.onStatus(this.answer(t));
  }

  /** The task a request names: its `taskId` param (the meta-task-wins mutant prefers the related-task `_meta`). */
  private find(params: Record<string, unknown>): Task {
    const meta = params._meta as Record<string, { taskId?: unknown } | undefined> | undefined;
    const related = this.mutant === 'meta-task-wins' ? meta?.[RELATED_TASK]?.taskId : undefined;
    const id = typeof related === 'string' ? related : params.taskId;
    const t = typeof id === 'string' ? this.tasks.get(id) : undefined;
    if (!t) throw new TaskNotFound(`Failed to retrieve task: Task not found: ${String(id)}`);
    return t;
  }

  get(params: Record<string, unknown>): Record<string, unknown> {
    const t = this.find(params);
    const v = this.answer(t);
    if (this.mutant === 'no-created-at') delete v.createdAt;
    if (this.mutant === 'no-ttl-in-get') delete v.ttl;
    // cancel-lazy: the cancellation lands once this tasks/get has been answered "working" (an event, not a delay: a
    // delay let a loaded prober's tasks/get arrive after it or before it, and the verdicts moved with the load).
    if (t.cancelPending) {
      t.cancelPending = false;
      this.settle(t, 'cancelled');
    }
    return v;
  }

  /** Blocks until the task is terminal, then returns exactly the tool's result plus the related-task `_meta`. */
  async result(params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const t = this.find(params);
    const wasTerminal = terminal(t.status);
    if (!wasTerminal) {
      if (this.mutant === 'result-not-blocking') return this.view(t);
      await new Promise<void>((r) => t.waiters.push(r));
    }
    if (t.status === 'cancelled') throw new InvalidParams(`Task ${t.taskId} was cancelled`);
    // A failed task's result is the JSON-RPC error its request ended with (failed-result-success: a plain success).
    if (t.error && this.mutant === 'failed-result-success')
      return { content: [{ type: 'text', text: '169' }], ...relatedMeta(t.taskId) };
    if (t.error) throw t.error;
    if (wasTerminal && this.mutant === 'terminal-result-status') return this.view(t);
    if (wasTerminal && this.mutant === 'result-as-error')
      throw new InvalidParams(`Task ${t.taskId} already completed; its result was ${JSON.stringify(t.result)}`);
    const meta = this.mutant === 'no-related-task-meta' ? {} : relatedMeta(t.taskId);
    return { ...(t.result ?? {}), ...(this.mutant === 'result-with-status' ? { status: t.status } : {}), ...meta };
  }

  cancel(params: Record<string, unknown>): Record<string, unknown> {
    const t = this.find(params);
    if (terminal(t.status) && this.mutant !== 'cancel-terminal-accepted')
      throw new InvalidParams(`Cannot cancel task ${t.taskId}: already ${t.status}`);
    if (this.mutant === 'cancel-lazy') {
      // Answered before the task is cancelled: the work stops, but tasks/get says working once more (see get).
      clearTimeout(t.timer);
      t.cancelPending = true;
      return this.view(t);
    }
    if (terminal(t.status)) t.status = 'cancelled';
    this.settle(t, 'cancelled');
    return this.answer(t);
  }
}
