// Glue: a 2025-11-25 MCP server built with Vercel's mcp-handler (`createMcpHandler`, `server.registerTool`, as its
// README's Quick Start shows), served on node:http (serve.ts). mcp-handler serves 2025-era clients through the SDK's
// stateless legacy fallback (README "Protocol Support"): no sessions, GET/DELETE answer 405. Exposes the tools one
// server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Sessions, tasks and poll-resume: not attempted (libraries/registry.json). Policy (CONTEXT.md): library features only.
import type { McpServer } from '@modelcontextprotocol/server';
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';
import { serve } from './serve.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countdownInput = z.object({ n: z.number().int().min(1).max(10) });

const SCENARIOS: Record<string, (s: McpServer) => void> = {
  'tools-basics': (s) => {
    s.registerTool(
      'add',
      {
        description: 'Add two numbers and return the sum as text.',
        inputSchema: z.object({ a: z.number(), b: z.number() }),
      },
      async ({ a, b }) => text(String(a + b)),
    );
    s.registerTool(
      'echo',
      { description: 'Return the given text unchanged.', inputSchema: z.object({ text: z.string() }) },
      async ({ text: t }) => text(t),
    );
  },
  streaming: (s) => {
    s.registerTool(
      'countdown',
      { description: 'Stream n progress notifications, then return "liftoff".', inputSchema: countdownInput },
      async ({ n }, ctx) => {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined)
          for (let i = 1; i <= n; i++)
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken, progress: i, total: n },
            });
        return text('liftoff');
      },
    );
  },
  cancellation: (s) => {
    s.registerTool(
      'long_countdown',
      {
        description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
        inputSchema: countdownInput,
      },
      // The SDK aborts `ctx.mcpReq.signal` when the request is cancelled or its connection closes.
      async ({ n }, ctx) => {
        for (let i = n; i > 0; i--) {
          await sleep(300);
          if (ctx.mcpReq.signal.aborted) throw new Error('long_countdown: cancelled');
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
serve(createMcpHandler(tools, { serverInfo: { name: 'mcpfs-mcp-handler-glue', version: '1.0.0' } }), process.argv[2]!);
