// Glue: a 2026-07-28 MCP server built with @mastra/mcp 2.x (`MCPServer` with `createTool` tools from @mastra/core),
// served over Streamable HTTP with `server.startHTTP({ url, httpPath, req, res, options })` from a node:http server,
// as the package's reference (dist/docs/references/reference-tools-mcp-server.md, "startHTTP()") shows. Exposes the
// tools one 2026-07-28 server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// @mastra/mcp 2.0.0 serves 2026-07-28 only (its migration guide) and has no Tasks extension (tasks: not attempted).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { MCPServer } from '@mastra/mcp';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const port = Number(process.env.PORT);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A tool failure: Mastra turns a throw from `execute` into an `isError` result. */
const fail = (message: string): never => {
  throw new Error(message);
};

/** A countdown job of the streaming and subscriptions prompts: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
const jobs = new Map<string, Job>();

/** The prompts' countdown and job_status; cancellation through `context.mcp.extra.signal` (reference, "The extra Object"). */
const countdownTools = () => ({
  countdown: createTool({
    id: 'countdown',
    description: 'Count n ticks of 100 ms, with a progress notification per tick when asked, then return "liftoff".',
    inputSchema: z.object({ jobId: z.string(), n: z.number().int().min(1).max(100) }),
    execute: async ({ jobId, n }, context) => {
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      for (let i = 1; i <= n; i++) {
        await sleep(100);
        if (context.mcp?.extra.signal?.aborted || jobs.get(jobId) !== job) {
          job.state = 'cancelled';
          return fail('countdown cancelled');
        }
        job.ticks = i;
        // A no-op without a progressToken (reference, "Progress notifications").
        await context.mcp?.progress?.({ progress: i, total: n });
      }
      job.state = 'done';
      return 'liftoff';
    },
  }),
  job_status: createTool({
    id: 'job_status',
    description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
    inputSchema: z.object({ jobId: z.string() }),
    execute: async ({ jobId }) => {
      const job = jobs.get(jobId);
      return job ? `${job.state} ${job.ticks}` : fail(`no job ${jobId}`);
    },
  }),
});

// multi-round-trip: a confirmation is good for one transfer. Mastra signs the requestState (its `requestState`
// codec binds it to the tool, its arguments and the caller); the nonce in the suspend payload is what the server
// remembers once redeemed.
const redeemed = new Set<string>();

/** Per scenario: the tools the prompt lists (the record key is the tool name, as the reference says). */
const SCENARIOS: Record<string, () => Record<string, ReturnType<typeof createTool>>> = {
  'stateless-tools': () => ({
    add: createTool({
      id: 'add',
      description: 'Add two numbers and return the sum as text.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => String(a + b),
    }),
    echo: createTool({
      id: 'echo',
      description: 'Return the given text unchanged.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => text,
    }),
  }),
  'param-headers': () => ({
    route_query: createTool({
      id: 'route_query',
      description: 'Route a query to a region.',
      // The prompt's x-mcp-header annotations, through zod's `.meta()` (copied into the JSON Schema).
      inputSchema: z.object({
        region: z
          .string()
          .meta({ description: 'Region to run in; absent means the global region.', 'x-mcp-header': 'Region' })
          .optional(),
        priority: z.number().int().meta({ description: 'Priority, an integer.', 'x-mcp-header': 'Priority' }),
        query: z.string().meta({ description: 'The query text.' }),
      }),
      execute: async ({ region, priority, query }) => `${region ?? 'global'}|${priority}|${query}`,
    }),
  }),
  streaming: countdownTools,
  subscriptions: () => ({
    install_plugin: createTool({
      id: 'install_plugin',
      description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
      inputSchema: z.object({ name: z.string() }),
      execute: async ({ name }) => {
        if (!/^[a-z0-9_]{1,32}$/.test(name) || ['install_plugin', 'countdown', 'job_status'].includes(name))
          return fail(`invalid plugin name ${JSON.stringify(name)}`);
        // Reference, "Dynamic tool management": toolActions.add registers the tool on the running server and
        // notifies the clients (on 2026-07-28, the subscriptions/listen streams).
        if (!(name in server.tools()))
          await server.toolActions.add({
            [name]: createTool({
              id: name,
              description: `The ${name} plugin.`,
              inputSchema: z.object({}),
              execute: async () => `${name} ready`,
            }),
          });
        return `installed ${name}`;
      },
    }),
    ...countdownTools(),
  }),
  'multi-round-trip': () => ({
    confirm_transfer: createTool({
      id: 'confirm_transfer',
      description: 'Transfer amount after the user confirms it.',
      inputSchema: z.object({ amount: z.number().int().min(1) }),
      // Migration guide, "Tools that ask the caller for input suspend and resume": suspend with a payload (its
      // `message` becomes the elicitation's message), resumeSchema is the form the caller fills in.
      suspendSchema: z.object({ message: z.string(), nonce: z.string() }),
      resumeSchema: z.object({ confirm: z.boolean() }),
      execute: async ({ amount }, context) => {
        if (!context.resumeData) {
          await context.suspend?.({ message: `Confirm the transfer of ${amount}?`, nonce: randomUUID() });
          return undefined;
        }
        const nonce = context.suspendPayload?.nonce;
        if (context.resumeData.confirm !== true) return fail('transfer not confirmed');
        if (!nonce || redeemed.has(nonce)) return fail('confirmation already redeemed');
        redeemed.add(nonce);
        return `transferred ${amount}`;
      },
    }),
  }),
};

const tools = SCENARIOS[process.argv[2] ?? ''];
if (!tools) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

const server: MCPServer = new MCPServer({
  id: 'mcpfs-mastra-glue',
  name: 'mcpfs-mastra-glue',
  version: '1.0.0',
  tools: tools(),
});

createServer(async (req, res) => {
  // Reference, "startHTTP()": the request guards are `options`; Host and Origin are checked when their lists are set.
  await server.startHTTP({
    url: new URL(req.url ?? '', `http://127.0.0.1:${port}`),
    httpPath: '/mcp',
    req,
    res,
    options: {
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    },
  });
}).listen(port, '127.0.0.1', () =>
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`),
);
