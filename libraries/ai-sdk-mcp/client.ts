// Glue: a 2025-11-25 MCP client built with the Vercel AI SDK's MCP client (@ai-sdk/mcp `createMCPClient` with its own
// Streamable HTTP transport, `transport: { type: 'http', url }`, as its README and docs show) doing one client-role
// prompt's task against MCP_SERVER_URL, then closing (which ends the session). Usage: `node client.ts <scenario-id>`.
// Exits 0 when the server accepted the answer, 1 otherwise. Policy (CONTEXT.md): no protocol code of our own. Tools
// are called the AI SDK way: `mcpClient.tools()` turns the server's tools into AI SDK tools, and each is run through
// its `execute(args, { abortSignal })`, as generateText would. What a prompt asks in application terms is done with
// library calls (slow-server: an abort signal that fires after 2 s, then one more call; version-mismatch: create the
// client once more if the first one fails). task-call: not attempted (no tasks API; libraries/registry.json).
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
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
  // The prompt: give up on get_secret after 2 s and call it off (aborting the tool's execution), call it once more.
  'slow-server': async (call) => {
    const secret = await onceMore(
      () => call('get_secret', {}, { timeout: GIVE_UP_MS }),
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

/** Set by the transport's `onSessionExpired` (a 404 for the session's id): the session is gone. */
let expired = false;

/**
 * The README's configuration: the built-in HTTP transport; uncaught transport errors are logged. The server speaks
 * 2025-11-25, so the client starts with `initialize`: `protocolVersionDiscovery: false` (JSDoc: "Disable this for
 * legacy servers that require `initialize` to be the first request"; by default the client first probes with the
 * 2026-07-28 `server/discover`). `onSessionExpired` (JSDoc: called when a request "returns 404 for an existing MCP
 * session id") tells the glue to start a fresh session the way the library's error says: "Create a new client".
 */
const connect = () =>
  createMCPClient({
    transport: { type: 'http', url, onSessionExpired: () => (expired = true) },
    protocolVersionDiscovery: false,
    clientName: 'mcpfs-ai-sdk-glue',
    onUncaughtError: (e) => console.error(`uncaught: ${(e as Error).message ?? String(e)}`),
  });

let client: MCPClient | undefined;
let tools: Awaited<ReturnType<MCPClient['tools']>> = {};
/** A client and its AI SDK tools (mcpClient.tools(), as the README does before generateText). */
async function open(first: () => Promise<MCPClient>): Promise<void> {
  client = await first();
  tools = await client.tools();
}

let calls = 0;
/** Run an AI SDK tool (its execute, as generateText would) and return its result's text. */
const run: Call = async (name, args = {}, options) => {
  const tool = tools[name];
  if (!tool?.execute) throw new Error(`${name}: not among the tools ${Object.keys(tools).join(', ')}`);
  const abortSignal = options?.timeout === undefined ? undefined : AbortSignal.timeout(options.timeout);
  const result: unknown = await tool.execute(args, {
    toolCallId: `call-${++calls}`,
    messages: [],
    context: {},
    abortSignal,
  });
  return toolText(name, result as object);
};
/** `run`, and once more on a new client when the library reported the session expired. */
const call: Call = async (name, args, options) => {
  try {
    return await run(name, args, options);
  } catch (e) {
    if (!expired) throw e;
    console.error(`session expired, new client: ${(e as Error).message}`);
    expired = false;
    await client?.close().catch(() => undefined);
    await open(connect);
    return run(name, args, options);
  }
};

let code = 1;
try {
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more (a failed
  // createMCPClient closes its own transport).
  await open(() => (scenario === 'version-mismatch' ? onceMore(connect, connect) : connect()));
  const verdict = await steps(call);
  code = verdict === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client?.close().catch(() => undefined); // DELETEs the session (terminateSessionOnClose, default true)
}
process.exit(code);
