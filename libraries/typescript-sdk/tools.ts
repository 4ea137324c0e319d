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

/** Per scenario: whether the server runs tasks, and the tools its prompt lists. */
export const SCENARIOS: Record<string, { tasks?: boolean; tools: (s: McpServer) => void }> = {
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
              // A cancelled task cannot be completed any more; the store says so by throwing.
              taskStore
                .storeTaskResult(task.taskId, 'completed', text(String(x * x)))
                .catch((e: unknown) => console.error(`slow_square: ${(e as Error).message}`));
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
