// Glue: a 2026-07-28 MCP server built with the MCP TypeScript SDK v2 (`@modelcontextprotocol/server` 2.x `McpServer`,
// `createMcpHandler` with a per-request server factory) on node:http via `@modelcontextprotocol/node`'s `toNodeHandler`
// and its `localhostHostValidation` / `localhostOriginValidation` guards, as the node package's README shows. Exposes
// the tools one 2026-07-28 server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// SDK 2.4.0 ships no Tasks extension (tasks: not attempted, see libraries/registry.json).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  McpServer,
  type CreateMcpHandlerOptions,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { scenarioToolSchema } from '../glue-common.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const info = { name: 'mcpfs-sdk-v2-glue', version: '1.0.0' };

// The multi-round-trip prompt asks for an integrity-protected requestState: the SDK's HMAC codec (a key only this
// process knows), bound to the tool call's amount so a state minted for one call is rejected on another, and carrying
// a nonce so a confirmation is redeemed once: the redeemed nonces are the one thing the prompt lets the server keep
// (in this process, since the handler builds a server per request).
const codec = createRequestStateCodec<{ amount: number; nonce: string }>({ key: randomBytes(32) });
const redeemed = new Set<string>();

/** A countdown job of the streaming and subscriptions prompts: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
// The handler builds a server per request: the jobs and plugins outlive them, in this process.
const jobs = new Map<string, Job>();
const plugins = new Set<string>();
const fixedTools = new Set(['install_plugin', 'countdown', 'job_status']);
/** Set once the handler exists: its `notify` facade over the subscriptions/listen streams. */
let notifyToolsChanged = () => {};

/** The prompts' countdown and job_status tools; cancellation through the handler's `ctx.mcpReq.signal`. */
function countdownTools(s: McpServer): void {
  s.registerTool(
    'countdown',
    {
      description:
        'Count n ticks of 100 ms over an SSE stream, with a progress notification per tick when asked, then return "liftoff".',
      inputSchema: z.object({ jobId: z.string(), n: z.number().int().min(1).max(100) }),
    },
    async ({ jobId, n }, ctx) => {
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let i = 1; i <= n; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        // The per-request transport aborts the signal when the client disconnects (PerRequestMessageExtra.request).
        if (ctx.mcpReq.signal.aborted || jobs.get(jobId) !== job) {
          job.state = 'cancelled';
          throw new Error('countdown cancelled');
        }
        job.ticks = i;
        if (progressToken !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: i, total: n },
          });
      }
      job.state = 'done';
      return text('liftoff');
    },
  );
  s.registerTool(
    'job_status',
    {
      description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
      inputSchema: z.object({ jobId: z.string() }),
    },
    async ({ jobId }) => {
      const job = jobs.get(jobId);
      return job ? text(`${job.state} ${job.ticks}`) : { ...text(`no job ${jobId}`), isError: true };
    },
  );
}

/** The subscriptions prompt's install_plugin and the plugins installed so far (each a tool of its name). */
function pluginTools(s: McpServer): void {
  s.registerTool(
    'install_plugin',
    {
      description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
      inputSchema: z.object({ name: z.string() }),
    },
    async ({ name }) => {
      if (!/^[a-z0-9_]{1,32}$/.test(name) || fixedTools.has(name))
        return { ...text(`invalid plugin name ${JSON.stringify(name)}`), isError: true };
      if (!plugins.has(name)) {
        plugins.add(name);
        notifyToolsChanged();
      }
      return text(`installed ${name}`);
    },
  );
  for (const name of plugins)
    s.registerTool(name, { description: `The ${name} plugin.`, inputSchema: z.object({}) }, async () =>
      text(`${name} ready`),
    );
}

/** Per scenario: a factory for a fresh McpServer with the prompt's tools, and the handler options the prompt needs. */
const SCENARIOS: Record<string, { build: () => McpServer; options?: CreateMcpHandlerOptions }> = {
  'stateless-tools': {
    build: () => {
      const s = new McpServer(info);
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
      return s;
    },
  },
  'param-headers': {
    build: () => {
      const s = new McpServer(info);
      // The prompt's schema verbatim (the x-mcp-header annotations must appear exactly), as a JSON Schema input.
      const json = scenarioToolSchema('2026-07-28', 'server', 'param-headers', 'route_query');
      // The SDK's JSON Schema type has no x-mcp-header key (an extension keyword): the literal is passed as is.
      const schema = fromJsonSchema<{ region?: string; priority: number; query: string }>(
        json as Parameters<typeof fromJsonSchema>[0],
      );
      s.registerTool(
        'route_query',
        { description: 'Route a query to a region.', inputSchema: schema },
        async ({ region, priority, query }) => text(`${region ?? 'global'}|${priority}|${query}`),
      );
      return s;
    },
  },
  streaming: {
    options: { responseMode: 'sse' }, // the prompt asks for SSE answers to countdown
    build: () => {
      const s = new McpServer(info);
      countdownTools(s);
      return s;
    },
  },
  subscriptions: {
    options: { responseMode: 'sse' },
    build: () => {
      // The prompt lets clients listen for tool-list changes: the listChanged capability, without which the SDK's
      // listen router does not honour a toolsListChanged filter.
      const s = new McpServer(info, { capabilities: { tools: { listChanged: true } } });
      pluginTools(s);
      countdownTools(s);
      return s;
    },
  },
  'multi-round-trip': {
    options: { responseMode: 'sse' }, // the prompt asks for SSE answers to confirm_transfer
    build: () => {
      const s = new McpServer(info, { requestState: { verify: codec.verify } });
      const confirmation = z.object({ confirm: z.boolean() });
      s.registerTool(
        'confirm_transfer',
        {
          description: 'Transfer amount after the user confirms it.',
          inputSchema: z.object({ amount: z.number().int().min(1) }),
        },
        async ({ amount }, ctx) => {
          const state = ctx.mcpReq.requestState<{ amount: number; nonce: string }>();
          const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmation);
          if (state && state.amount === amount && confirmed?.confirm === true) {
            if (redeemed.has(state.nonce)) return { ...text('confirmation already redeemed'), isError: true };
            redeemed.add(state.nonce);
            return text(`transferred ${amount}`);
          }
          // The SDK checks each embedded request against the request's declared client capabilities and answers
          // -32021 itself when elicitation is missing (docs/servers/input-required.md); a tool handler's own throw
          // would become an isError result (docs/servers/errors.md).
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                mode: 'form',
                message: `Confirm the transfer of ${amount}?`,
                requestedSchema: confirmation,
              }),
            },
            requestState: await codec.mint({ amount, nonce: randomUUID() }),
          });
        },
      );
      return s;
    },
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const port = Number(process.env.PORT);
const mcpHandler = createMcpHandler(scenario.build, scenario.options);
// The handler's publish-side facade: every open subscriptions/listen stream that asked for tool-list changes is told.
notifyToolsChanged = () => mcpHandler.notify.toolsChanged();
const handler = toNodeHandler(mcpHandler);
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();

createServer(async (req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end();
  await handler(req, res);
}).listen(port, '127.0.0.1', () =>
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`),
);
