// Glue: an MCP server built with fastmcp (`FastMCP`, `addTool` with zod parameters, `start({ transportType:
// "httpStream" })`) as its README shows, exposing exactly the tools one 2025-11-25 server-role prompt asks for.
// Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp (fastmcp's default endpoint).
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
// fastmcp is stateful by default (a session per client, resumable streams through its default in-memory event
// store); it has no tasks API (tasks: not attempted, see libraries/registry.json).
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per scenario: the tools its prompt lists. */
const SCENARIOS: Record<string, (s: FastMCP) => void> = {
  'tools-basics': (s) => {
    s.addTool({
      name: 'add',
      description: 'Add two numbers and return the sum as text.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => String(a + b),
    });
    s.addTool({
      name: 'echo',
      description: 'Return the given text unchanged.',
      parameters: z.object({ text: z.string() }),
      execute: async ({ text }) => text,
    });
  },
  sessions: (s) => {
    // Per-session state keyed by context.sessionId, as the README's "Session ID and Request ID Tracking" example does.
    const counters = new Map<string, number>();
    s.addTool({
      name: 'increment',
      description: "Increment this session's counter and return its new value as text.",
      parameters: z.object({}),
      execute: async (_args, { sessionId }) => {
        const key = sessionId ?? '';
        counters.set(key, (counters.get(key) ?? 0) + 1);
        return String(counters.get(key));
      },
    });
  },
  streaming: (s) => {
    s.addTool({
      name: 'countdown',
      description: 'Stream n progress notifications, then return "liftoff".',
      parameters: z.object({ n: z.number().int().min(1).max(10) }),
      // reportProgress is a no-op without a progressToken (README "Progress").
      execute: async ({ n }, { reportProgress }) => {
        for (let i = 1; i <= n; i++) await reportProgress({ progress: i, total: n });
        return 'liftoff';
      },
    });
  },
  cancellation: (s) => {
    s.addTool({
      name: 'long_countdown',
      description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
      parameters: z.object({ n: z.number().int().min(1).max(10) }),
      // `context.signal` aborts when the client cancels the call (README "Cancelling Long Tool Calls").
      execute: async ({ n }, { signal }) => {
        for (let i = n; i > 0; i--) {
          await sleep(300);
          signal.throwIfAborted();
        }
        return 'liftoff';
      },
    });
  },
};

const tools = SCENARIOS[process.argv[2] ?? ''];
if (!tools) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const port = Number(process.env.PORT);
const server = new FastMCP({ name: 'mcpfs-fastmcp-glue', version: '1.0.0' });
tools(server);
await server.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1' } });
console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`);
