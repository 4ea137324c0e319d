import type { OracleClient2026 } from './client.ts';

/**
 * The oracle's side of the tasks extension (scenario task-poll): a tools/call answered with a CreateTaskResult is
 * followed with tasks/get at the server's `pollIntervalMs` until the task is terminal, and the result inlined in the
 * completed task is the call's result. Each mutant switch flips one of those behaviours (task-mutants.ts).
 */

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll period of the fast-poll mutant. */
const FAST_POLL_MS = 20;
/** How long the stop-polling-early mutant goes quiet (well past the reference's job duration) before giving up. */
const QUIET_MS = 2_500;
/** Poll interval when the server suggests none. */
const DEFAULT_POLL_MS = 1_000;
/** Bound on polls, so the oracle always exits. */
const MAX_POLLS = 200;
const TERMINAL = ['completed', 'failed', 'cancelled'];

/** tools/call; a CreateTaskResult is followed to the task's end and its CallToolResult returned. */
export async function callFollowingTask(
  c: OracleClient2026,
  name: string,
  args: Msg,
  mutant: string | undefined,
): Promise<Msg> {
  const first = await c.request('tools/call', { name, arguments: args });
  if (first.resultType !== 'task') return first;
  if (typeof first.taskId !== 'string') throw new Error(`tools/call ${name}: a task without taskId: POST ${c.url}`);
  const taskId = first.taskId;
  let task = first;
  for (let polls = 0; !TERMINAL.includes(String(task.status)); polls++) {
    if (polls >= MAX_POLLS) throw new Error(`task ${taskId} still ${String(task.status)} after ${polls} polls`);
    if (mutant === 'stop-polling-early' && polls === 1) {
      await sleep(QUIET_MS);
      throw new Error(`task ${taskId}: stopped polling while it was ${String(task.status)}: POST ${c.url}`);
    }
    // The latest answer's interval: it may change over the task's lifetime (the mutant keeps the first one).
    const hint = mutant === 'first-interval-only' ? first : task;
    const interval = typeof hint.pollIntervalMs === 'number' ? hint.pollIntervalMs : DEFAULT_POLL_MS;
    await sleep(mutant === 'fast-poll' ? FAST_POLL_MS : interval);
    task = await c.request('tasks/get', { taskId });
  }
  if (task.status !== 'completed' || !isObj(task.result))
    throw new Error(`task ${taskId} ended ${String(task.status)} without a result: POST ${c.url}`);
  return task.result;
}
