// Glue: a Streamable HTTP MCP server built with @modelcontextprotocol/sdk 1.x, set up the way the SDK's README and
// its stateful example (examples/server/simpleStreamableHttp) show, exposing exactly the tools one server-role
// prompt asks for. Usage: `node server.ts <scenario-id>` with PORT in the environment; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { isInitializeRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

/** Per scenario: the server's extra options and the tools its prompt lists. */
const SCENARIOS: Record<string, { tasks?: boolean; tools: (s: McpServer) => void }> = {
  'tools-basics': {
    tools: (s) => {
      s.registerTool('add', { description: 'Add two numbers and return the sum as text.', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => text(String(a + b)));
      s.registerTool('echo', { description: 'Return the given text unchanged.', inputSchema: { text: z.string() } }, async (a) => text(a.text));
    },
  },
  sessions: {
    tools: (s) => {
      // One McpServer per session (as in the SDK example), so a closure counter is per-session state.
      let counter = 0;
      s.registerTool('increment', { description: "Increment this session's counter and return its new value as text.", inputSchema: {} }, async () => text(String(++counter)));
    },
  },
  streaming: {
    tools: (s) => {
      s.registerTool('countdown', { description: 'Stream n progress notifications, then return "liftoff".', inputSchema: { n: z.number().int().min(1).max(10) } }, async ({ n }, extra) => {
        const progressToken = extra._meta?.progressToken;
        if (progressToken !== undefined) {
          for (let i = 1; i <= n; i++) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: i, total: n } });
        }
        return text('liftoff');
      });
    },
  },
  tasks: {
    tasks: true,
    tools: (s) => {
      // The experimental tasks API, as in the SDK example's `delay` tool.
      s.experimental.tasks.registerToolTask(
        'slow_square',
        { description: 'Square x after delayMs milliseconds; must be called as a task.', inputSchema: { x: z.number(), delayMs: z.number().int().min(0).max(60000) }, execution: { taskSupport: 'required' } },
        {
          async createTask({ x, delayMs }, { taskStore, taskRequestedTtl }) {
            const task = await taskStore.createTask({ ttl: taskRequestedTtl });
            setTimeout(() => {
              // A cancelled task cannot be completed any more; the store says so by throwing.
              taskStore.storeTaskResult(task.taskId, 'completed', text(String(x * x))).catch((e: unknown) => console.error(`slow_square: ${(e as Error).message}`));
            }, delayMs);
            return { task };
          },
          getTask: async (_args, { taskId, taskStore }) => taskStore.getTask(taskId),
          // The store keeps what storeTaskResult got: the CallToolResult above (its type is the generic Result).
          getTaskResult: async (_args, { taskId, taskStore }) => (await taskStore.getTaskResult(taskId)) as CallToolResult,
        },
      );
    },
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
if (!scenario) {
  console.error(`usage: node server.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}
const port = Number(process.env.PORT);
const taskStore = new InMemoryTaskStore();

function buildServer(): McpServer {
  const server = scenario!.tasks
    ? new McpServer({ name: 'mcpfs-sdk-glue', version: '1.0.0' }, { capabilities: { tasks: { cancel: {}, requests: { tools: { call: {} } } } }, taskStore, taskMessageQueue: new InMemoryTaskMessageQueue() })
    : new McpServer({ name: 'mcpfs-sdk-glue', version: '1.0.0' });
  scenario!.tools(server);
  return server;
}

// createMcpExpressApp: JSON body parsing and Host-header (DNS rebinding) validation for 127.0.0.1.
const app = createMcpExpressApp();
const sessions = new Map<string, StreamableHTTPServerTransport>();
// express's types are not installed here: the handlers use the node:http types express's objects extend.
type Req = IncomingMessage & { body?: unknown };
const jsonError = (res: ServerResponse, status: number, code: number, message: string) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));

app.post('/mcp', async (req: Req, res: ServerResponse) => {
  const sid = req.headers['mcp-session-id'];
  const existing = typeof sid === 'string' ? sessions.get(sid) : undefined;
  if (existing) return existing.handleRequest(req, res, req.body);
  if (sid) return jsonError(res, 404, -32001, 'Session not found');
  if (!isInitializeRequest(req.body)) return jsonError(res, 400, -32000, 'Bad Request: No valid session ID provided');
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new InMemoryEventStore(), // resumability
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
