// Glue: an MCP server built with @zuplo/mcp (`MCPServer`, `addTool` with a `ZodValidator`, `HTTPStreamableTransport`,
// `server.withTransport`, `transport.handleRequest(Request)`) exactly as its README's Quickstart shows, exposing the
// tools one 2025-11-25 server-role prompt asks for. The README stops at "Handle a Request": the transport takes a
// web-standard Request, so node:http reaches it through @remix-run/node-fetch-server (as the tmcp glue does).
// Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
// A tool handler gets only its arguments and the request's `_meta` (no session, no signal, no way to send progress),
// so only tools-basics is attempted (see libraries/registry.json).
import * as http from 'node:http';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { MCPServer } from '@zuplo/mcp/server';
import { ZodValidator } from '@zuplo/mcp/tools/zod';
import { HTTPStreamableTransport } from '@zuplo/mcp/transport/httpstreamable';
import { z } from 'zod/v4';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }], isError: false });

/** Per scenario: the tools its prompt lists. */
const SCENARIOS: Record<string, (s: MCPServer) => void> = {
  'tools-basics': (s) => {
    s.addTool({
      name: 'add',
      description: 'Add two numbers and return the sum as text.',
      validator: new ZodValidator(z.object({ a: z.number(), b: z.number() })),
      handler: async ({ a, b }) => text(String(a + b)),
    });
    s.addTool({
      name: 'echo',
      description: 'Return the given text unchanged.',
      validator: new ZodValidator(z.object({ text: z.string() })),
      handler: async ({ text: t }) => text(t),
    });
  },
};

const scenario = process.argv[2] ?? '';
const tools = SCENARIOS[scenario];
if (!tools) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const port = Number(process.env.PORT);
const server = new MCPServer({ name: 'mcpfs-zuplo-glue', version: '1.0.0' });
tools(server);
// The README's transport, with its defaults (stateless: `enableSessions` is off unless set).
const transport = new HTTPStreamableTransport();
await transport.connect();
server.withTransport(transport);

http
  .createServer(
    createRequestListener(async (request) =>
      new URL(request.url).pathname === '/mcp' ? transport.handleRequest(request) : new Response(null, { status: 404 }),
    ),
  )
  .listen(port, '127.0.0.1', () => console.error(`MCP server (${scenario}) listening on http://127.0.0.1:${port}/mcp`));
