// Glue: a 2026-07-28 MCP server built with tmcp (`McpServer` + `ZodJsonSchemaAdapter`) on @tmcp/transport-http, whose
// README documents the per-request protocol of 2026-07-28 (Mcp-Method / Mcp-Name / Mcp-Param-* checks, request-scoped
// SSE) next to the 2025 sessions. Exposes the tools one 2026-07-28 server-role prompt asks for. Usage:
// `node server-2026.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks. tmcp has no Tasks extension (tasks: not
// attempted, see libraries/registry.json). Streaming and subscriptions: countdown jobs and plugins live in this process.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { McpServer } from 'tmcp';
import { z } from 'zod';
import { serve } from './serve.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

// The multi-round-trip prompt asks for an integrity-protected requestState: tmcp's `requestStateCodec` option
// ("configure a protected requestStateCodec if the server must detect changes") with an HMAC under a key only this
// process knows. The codec is the application's to write; tmcp calls it for every state it sends and receives.
const key = randomBytes(32);
const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
const requestStateCodec = {
  encode: (state: unknown) => {
    const body = Buffer.from(JSON.stringify(state ?? null)).toString('base64url');
    return `${body}.${mac(body)}`;
  },
  decode: (encoded: string) => {
    const [body = '', tag = ''] = encoded.split('.');
    const want = Buffer.from(mac(body));
    if (want.length !== Buffer.from(tag).length || !timingSafeEqual(want, Buffer.from(tag)))
      throw new Error('requestState failed verification');
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  },
};

// The subscriptions prompt lets clients listen for tool-list changes: the `listChanged` capability, with which tmcp
// notifies every matching `subscriptions/listen` stream whenever `server.tool` adds a tool (README `changed`).
const build = (listChanged: boolean) =>
  new McpServer(
    { name: 'mcpfs-tmcp-glue', version: '1.0.0', description: 'benchmark glue' },
    {
      adapter: new ZodJsonSchemaAdapter(),
      capabilities: { tools: listChanged ? { listChanged } : {} },
      requestStateCodec,
    },
  );
type Server = ReturnType<typeof build>;

/** A countdown job of the streaming and subscriptions prompts: the ticks it counted and how it ended. */
type Job = { state: 'running' | 'done' | 'cancelled'; ticks: number };
const jobs = new Map<string, Job>();

/** The prompts' countdown and job_status tools; cancellation through `server.ctx.signal` (README `ctx`). */
function countdownTools(s: Server): void {
  s.tool(
    {
      name: 'countdown',
      description:
        'Count n ticks of 100 ms over an SSE stream, with a progress notification per tick when asked, then return "liftoff".',
      schema: z.object({ jobId: z.string(), n: z.number().int().min(1).max(100) }),
    },
    async ({ jobId, n }) => {
      // The HTTP transport aborts the signal when the response stream is closed (README `ctx`).
      const signal = s.ctx.signal;
      const job: Job = { state: 'running', ticks: 0 };
      jobs.set(jobId, job);
      for (let i = 1; i <= n; i++) {
        await sleep(100);
        if (signal?.aborted || jobs.get(jobId) !== job) {
          job.state = 'cancelled';
          throw new Error('countdown cancelled');
        }
        job.ticks = i;
        s.progress(i, n); // README "Progress Reporting": sent only when the request carries a progressToken
      }
      job.state = 'done';
      return text('liftoff');
    },
  );
  s.tool(
    {
      name: 'job_status',
      description: 'Report a countdown job: running, done or cancelled, with the ticks counted.',
      schema: z.object({ jobId: z.string() }),
    },
    async ({ jobId }) => {
      const job = jobs.get(jobId);
      if (!job) return { ...text(`no job ${jobId}`), isError: true };
      return text(`${job.state} ${job.ticks}`);
    },
  );
}

/** The subscriptions prompt's install_plugin: each plugin a new tool, added with `server.tool` while the server runs. */
function pluginTools(s: Server): void {
  const installed = new Set<string>();
  const fixed = new Set(['install_plugin', 'countdown', 'job_status']);
  s.tool(
    {
      name: 'install_plugin',
      description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
      schema: z.object({ name: z.string() }),
    },
    async ({ name }) => {
      if (!/^[a-z0-9_]{1,32}$/.test(name) || fixed.has(name))
        return { ...text(`invalid plugin name ${JSON.stringify(name)}`), isError: true };
      if (!installed.has(name)) {
        installed.add(name);
        s.tool({ name, description: `The ${name} plugin.` }, async () => text(`${name} ready`));
      }
      return text(`installed ${name}`);
    },
  );
}

/** Per scenario: the tools its prompt lists. */
const SCENARIOS: Record<string, (s: Server) => void> = {
  'stateless-tools': (s) => {
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
  'param-headers': (s) => {
    // The prompt's annotations as JSON Schema metadata (zod's .meta(), which z.toJSONSchema copies into the schema).
    const schema = z.object({
      region: z
        .string()
        .optional()
        .meta({ description: 'Region to run in; absent means the global region.', 'x-mcp-header': 'Region' }),
      priority: z.number().int().meta({ description: 'Priority, an integer.', 'x-mcp-header': 'Priority' }),
      query: z.string().meta({ description: 'The query text.' }),
    });
    s.tool(
      { name: 'route_query', description: 'Route a query to a region.', schema },
      async ({ region, priority, query }) => text(`${region ?? 'global'}|${priority}|${query}`),
    );
  },
  streaming: countdownTools,
  subscriptions: (s) => {
    pluginTools(s);
    countdownTools(s);
  },
  'multi-round-trip': (s) => {
    const confirmation = z.object({ confirm: z.boolean() });
    /** The nonces of the confirmations already redeemed (each transferred once). */
    const redeemed = new Set<string>();
    // `replayable`: without a client session, tmcp answers elicitation() with an input_required result and runs the
    // handler again on the retry (README of server.elicitation), so the handler must be safe to start over.
    s.tool(
      {
        name: 'confirm_transfer',
        description: 'Transfer amount after the user confirms it.',
        schema: z.object({ amount: z.number().int().min(1) }),
        replayable: true,
      },
      async ({ amount }) => {
        // The prompt: the requestState records the amount awaiting confirmation (`setRequestState`, restored on the
        // retry as `server.ctx.requestState`); a retry for another amount is not this transfer's confirmation. It also
        // carries a nonce minted on the first round, so a confirmation can be redeemed once (the prompt's one piece
        // of kept state: the redeemed nonces).
        const saved = s.ctx.requestState as { amount?: number; nonce?: string } | undefined;
        if (saved !== undefined && saved.amount !== amount) throw new Error('requestState does not match this call');
        const nonce = saved?.nonce ?? randomUUID();
        if (redeemed.has(nonce)) return { ...text('confirmation already redeemed'), isError: true };
        s.setRequestState({ amount, nonce });
        const answer = await s.elicitation(`Confirm the transfer of ${amount}?`, confirmation, { key: 'confirm' });
        if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('transfer cancelled');
        redeemed.add(nonce);
        return text(`transferred ${amount}`);
      },
    );
  },
};

const tools = SCENARIOS[process.argv[2] ?? ''];
if (!tools) {
  console.error(`usage: node server-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const server = build(process.argv[2] === 'subscriptions');
tools(server);
serve(server, process.argv[2]!);
