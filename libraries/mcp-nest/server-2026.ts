// Glue: a 2026-07-28 MCP server built with @rekog/mcp-nest (`McpStrategy` with `StreamableHttpTransport` on a NestJS
// app, README "Quick Start"; serve.ts), which serves the modern era through the SDK v2's per-request handler
// (docs/protocol-revisions.md: dual-era by default). Tools through the strategy's `registerTool`, written like
// sdk-v2-server/server.ts. Usage: `node server-2026.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Tasks, multi-round-trip and param-headers: not attempted (libraries/registry.json).
import { McpStrategy, StreamableHttpTransport, type StreamableHttpTransportOptions } from '@rekog/mcp-nest';
import { z } from 'zod';
import { serve } from './serve.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
type Register = McpStrategy['registerTool'];

/** A countdown job of the streaming and subscriptions prompts: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
const jobs = new Map<string, Job>();
const plugins = new Set<string>();
const fixedTools = new Set(['install_plugin', 'countdown', 'job_status']);

/** The prompts' countdown and job_status tools. A tool's context has no abort signal, so a countdown runs to its end. */
function countdownTools(register: Register): void {
  register({
    name: 'countdown',
    description:
      'Count n ticks of 100 ms over an SSE stream, with a progress notification per tick when asked, then return "liftoff".',
    parameters: z.object({ jobId: z.string(), n: z.number().int().min(1).max(100) }),
    handler: async (args, ctx) => {
      const jobId = args.jobId as string;
      const n = args.n as number;
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      for (let i = 1; i <= n; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (jobs.get(jobId) !== job) {
          job.state = 'cancelled';
          throw new Error('countdown cancelled');
        }
        job.ticks = i;
        // `ctx.reportProgress` (README Quick Start): on the modern era, on the request's own stream, and only when
        // the request carries a progressToken.
        await ctx.reportProgress({ progress: i, total: n });
      }
      job.state = 'done';
      return text('liftoff');
    },
  });
  register({
    name: 'job_status',
    description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
    parameters: z.object({ jobId: z.string() }),
    handler: async (args) => {
      const job = jobs.get(args.jobId as string);
      return job ? text(`${job.state} ${job.ticks}`) : { ...text(`no job ${args.jobId as string}`), isError: true };
    },
  });
}

const SCENARIOS: Record<string, { tools: (register: Register) => void; transport?: StreamableHttpTransportOptions }> = {
  'stateless-tools': {
    tools: (register) => {
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
  },
  streaming: {
    transport: { responseMode: 'sse' }, // the prompt asks for SSE answers to countdown
    tools: countdownTools,
  },
  subscriptions: {
    transport: { responseMode: 'sse' },
    tools: (register) => {
      // `registerTool` at run time announces the tool-list change to the transports (docs/dynamic-capabilities.md);
      // the HTTP transport publishes it to the open subscriptions/listen streams.
      register({
        name: 'install_plugin',
        description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
        parameters: z.object({ name: z.string() }),
        handler: async (args) => {
          const name = args.name as string;
          if (!/^[a-z0-9_]{1,32}$/.test(name) || fixedTools.has(name))
            return { ...text(`invalid plugin name ${JSON.stringify(name)}`), isError: true };
          if (!plugins.has(name)) {
            plugins.add(name);
            register({
              name,
              description: `The ${name} plugin.`,
              parameters: z.object({}),
              handler: async () => text(`${name} ready`),
            });
          }
          return text(`installed ${name}`);
        },
      });
      countdownTools(register);
    },
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`usage: node server-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const mcp = new McpStrategy({
  name: 'mcpfs-mcp-nest-glue',
  version: '1.0.0',
  transports: [
    new StreamableHttpTransport({
      // The prompts' Origin check: `security` (403 for a foreign Origin, off by default).
      security: { allowedOrigins: 'localhost', allowedHosts: 'localhost' },
      ...scenario.transport,
    }),
  ],
});
scenario.tools((d) => mcp.registerTool(d));
await serve(mcp, process.argv[2]!);
