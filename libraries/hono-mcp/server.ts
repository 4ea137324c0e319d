// Glue: a Streamable HTTP MCP server with @hono/mcp's `StreamableHTTPTransport` on a Hono app served by
// @hono/node-server, hosting the MCP TypeScript SDK 1.x `McpServer` as @hono/mcp's README shows. The tools are the
// SDK glue's (../typescript-sdk/tools.ts: same McpServer API). Usage: `node server.ts <scenario-id>` with PORT set;
// serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
// The README connects one transport once; a transport holds one session, so — as the SDK's stateful example does —
// each initialize gets its own transport and McpServer, and later requests are routed by MCP-Session-Id.
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { StreamableHTTPTransport } from '@hono/mcp';
import { OrderedEventStore } from '../typescript-sdk/event-store.ts';
import { Hono } from 'hono';
import { buildServer, scenarioFromArgv } from '../typescript-sdk/tools.ts';

const scenario = scenarioFromArgv('server.ts');
const port = Number(process.env.PORT);
const sessions = new Map<string, StreamableHTTPTransport>();
const app = new Hono();

app.all('/mcp', async (c) => {
  const sid = c.req.header('mcp-session-id');
  const existing = sid ? sessions.get(sid) : undefined;
  if (existing) return existing.handleRequest(c);
  if (sid) return c.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }, 404);
  // A request without a session id: a new transport (the transport itself rejects anything but initialize).
  const transport: StreamableHTTPTransport = new StreamableHTTPTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new OrderedEventStore(), // resumability (the option is the SDK's, which @hono/mcp accepts)
    // tasks/get answered without SSE: the SDK's enableJsonResponse, which @hono/mcp accepts and honours (as the SDK glue).
    ...(scenario.tasks ? { enableJsonResponse: true } : {}),
    // No origin options: @hono/mcp 0.3.2's `allowedOrigins` check also rejects requests that carry no Origin at all
    // (403 for every ordinary client; the README passes the SDK's options through without showing this one). No other
    // documented option checks Origin. Measured in CONTEXT.md (Sensitivity).
    onsessioninitialized: (id) => void sessions.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await buildServer(scenario, 'mcpfs-hono-glue').connect(transport);
  return transport.handleRequest(c);
});

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`),
);
