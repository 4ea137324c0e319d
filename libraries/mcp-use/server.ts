// Glue: an MCP server built with mcp-use 2.x (`MCPServer`, `server.tool`, `server.listen`), as its README
// "Quickstart" shows, exposing the tools one server-role prompt asks for. Usage: `node server.ts <scenario-id>` for
// 2026-07-28, `node server-2025.ts <scenario-id>` for 2025-11-25 (the same program: mcp-use serves 2025-era clients
// through its default `legacy: "stateless"` fallback on the same endpoint). PORT in the environment; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// mcp-use sends anonymous usage telemetry unless MCP_USE_ANONYMIZED_TELEMETRY is "false" (its `disabled()` check):
// the glue turns it off before loading the library, so nothing leaves loopback.
process.env.MCP_USE_ANONYMIZED_TELEMETRY = 'false';
const { MCPServer, text, error, inputRequired, acceptedContent, createRequestStateCodec } = await import('mcp-use');
const { z } = await import('zod');
const { randomBytes, randomUUID } = await import('node:crypto');

const legacy = process.argv[3] === 'legacy';
const port = Number(process.env.PORT);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = import('mcp-use').MCPServer;

/** A countdown job of the 2026-07-28 streaming prompt. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
const jobs = new Map<string, Job>();

/** 2026-07-28 countdown and job_status; cancellation through `ctx.signal`. */
function countdownTools(s: Server): void {
  s.tool(
    {
      name: 'countdown',
      description: 'Count n ticks of 100 ms, with a progress notification per tick when asked, then return "liftoff".',
      inputSchema: z.object({ jobId: z.string(), n: z.number().int().min(1).max(100) }),
    },
    async ({ jobId, n }, ctx) => {
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      for (let i = 1; i <= n; i++) {
        await sleep(100);
        if (ctx.signal.aborted || jobs.get(jobId) !== job) {
          job.state = 'cancelled';
          return error('countdown cancelled');
        }
        job.ticks = i;
        // README-documented context: reportProgress sends only when the request carries a progressToken.
        await ctx.reportProgress(i, n);
      }
      job.state = 'done';
      return text('liftoff');
    },
  );
  s.tool(
    {
      name: 'job_status',
      description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
      inputSchema: z.object({ jobId: z.string() }),
    },
    async ({ jobId }) => {
      const job = jobs.get(jobId);
      return job ? text(`${job.state} ${job.ticks}`) : error(`no job ${jobId}`);
    },
  );
}

const addEcho = (s: Server) => {
  s.tool(
    {
      name: 'add',
      description: 'Add two numbers and return the sum as text.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
    },
    async ({ a, b }) => text(String(a + b)),
  );
  s.tool(
    {
      name: 'echo',
      description: 'Return the given text unchanged.',
      inputSchema: z.object({ text: z.string() }),
    },
    async ({ text: t }) => text(t),
  );
};

// multi-round-trip: the SDK codec mcp-use re-exports, as its `requestState` option's JSDoc advises ("Use the SDK's
// createRequestStateCodec(...).verify here when state affects … business logic").
const codec = createRequestStateCodec<{ amount: number; nonce: string }>({ key: randomBytes(32) });
const redeemed = new Set<string>();

/** Per scenario: the prompt's tools (and server options). */
const SCENARIOS2026: Record<string, { options?: object; tools: (s: Server) => void }> = {
  'stateless-tools': { tools: addEcho },
  'param-headers': {
    tools: (s) =>
      s.tool(
        {
          name: 'route_query',
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
        },
        async ({ region, priority, query }) => text(`${region ?? 'global'}|${priority}|${query}`),
      ),
  },
  streaming: { tools: countdownTools },
  'multi-round-trip': {
    options: { requestState: { verify: codec.verify } },
    tools: (s) =>
      s.tool(
        {
          name: 'confirm_transfer',
          description: 'Transfer amount after the user confirms it.',
          inputSchema: z.object({ amount: z.number().int().min(1) }),
        },
        async ({ amount }, ctx) => {
          const confirmation = z.object({ confirm: z.boolean() });
          const state = ctx.requestState<{ amount: number; nonce: string }>();
          const confirmed = acceptedContent(ctx.inputResponses, 'confirm', confirmation);
          if (state && state.amount === amount && confirmed?.confirm === true) {
            if (redeemed.has(state.nonce)) return error('confirmation already redeemed');
            redeemed.add(state.nonce);
            return text(`transferred ${amount}`);
          }
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
      ),
  },
};

/** 2025-11-25 scenarios (served through mcp-use's stateless legacy fallback). */
const SCENARIOS2025: Record<string, { options?: object; tools: (s: Server) => void }> = {
  'tools-basics': { tools: addEcho },
  streaming: {
    tools: (s) =>
      s.tool(
        {
          name: 'countdown',
          description: 'Stream n progress notifications, then return "liftoff".',
          inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
        },
        async ({ n }, ctx) => {
          for (let i = 1; i <= n; i++) await ctx.reportProgress(i, n);
          return text('liftoff');
        },
      ),
  },
  cancellation: {
    tools: (s) =>
      s.tool(
        {
          name: 'long_countdown',
          description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
          inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
        },
        async ({ n }, ctx) => {
          for (let i = n; i > 0; i--) {
            await sleep(300);
            if (ctx.signal.aborted) return error('long_countdown: cancelled');
          }
          return text('liftoff');
        },
      ),
  },
};

const scenarios = legacy ? SCENARIOS2025 : SCENARIOS2026;
const scenario = scenarios[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`usage: node server.ts <${Object.keys(scenarios).join('|')}>`);
  process.exit(2);
}

const server: Server = new MCPServer<never>({
  name: 'mcpfs-mcp-use-glue',
  version: '1.0.0',
  // Origin validation is off unless allowedOrigins is set (config JSDoc); any entry turns it on, and the
  // localhost-class origins stay allowed, so a foreign Origin gets 403 while requests without one pass.
  allowedOrigins: ['127.0.0.1'],
  // No views, no skills directory, and the request log on stderr would only repeat the transcript: off.
  skills: false,
  logging: { enabled: false },
  // The 2026-07-28 prompts: the revision is stateless, with no initialize (stateless-tools: "serves no client of an
  // earlier revision"): `legacy: "reject"` (config JSDoc: "modern-only strict"). The default "stateless" fallback
  // serves the 2025-11-25 scenarios.
  ...(legacy ? {} : { legacy: 'reject' as const }),
  ...scenario.options,
});
scenario.tools(server);
const { port: bound } = await server.listen(port, { host: '127.0.0.1' });
console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${bound}/mcp`);
