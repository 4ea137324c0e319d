// Glue: a 2026-07-28 MCP server built with the MCP TypeScript SDK v2 (`@modelcontextprotocol/server` 2.x `McpServer`,
// `createMcpHandler` with a per-request server factory) on node:http via `@modelcontextprotocol/node`'s `toNodeHandler`
// and its `localhostHostValidation` / `localhostOriginValidation` guards, as the node package's README shows. Exposes
// the tools one 2026-07-28 server-role prompt asks for. Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// SDK 2.4.0 ships no Tasks extension (tasks: not attempted, see libraries/registry.json).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  McpServer,
  MissingRequiredClientCapabilityError,
  type CreateMcpHandlerOptions,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { scenarioToolSchema } from '../glue-common.ts';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const info = { name: 'mcpfs-sdk-v2-glue', version: '1.0.0' };

// The multi-round-trip prompt asks for an integrity-protected requestState: the SDK's HMAC codec (a key only this
// process knows), bound to the tool call's amount so a state minted for one call is rejected on another.
const codec = createRequestStateCodec<{ amount: number }>({ key: randomBytes(32) });

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
          const state = ctx.mcpReq.requestState<{ amount: number }>();
          const confirmed = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmation);
          if (state && state.amount === amount && confirmed?.confirm === true) return text(`transferred ${amount}`);
          if (!s.server.getClientCapabilities()?.elicitation)
            throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { elicitation: {} } });
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                mode: 'form',
                message: `Confirm the transfer of ${amount}?`,
                requestedSchema: confirmation,
              }),
            },
            requestState: await codec.mint({ amount }),
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
const handler = toNodeHandler(createMcpHandler(scenario.build, scenario.options));
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();

createServer(async (req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end();
  await handler(req, res);
}).listen(port, '127.0.0.1', () =>
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`),
);
