import { isObject, type Exchange } from '../../exchanges.ts';
import { isRequest, resultOf } from '../../jsonrpc.ts';
import type { WireEvent } from '../../../schema/wire-event.ts';
import { answerIn, clientMessages, type ClientMessage, type Msg } from '../../common/client/view.ts';

/** Views of the task traffic in a 2025-11-25 client-role log (the client is the requestor, the reference the receiver). */

/** Meta key that ties a message to a task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** Statuses after which polling may stop (251125-tasks-195a): the terminal ones and input_required. */
export const POLL_END = ['completed', 'failed', 'cancelled', 'input_required'];
/** Text of the reference's note when one of its tasks turns terminal (reference tasks.ts). */
export const COMPLETED_NOTE = 'task completed';

const paramsOf = (m: Msg): Msg => (isObject(m.params) ? m.params : {});

/** `execution.taskSupport` by tool name, from every tools/list answer the server sent (absent = `forbidden`). */
export function listedTaskSupport(exchanges: readonly Exchange[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of clientMessages(exchanges)) {
    if (!isRequest(m.msg) || m.msg.method !== 'tools/list') continue;
    const result = resultOf(answerIn(m.ex, m.msg.id)?.msg);
    for (const t of Array.isArray(result?.tools) ? result.tools : []) {
      if (!isObject(t) || typeof t.name !== 'string') continue;
      const support = isObject(t.execution) ? t.execution.taskSupport : undefined;
      out.set(t.name, typeof support === 'string' ? support : 'forbidden');
    }
  }
  return out;
}

/** A `tools/call` request the client sent, and whether it asked for task-augmented execution. */
export interface SentCall extends ClientMessage {
  name: string;
  /** `params.task` when it is an object (task-augmented), else undefined. */
  task?: Msg;
}

export function sentToolCalls(exchanges: readonly Exchange[]): SentCall[] {
  return clientMessages(exchanges).flatMap((m) => {
    if (!isRequest(m.msg) || m.msg.method !== 'tools/call') return [];
    const p = paramsOf(m.msg);
    if (typeof p.name !== 'string') return [];
    return [{ ...m, name: p.name, ...(isObject(p.task) ? { task: p.task } : {}) }];
  });
}

/** A task the server created for a task-augmented call: its id, the tool, and the CreateTaskResult's time. */
export interface CreatedTask {
  taskId: string;
  tool: string;
  x: number;
  /** When the CreateTaskResult left the server. */
  t: number;
  pollInterval?: number;
}

export function createdTasks(exchanges: readonly Exchange[]): CreatedTask[] {
  return sentToolCalls(exchanges).flatMap((c) => {
    if (!c.task) return [];
    const a = answerIn(c.ex, c.msg.id);
    const task = resultOf(a?.msg)?.task;
    if (!a || !isObject(task) || typeof task.taskId !== 'string') return [];
    const pi = task.pollInterval;
    return [
      { taskId: task.taskId, tool: c.name, x: c.x, t: a.t, ...(typeof pi === 'number' ? { pollInterval: pi } : {}) },
    ];
  });
}

/** A task-method request (`tasks/get`, `tasks/result`, …) the client sent, with the server's answer if any. */
export interface TaskRequest extends ClientMessage {
  method: string;
  taskId?: string;
  answer?: { t: number; result?: Msg };
}

export function taskRequests(exchanges: readonly Exchange[], methods: readonly string[]): TaskRequest[] {
  return clientMessages(exchanges).flatMap((m) => {
    if (!isRequest(m.msg) || !methods.includes(m.msg.method)) return [];
    const p = paramsOf(m.msg);
    const a = answerIn(m.ex, m.msg.id);
    const result = resultOf(a?.msg);
    return [
      {
        ...m,
        method: m.msg.method,
        ...(typeof p.taskId === 'string' ? { taskId: p.taskId } : {}),
        ...(a ? { answer: { t: a.t, ...(result ? { result } : {}) } } : {}),
      },
    ];
  });
}

/** When the reference noted each of its tasks terminal, by task id. */
export function completionTimes(events: readonly WireEvent[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of events)
    if (e.type === 'note' && e.text === COMPLETED_NOTE && typeof e.data?.taskId === 'string')
      out.set(e.data.taskId, e.t);
  return out;
}

/** Whether a request's params carry related-task metadata. */
export const hasRelatedTaskMeta = (m: Msg): boolean => {
  const meta = paramsOf(m)._meta;
  return isObject(meta) && RELATED_TASK in meta;
};
