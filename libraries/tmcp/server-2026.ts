// Glue: a 2026-07-28 MCP server built with tmcp (`McpServer` + `ZodJsonSchemaAdapter`) on @tmcp/transport-http, whose
// README documents the per-request protocol of 2026-07-28 (Mcp-Method / Mcp-Name / Mcp-Param-* checks, request-scoped
// SSE) next to the 2025 sessions. Exposes the tools one 2026-07-28 server-role prompt asks for. Usage:
// `node server-2026.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks. tmcp has no Tasks extension (tasks: not
// attempted, see libraries/registry.json).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

const build = () =>
  new McpServer(
    { name: 'mcpfs-tmcp-glue', version: '1.0.0', description: 'benchmark glue' },
    { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} }, requestStateCodec },
  );
type Server = ReturnType<typeof build>;

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
  'multi-round-trip': (s) => {
    const confirmation = z.object({ confirm: z.boolean() });
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
        // retry as `server.ctx.requestState`); a retry for another amount is not this transfer's confirmation.
        const saved = s.ctx.requestState as { amount?: number } | undefined;
        if (saved !== undefined && saved.amount !== amount) throw new Error('requestState does not match this call');
        s.setRequestState({ amount });
        const answer = await s.elicitation(`Confirm the transfer of ${amount}?`, confirmation, { key: 'confirm' });
        return answer.action === 'accept' && answer.content?.confirm === true
          ? text(`transferred ${amount}`)
          : text('transfer cancelled');
      },
    );
  },
};

const tools = SCENARIOS[process.argv[2] ?? ''];
if (!tools) {
  console.error(`usage: node server-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const server = build();
tools(server);
serve(server, process.argv[2]!);
