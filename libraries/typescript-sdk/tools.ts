// The 2025-11-25 server prompts' tools, written with @modelcontextprotocol/sdk 1.x's `McpServer` API
// (`registerTool`, `experimental.tasks.registerToolTask`), as the SDK's README and examples show. Shared by every glue
// that hosts the SDK's McpServer (this folder's server and @hono/mcp's): one tool set per server-role scenario.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  InMemoryTaskMessageQueue,
  InMemoryTaskStore,
} from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The countdown tools' `n` (the prompts' schema: an integer from 1 to 10). */
const countdownInput = { n: z.number().int().min(1).max(10) };

/**
 * Per scenario: whether the server runs tasks, whether it polls (the transport's `retryInterval`, and the glue closes
 * standalone GET streams early, as the SDK's ssePollingExample describes), and the tools its prompt lists.
 */
export const SCENARIOS: Record<string, { tasks?: boolean; poll?: boolean; tools: (s: McpServer) => void }> = {
  'tools-basics': {
    tools: (s) => {
      s.registerTool(
        'add',
        { description: 'Add two numbers and return the sum as text.', inputSchema: { a: z.number(), b: z.number() } },
        async ({ a, b }) => text(String(a + b)),
      );
      s.registerTool(
        'echo',
        { description: 'Return the given text unchanged.', inputSchema: { text: z.string() } },
        async (a) => text(a.text),
      );
    },
  },
  sessions: {
    tools: (s) => {
      // One McpServer per session (as in the SDK example), so a closure counter is per-session state.
      let counter = 0;
      s.registerTool(
        'increment',
        { description: "Increment this session's counter and return its new value as text.", inputSchema: {} },
        async () => text(String(++counter)),
      );
    },
  },
  streaming: {
    tools: (s) => {
      s.registerTool(
        'countdown',
        {
          description: 'Stream n progress notifications, then return "liftoff".',
          inputSchema: { n: z.number().int().min(1).max(10) },
        },
        async ({ n }, extra) => {
          const progressToken = extra._meta?.progressToken;
          if (progressToken !== undefined) {
            for (let i = 1; i <= n; i++)
              await extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: i, total: n },
              });
          }
          return text('liftoff');
        },
      );
    },
  },
  tasks: {
    tasks: true,
    tools: (s) => {
      // The ordinary tool: registerTool declares no execution.taskSupport, so it never runs as a task.
      s.registerTool(
        'add',
        {
          description: 'Add two numbers and return the sum as text; never runs as a task.',
          inputSchema: { a: z.number(), b: z.number() },
        },
        async ({ a, b }) => text(String(a + b)),
      );
      // The experimental tasks API, as in the SDK example's `delay` tool.
      s.experimental.tasks.registerToolTask(
        'slow_square',
        {
          description: 'Square x after delayMs milliseconds; must be called as a task.',
          inputSchema: { x: z.number(), delayMs: z.number().int().min(0).max(60000) },
          execution: { taskSupport: 'required' },
        },
        {
          async createTask({ x, delayMs }, { taskStore, taskRequestedTtl }) {
            const task = await taskStore.createTask({ ttl: taskRequestedTtl });
            setTimeout(() => {
              // The prompt's crash case (x = 13) fails the task with a diagnostic message: the store's
              // updateTaskStatus(taskId, status, statusMessage), whose statusMessage the SDK documents as the
              // "optional diagnostic message for failed tasks" (storeTaskResult, which the SDK example uses, takes none).
              const done =
                x === 13
                  ? taskStore.updateTaskStatus(task.taskId, 'failed', 'slow_square crashed computing 13 * 13')
                  : taskStore.storeTaskResult(task.taskId, 'completed', text(String(x * x)));
              // A cancelled task cannot be completed any more; the store says so by throwing.
              done.catch((e: unknown) => console.error(`slow_square: ${(e as Error).message}`));
            }, delayMs);
            return { task };
          },
          getTask: async (_args, { taskId, taskStore }) => taskStore.getTask(taskId),
          // The store keeps what storeTaskResult got: the CallToolResult above (its type is the generic Result).
          getTaskResult: async (_args, { taskId, taskStore }) =>
            (await taskStore.getTaskResult(taskId)) as CallToolResult,
        },
      );
    },
  },
  cancellation: {
    tools: (s) => {
      s.registerTool(
        'long_countdown',
        {
          description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
          inputSchema: countdownInput,
        },
        // The SDK aborts `extra.signal` when the client cancels the request, and then sends no response for it.
        async ({ n }, extra) => {
          for (let i = n; i > 0; i--) {
            await sleep(300);
            if (extra.signal.aborted) throw new Error('long_countdown: cancelled');
          }
          return text('liftoff');
        },
      );
    },
  },
  'poll-resume': {
    poll: true,
    tools: (s) => {
      s.registerTool(
        'slow_countdown',
        {
          description: 'Count down from n, one step every 300 ms, reporting progress, then return "liftoff".',
          inputSchema: countdownInput,
        },
        async ({ n }, extra) => {
          const progressToken = extra._meta?.progressToken;
          for (let i = 1; i <= n; i++) {
            await sleep(300);
            if (progressToken !== undefined)
              await extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: i, total: n },
              });
            // Polling as the SDK's ssePollingExample shows: `extra.closeSSEStream` (there when the transport has an
            // event store) ends the call's current connection; the client comes back after the priming event's retry
            // with Last-Event-ID, and what was sent meanwhile waits in the event store. Every 900 ms, so no connection
            // stays open longer than about a second; never at the last step, which the result follows at once.
            if (i % 3 === 0 && i < n) extra.closeSSEStream?.();
          }
          return text('liftoff');
        },
      );
    },
  },
};

/** The scenario named on the command line, or exit 2 with the usage. */
export function scenarioFromArgv(program: string): (typeof SCENARIOS)[string] {
  const scenario = SCENARIOS[process.argv[2] ?? ''];
  if (!scenario) {
    console.error(`usage: node ${program} <${Object.keys(SCENARIOS).join('|')}>`);
    process.exit(2);
  }
  return scenario;
}

const taskStore = new InMemoryTaskStore();

/** A fresh McpServer with the scenario's tools (one per session, as the SDK's stateful example does). */
export function buildServer(scenario: (typeof SCENARIOS)[string], name: string): McpServer {
  const server = scenario.tasks
    ? new McpServer(
        { name, version: '1.0.0' },
        {
          capabilities: { tasks: { cancel: {}, requests: { tools: { call: {} } } } },
          taskStore,
          taskMessageQueue: new InMemoryTaskMessageQueue(),
        },
      )
    : new McpServer({ name, version: '1.0.0' });
  scenario.tools(server);
  return server;
}
