// Glue: an MCP server built with mcp-lite (`McpServer` with zod's `z.toJSONSchema` adapter, `mcp.tool`,
// `StreamableHttpTransport`) mounted on a Hono app as mcp-lite's README Quick Start shows, served by @hono/node-server.
// Exposes the tools one server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// Stateful mode (`InMemorySessionAdapter`, README "Sessions") for session ids, the GET stream and event replay;
// `allowedHosts` / `allowedOrigins` (README "DNS Rebinding Protection") for the Origin check. mcp-lite has no tasks
// API (tasks: not attempted, see libraries/registry.json).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { InMemorySessionAdapter, McpServer, StreamableHttpTransport } from 'mcp-lite';
import { z } from 'zod';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per scenario: the tools its prompt lists. */
const SCENARIOS: Record<string, (s: McpServer) => void> = {
  'tools-basics': (s) => {
    s.tool('add', {
      description: 'Add two numbers and return the sum as text.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      handler: ({ a, b }) => text(String(a + b)),
    });
    s.tool('echo', {
      description: 'Return the given text unchanged.',
      inputSchema: z.object({ text: z.string() }),
      handler: ({ text: t }) => text(t),
    });
  },
  sessions: (s) => {
    // Per-session state keyed by ctx.session.id (README "Context API").
    const counters = new Map<string, number>();
    s.tool('increment', {
      description: "Increment this session's counter and return its new value as text.",
      inputSchema: z.object({}),
      handler: (_args, ctx) => {
        const key = ctx.session?.id ?? '';
        counters.set(key, (counters.get(key) ?? 0) + 1);
        return text(String(counters.get(key)));
      },
    });
  },
  streaming: (s) => {
    s.tool('countdown', {
      description: 'Stream n progress notifications, then return "liftoff".',
      inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
      handler: async ({ n }, ctx) => {
        for (let i = 1; i <= n; i++) await ctx.progress?.({ progress: i, total: n });
        return text('liftoff');
      },
    });
  },
  cancellation: (s) => {
    // mcp-lite gives a handler no cancellation signal (its notifications/cancelled handler does nothing): the tool is
    // written plainly.
    s.tool('long_countdown', {
      description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
      inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
      handler: async ({ n }) => {
        for (let i = n; i > 0; i--) await sleep(300);
        return text('liftoff');
      },
    });
  },
  'poll-resume': (s) => {
    // mcp-lite has no way to close a call's stream early or to set retry advice: the tool is written plainly (its
    // stream stays open until the result); the session adapter's event buffer serves any resumption.
    s.tool('slow_countdown', {
      description: 'Count down from n, one step every 300 ms, reporting progress, then return "liftoff".',
      inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
      handler: async ({ n }, ctx) => {
        for (let i = 1; i <= n; i++) {
          await sleep(300);
          await ctx.progress?.({ progress: i, total: n });
        }
        return text('liftoff');
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
const mcp = new McpServer({
  name: 'mcpfs-mcp-lite-glue',
  version: '1.0.0',
  schemaAdapter: (schema) => z.toJSONSchema(schema as z.ZodType),
});
tools(mcp);
const transport = new StreamableHttpTransport({
  sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 1024 }),
  allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
  allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
});
const httpHandler = transport.bind(mcp);
const app = new Hono();
app.all('/mcp', async (c) => httpHandler(c.req.raw));

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`),
);
