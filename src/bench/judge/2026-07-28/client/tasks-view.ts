import type { Exchange } from '../../exchanges.ts';
import { clientRequests, isObject, resultFor, type ClientRequest, type Msg } from './view.ts';

/** Views of the tasks-extension traffic in a 2026-07-28 client-role log (the client polls, the reference runs tasks). */

/** Statuses after which a task changes no more (ext-tasks "Task Status"). */
export const TERMINAL = ['completed', 'failed', 'cancelled'];
/** The extension's methods that name a task in `params.taskId` (and so route by it, 260728-exttasks-511). */
export const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'];

/** A task the server created: the tools/call answered with a CreateTaskResult (`resultType: "task"`). */
export interface CreatedTask {
  taskId: string;
  tool: string;
  call: ClientRequest;
  /** When the CreateTaskResult left the server. */
  t: number;
  pollIntervalMs?: number;
}

export function createdTasks(exchanges: readonly Exchange[]): CreatedTask[] {
  return clientRequests(exchanges).flatMap((r) => {
    const result = resultFor(r);
    if (r.method !== 'tools/call' || !r.answer || result?.resultType !== 'task' || typeof result.taskId !== 'string')
      return [];
    const pi = result.pollIntervalMs;
    return [
      {
        taskId: result.taskId,
        tool: String(r.params.name),
        call: r,
        t: r.answer.t,
        ...(typeof pi === 'number' ? { pollIntervalMs: pi } : {}),
      },
    ];
  });
}

/** A task-method request the client sent, with its taskId and the answer's result (if a success). */
export interface TaskRequest extends ClientRequest {
  taskId?: string;
  result?: Msg;
}

export function taskRequests(exchanges: readonly Exchange[], methods: readonly string[]): TaskRequest[] {
  return clientRequests(exchanges).flatMap((r) => {
    if (!methods.includes(r.method)) return [];
    const result = resultFor(r);
    return [
      {
        ...r,
        ...(typeof r.params.taskId === 'string' ? { taskId: r.params.taskId } : {}),
        ...(result ? { result } : {}),
      },
    ];
  });
}

/** The CallToolResult a completed task's tasks/get answer inlines, when it is one. */
export const inlinedResult = (g: TaskRequest): Msg | undefined =>
  g.result?.status === 'completed' && isObject(g.result.result) ? g.result.result : undefined;
