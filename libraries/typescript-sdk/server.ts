// Glue: a Streamable HTTP MCP server built with @modelcontextprotocol/sdk 1.x, set up the way the SDK's README and
// its stateful example (examples/server/simpleStreamableHttp) show, exposing exactly the tools one server-role
// prompt asks for. Usage: `node server.ts <scenario-id>` with PORT in the environment; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OrderedEventStore } from './event-store.ts';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { buildServer as build, scenarioFromArgv } from './tools.ts';

const scenario = scenarioFromArgv('server.ts');
const port = Number(process.env.PORT);
const buildServer = () => build(scenario, 'mcpfs-sdk-glue');
/** Polling scenario: the retry advice, and how long a standalone GET stream stays open before the glue closes it. */
const POLL_RETRY_MS = 500;
const POLL_GET_OPEN_MS = 900;

// createMcpExpressApp: JSON body parsing and Host-header (DNS rebinding) validation for 127.0.0.1.
const app = createMcpExpressApp();
const sessions = new Map<string, StreamableHTTPServerTransport>();
// express's types are not installed here: the handlers use the node:http types express's objects extend.
type Req = IncomingMessage & { body?: unknown };
const jsonError = (res: ServerResponse, status: number, code: number, message: string) =>
  void res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));

app.post('/mcp', async (req: Req, res: ServerResponse) => {
  const sid = req.headers['mcp-session-id'];
  const existing = typeof sid === 'string' ? sessions.get(sid) : undefined;
  if (existing) return existing.handleRequest(req, res, req.body);
  if (sid) return jsonError(res, 404, -32001, 'Session not found');
  if (!isInitializeRequest(req.body)) return jsonError(res, 400, -32000, 'Bad Request: No valid session ID provided');
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new OrderedEventStore(), // resumability
    // The poll-resume prompt asks to tell clients when to come back: the priming event's retry (ssePollingExample).
    ...(scenario.poll ? { retryInterval: POLL_RETRY_MS } : {}),
    // The tasks prompt asks for nothing streamed, and tasks/get is to be answered without SSE (tasks-get-not-sse):
    // the transport's documented JSON response mode (README "JSON response mode"). Not elsewhere: it drops
    // request-related notifications and closeSSEStream, which streaming and poll-resume need.
    ...(scenario.tasks ? { enableJsonResponse: true } : {}),
    // The prompts ask for 403 on a foreign Origin: the transport's own origin check (the only one the SDK ships).
    enableDnsRebindingProtection: true,
    allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    onsessioninitialized: (id) => void sessions.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});

/** GET (standalone or resumed SSE stream) and DELETE (end the session) go to the session's transport. */
const sessionRequest = async (req: Req, res: ServerResponse) => {
  const sid = req.headers['mcp-session-id'];
  if (typeof sid !== 'string') return jsonError(res, 400, -32000, 'Bad Request: Missing session ID');
  const transport = sessions.get(sid);
  if (!transport) return jsonError(res, 404, -32001, 'Session not found');
  // The poll-resume prompt: no standalone stream stays open longer than about a second. The SDK's way to end it is
  // `closeStandaloneSSEStream` ("use this to implement polling behavior for server-initiated notifications").
  if (scenario.poll && req.method === 'GET') setTimeout(() => transport.closeStandaloneSSEStream(), POLL_GET_OPEN_MS);
  await transport.handleRequest(req, res);
};
app.get('/mcp', sessionRequest);
app.delete('/mcp', sessionRequest);

app.listen(port, '127.0.0.1', (error?: Error) => {
  if (error) {
    console.error(`listen failed: 127.0.0.1:${port}: ${error.message}`);
    process.exit(1);
  }
  console.error(`MCP server (${process.argv[2]}) listening on http://127.0.0.1:${port}/mcp`);
});
