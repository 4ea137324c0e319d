// Glue: an MCP client built with the OpenAI Agents SDK for JS (@openai/agents `MCPServerStreamableHttp`, as its MCP
// guide shows: `new MCPServerStreamableHttp({ url, name })`, `connect()`, `listTools()`, `callTool()`, `close()`; it
// runs the official SDK v2 `Client` + `StreamableHTTPClientTransport` of @modelcontextprotocol/client underneath, with
// `versionNegotiation: { mode: 'auto' }`) doing one client-role prompt's task against MCP_SERVER_URL, then closing.
// No model is called: the glue drives the MCP server object directly, as an agent run would for each tool call.
// Usage: `node client.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise. Policy
// (CONTEXT.md): no protocol code of our own. What a prompt asks in application terms is done with library calls
// (slow-server: the server object's documented request `timeout`, whose expiry makes the SDK send the cancellation,
// then one more call; version-mismatch: `close()` and `connect()` once more when the first connect fails).
// task-call: not attempted (libraries/registry.json).
import { MCPServerStreamableHttp } from '@openai/agents';
import { onceMore, toolText, type Call } from '../glue-common.ts';

/** The prompts' per-call limit (slow-server: give up on a call still unanswered after 2 s). */
const GIVE_UP_MS = 2000;

/** get_secret → submit_answer (call-tool, server-ping, session-expiry, version-mismatch). */
const secretThenSubmit = async (call: Call) => call('submit_answer', { answer: await call('get_secret') });

/** Per scenario: the prompt's sequence of tool calls; returns submit_answer's text. */
const SCENARIOS: Record<string, (call: Call) => Promise<string>> = {
  'call-tool': secretThenSubmit,
  'server-ping': secretThenSubmit,
  'session-expiry': secretThenSubmit,
  'version-mismatch': secretThenSubmit,
  // The prompt: give up on get_secret after 2 s (the server object's `timeout`; the SDK sends the cancellation), call
  // it once more.
  'slow-server': async (call) => {
    const secret = await onceMore(
      () => call('get_secret'),
      () => call('get_secret'),
    );
    return call('submit_answer', { answer: secret });
  },
  'sse-resume': async (call) => {
    const token = await call('get_token');
    return call('submit_answer', { answer: await call('get_secret', { token }) });
  },
};

const scenario = process.argv[2] ?? '';
const steps = SCENARIOS[scenario];
const url = process.env.MCP_SERVER_URL;
if (!steps || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

/**
 * The guide's configuration for one Streamable HTTP server. `timeout` (the per-request timeout in ms, default the
 * SDK's 60 s) is set only where the prompt asks to give up after 2 s.
 */
const newServer = () =>
  new MCPServerStreamableHttp({
    url,
    name: 'mcpfs-openai-agents-glue',
    ...(scenario === 'slow-server' ? { timeout: GIVE_UP_MS } : {}),
  });

let server = newServer();

/** Call a tool through the server object; the text of its single text content item. */
const call: Call = async (name, args = {}) => toolText(name, { content: await server.callTool(name, args) });

let code = 1;
try {
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more.
  await (scenario === 'version-mismatch'
    ? onceMore(
        () => server.connect(),
        async () => {
          await server.close().catch(() => undefined);
          server = newServer();
          await server.connect();
        },
      )
    : server.connect());
  const tools = await server.listTools(); // as an agent run does before offering the tools to a model
  console.error(`tools: ${tools.map((t) => t.name).join(', ')}`);
  const verdict = await steps(call);
  code = verdict === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await server.close().catch(() => undefined); // ends the session (DELETE) when the server issued one
}
process.exit(code);
