// Glue: an MCP server built with tmcp (`McpServer` + `ZodJsonSchemaAdapter`, `server.tool`) and @tmcp/transport-http's
// `HttpTransport` (./serve.ts: node:http through @remix-run/node-fetch-server, as the transport's README shows).
// Exposes the tools one server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// tmcp has no tasks API (tasks: not attempted, see libraries/registry.json).
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { McpServer } from 'tmcp';
import { z } from 'zod';
import { serve } from './serve.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const build = () =>
  new McpServer(
    { name: 'mcpfs-tmcp-glue', version: '1.0.0', description: 'benchmark glue' },
    { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} } },
  );
type Server = ReturnType<typeof build>;

/** Per scenario: the tools its prompt lists. */
const SCENARIOS: Record<string, (s: Server) => void> = {
  'tools-basics': (s) => {
    s.tool(
      {
        name: 'add',
        description: 'Add two numbers and return the sum as text.',
        schema: z.object({ a: z.number(), b: z.number() }),
      },
      async ({ a, b }) => text(String(a + b)),
    );
    s.tool(
      { name: 'echo', description: 'Return the given text unchanged.', schema: z.object({ text: z.string() }) },
      async ({ text: t }) => text(t),
    );
  },
  sessions: (s) => {
    // Per-session state keyed by `server.ctx.sessionId` (README: `ctx`).
    const counters = new Map<string, number>();
    s.tool(
      {
        name: 'increment',
        description: "Increment this session's counter and return its new value as text.",
        schema: z.object({}),
      },
      async () => {
        const key = s.ctx.sessionId ?? '';
        counters.set(key, (counters.get(key) ?? 0) + 1);
        return text(String(counters.get(key)));
      },
    );
  },
  streaming: (s) => {
    s.tool(
      {
        name: 'countdown',
        description: 'Stream n progress notifications, then return "liftoff".',
        schema: z.object({ n: z.number().int().min(1).max(10) }),
      },
      async ({ n }) => {
        for (let i = 1; i <= n; i++) s.progress(i, n); // README "Progress Reporting"
        return text('liftoff');
      },
    );
  },
  cancellation: (s) => {
    s.tool(
      {
        name: 'long_countdown',
        description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
        schema: z.object({ n: z.number().int().min(1).max(10) }),
      },
      async ({ n }) => {
        // Cooperative cancellation through `server.ctx.signal` (README: `ctx`), read when the call starts.
        const signal = s.ctx.signal;
        for (let i = n; i > 0; i--) {
          await sleep(300);
          if (signal?.aborted) throw new Error('Request cancelled');
        }
        return text('liftoff');
      },
    );
  },
  'poll-resume': (s) => {
    // @tmcp/transport-http has no event ids, retry advice or resumption: the tool is written plainly (its stream
    // stays open until the result). It does not stop on `ctx.signal`, which the transport also aborts when a
    // response stream is dropped: the prompt wants a dropped call to carry on.
    s.tool(
      {
        name: 'slow_countdown',
        description: 'Count down from n, one step every 300 ms, reporting progress, then return "liftoff".',
        schema: z.object({ n: z.number().int().min(1).max(10) }),
      },
      async ({ n }) => {
        for (let i = 1; i <= n; i++) {
          await sleep(300);
          s.progress(i, n);
        }
        return text('liftoff');
      },
    );
  },
};

const tools = SCENARIOS[process.argv[2] ?? ''];
if (!tools) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const server = build();
tools(server);
serve(server, process.argv[2]!);
