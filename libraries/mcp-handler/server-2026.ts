// Glue: a 2026-07-28 MCP server built with Vercel's mcp-handler (`createMcpHandler(initializeServer, options)`,
// `server.registerTool` with zod object schemas, as its README's Quick Start shows), served on node:http (serve.ts).
// mcp-handler serves 2026-07-28 natively through the SDK v2's createMcpHandler (README "Protocol Support"). Exposes
// the tools one 2026-07-28 server-role prompt asks for, written like sdk-v2-server/server.ts but through mcp-handler's
// API. Usage: `node server-2026.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Tasks and subscriptions: not attempted (libraries/registry.json). Policy (CONTEXT.md): library features only.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  acceptedContent,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  type McpServer,
} from '@modelcontextprotocol/server';
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';
import { scenarioToolSchema } from '../glue-common.ts';
import { serve } from './serve.ts';

type McpHandlerOptions = NonNullable<Parameters<typeof createMcpHandler>[1]>;
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const serverInfo = { name: 'mcpfs-mcp-handler-glue', version: '1.0.0' };

// The multi-round-trip prompt asks for an integrity-protected requestState: the SDK's HMAC codec (a key only this
// process knows), bound to the tool call's amount so a state minted for one call is rejected on another, and carrying
// a nonce so a confirmation is redeemed once: the redeemed nonces are the one thing the prompt lets the server keep
// (in this process, since the handler builds a server per request).
const codec = createRequestStateCodec<{ amount: number; nonce: string }>({ key: randomBytes(32) });
const redeemed = new Set<string>();

/** A countdown job of the streaming prompt: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
// mcp-handler builds a server per request: the jobs outlive them, in this process.
const jobs = new Map<string, Job>();

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

/** Per scenario: the prompt's tools, registered on the McpServer mcp-handler builds per request, and the server options. */
const SCENARIOS: Record<string, { tools: (s: McpServer) => void; options?: McpHandlerOptions }> = {
  'stateless-tools': {
    tools: (s) => {
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
  },
  'param-headers': {
    tools: (s) => {
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
    },
  },
  streaming: {
    // mcp-handler passes no responseMode to the SDK (default 'auto': SSE once the tool emits a progress notification
    // before its result, JSON otherwise), and its options have no such key.
    tools: countdownTools,
  },
  'multi-round-trip': {
    // The SDK's ServerOptions go in mcp-handler's one options object (README "Migrating from 1.x"; docs/ADVANCED.md).
    options: { requestState: { verify: codec.verify } },
    tools: (s) => {
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
    },
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`usage: node server-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
serve(createMcpHandler(scenario.tools, { serverInfo, ...scenario.options }), process.argv[2]!);
