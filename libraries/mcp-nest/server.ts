// Glue: a 2025-11-25 MCP server built with @rekog/mcp-nest (`McpStrategy` with `StreamableHttpTransport` on a NestJS
// app, README "Quick Start"; serve.ts), exposing the tools one server-role prompt asks for through the strategy's
// `registerTool`. Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Tasks and poll-resume: not attempted (libraries/registry.json). Policy (CONTEXT.md): library features only.
import { McpStrategy, StreamableHttpTransport, type McpContext } from '@rekog/mcp-nest';
import { z } from 'zod';
import { serve } from './serve.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countdownInput = z.object({ n: z.number().int().min(1).max(10) });
type Register = McpStrategy['registerTool'];

const counters = new Map<string, number>();
const SCENARIOS: Record<string, (register: Register) => void> = {
  'tools-basics': (register) => {
    register({
      name: 'add',
      description: 'Add two numbers and return the sum as text.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      handler: async ({ a, b }) => text(String((a as number) + (b as number))),
    });
    register({
      name: 'echo',
      description: 'Return the given text unchanged.',
      parameters: z.object({ text: z.string() }),
      handler: async (args) => text(args.text as string),
    });
  },
  sessions: (register) => {
    register({
      name: 'increment',
      description: "Increment this session's counter and return its new value as text.",
      parameters: z.object({}),
      // The session the call belongs to: `ctx.getSession()` (docs/migration-to-v2.md), whose sessionId is set in
      // statefulMode on the legacy era.
      handler: async (_args, ctx) => {
        const id = (ctx as McpContext).getSession().sessionId ?? '';
        const n = (counters.get(id) ?? 0) + 1;
        counters.set(id, n);
        return text(String(n));
      },
    });
  },
  streaming: (register) => {
    register({
      name: 'countdown',
      description: 'Stream n progress notifications, then return "liftoff".',
      parameters: countdownInput,
      // `ctx.reportProgress` (README Quick Start) sends only when the request carries a progressToken.
      handler: async (args, ctx) => {
        const n = args.n as number;
        for (let i = 1; i <= n; i++) await ctx.reportProgress({ progress: i, total: n });
        return text('liftoff');
      },
    });
  },
  cancellation: (register) => {
    register({
      name: 'long_countdown',
      description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
      parameters: countdownInput,
      // A tool's context has no abort signal; cancellation is left to the SDK's protocol layer underneath.
      handler: async (args) => {
        for (let i = args.n as number; i > 0; i--) await sleep(300);
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
const mcp = new McpStrategy({
  name: 'mcpfs-mcp-nest-glue',
  version: '1.0.0',
  transports: [
    new StreamableHttpTransport({
      // Sessions (2025 era): README "`new StreamableHttpTransport({ statefulMode: true })`" for session management
      // and the standing GET stream; the prompts' Origin check: `security` (403 for a foreign Origin, off by default).
      statefulMode: true,
      security: { allowedOrigins: 'localhost', allowedHosts: 'localhost' },
    }),
  ],
});
tools((d) => mcp.registerTool(d));
await serve(mcp, process.argv[2]!);
