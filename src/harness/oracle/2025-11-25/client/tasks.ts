import type { OracleClient } from './client.ts';

/**
 * The oracle's task requestor (scenario task-call): reads each tool's `execution.taskSupport` from `tools/list`,
 * calls a task-only tool as a task, polls it at the server's `pollInterval` until it is terminal, then collects its
 * result. Each mutant switch flips one of those behaviours (mutants.ts, "task-call" block).
 */

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retention the oracle asks for (251125-tasks-128). */
const REQUESTED_TTL_MS = 30_000;
/** Poll period of the fast-poll mutant. */
const FAST_POLL_MS = 20;
/** How long the stop-polling-early mutant goes quiet (well past the reference's job duration). */
const QUIET_MS = 2_500;
/** Bound on polls, so the oracle always exits. */
const MAX_POLLS = 200;
const TERMINAL = ['completed', 'failed', 'cancelled'];
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** `taskSupport` of every listed tool (absent = forbidden). */
export async function taskSupportOf(c: OracleClient): Promise<Map<string, string>> {
  const listed = await c.request('tools/list');
  const out = new Map<string, string>();
  for (const t of Array.isArray(listed.tools) ? listed.tools : []) {
    if (!isObj(t) || typeof t.name !== 'string') continue;
    const support = isObj(t.execution) ? t.execution.taskSupport : undefined;
    out.set(t.name, typeof support === 'string' ? support : 'forbidden');
  }
  return out;
}

/** Call a tool the way its `taskSupport` asks (or the mutant says) and return its CallToolResult. */
export async function callTool(
  c: OracleClient,
  support: Map<string, string>,
  name: string,
  args: Msg,
  mutant: string | undefined,
): Promise<Msg> {
  const required = support.get(name) === 'required';
  const plain = { name, arguments: args };
  if (required && mutant === 'required-tool-direct') await c.request('tools/call', plain).catch(() => undefined);
  if (!required && mutant === 'forbidden-tool-as-task')
    await c.request('tools/call', { ...plain, task: { ttl: REQUESTED_TTL_MS } }).catch(() => undefined);
  if (!required) return c.request('tools/call', plain);
  const task = mutant === 'no-ttl' ? {} : { ttl: REQUESTED_TTL_MS };
  const created = await c.request('tools/call', { ...plain, task });
  if (!isObj(created.task) || typeof created.task.taskId !== 'string')
    throw new Error(`tools/call ${name} as a task returned no task: POST ${c.url}`);
  return follow(c, created.task, mutant);
}

/** Poll the task until it is terminal, respecting `pollInterval`, then fetch its result with `tasks/result`. */
async function follow(c: OracleClient, first: Msg, mutant: string | undefined): Promise<Msg> {
  const taskId = first.taskId as string;
  const meta = mutant === 'related-task-meta' ? { _meta: { [RELATED_TASK]: { taskId } } } : {};
  if (mutant === 'await-status-notification') {
    // Waits for a status notification the server never has to send, then gives up.
    await sleep(QUIET_MS);
    throw new Error(`no task status notification arrived for ${taskId}: ${c.url}`);
  }
  let task = first;
  for (let polls = 0; !TERMINAL.includes(String(task.status)); polls++) {
    if (polls >= MAX_POLLS) throw new Error(`task ${taskId} still ${String(task.status)} after ${polls} polls`);
    if (mutant === 'stop-polling-early' && polls === 1) {
      await sleep(QUIET_MS);
      break;
    }
    const interval = typeof task.pollInterval === 'number' ? task.pollInterval : 1_000;
    const skip = mutant === 'fast-poll' || (mutant === 'fast-first-poll' && polls === 0);
    await sleep(skip ? FAST_POLL_MS : interval);
    task = await c.request('tasks/get', { taskId, ...meta });
  }
  return c.request('tasks/result', { taskId, ...meta });
}
