// Glue: a 2025-11-25 MCP client built with LangChain's MCP adapters (@langchain/mcp-adapters `MultiServerMCPClient`
// with one server of `transport: "http"`, as its README shows; it runs the official SDK 1.x `Client` +
// `StreamableHTTPClientTransport` underneath) doing one client-role prompt's task against MCP_SERVER_URL, then closing.
// Usage: `node client.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise. Policy
// (CONTEXT.md): no protocol code of our own. Tools are called the LangChain way: `client.getTools()`, then each
// tool's `invoke(args, config)` (README "Tool Timeout Configuration"), as an agent would. What a prompt asks in
// application terms is done with library calls (slow-server: `invoke(args, { timeout: 2000 })`, then one more call;
// version-mismatch: a new MultiServerMCPClient when the first cannot connect). task-call: not attempted
// (libraries/registry.json).
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { onceMore, type Call } from '../glue-common.ts';

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
  // The prompt: give up on get_secret after 2 s, call it off (the SDK's request timeout sends the cancellation), call
  // it once more.
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

/**
 * The README's configuration for one Streamable HTTP server; `useStandardContentBlocks: true` as the README
 * recommends "for new applications" (a single text block then comes back as the tool's string output).
 */
const newClient = () =>
  new MultiServerMCPClient({
    mcpServers: { reference: { transport: 'http', url } },
    useStandardContentBlocks: true,
  });

let client = newClient();
/** The tools of a connected client (getTools connects on first use, as the README's example does). */
async function connect(): Promise<Awaited<ReturnType<MultiServerMCPClient['getTools']>>> {
  return client.getTools();
}

/** The text of a LangChain MCP tool's output: a string for a single text block, else its first text block. */
function outputText(name: string, out: unknown): string {
  const blocks = Array.isArray(out) ? (out as { type?: string; text?: string }[]) : [];
  const text = typeof out === 'string' ? out : blocks.find((b) => b.type === 'text')?.text;
  if (text === undefined) throw new Error(`${name}: no text output: ${JSON.stringify(out)}`);
  console.error(`${name} → ${text}`);
  return text;
}

let code = 1;
try {
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more.
  const tools = await (scenario === 'version-mismatch'
    ? onceMore(connect, async () => {
        await client.close().catch(() => undefined);
        client = newClient();
        return connect();
      })
    : connect());
  /** Invoke a LangChain tool (a tool error is thrown as ToolException) and return its text. */
  const call: Call = async (name, args = {}, options) => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`${name}: not among the tools ${tools.map((t) => t.name).join(', ')}`);
    const out: unknown = await tool.invoke(args, options?.timeout === undefined ? {} : { timeout: options.timeout });
    return outputText(name, out);
  };
  const verdict = await steps(call);
  code = verdict === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client.close().catch(() => undefined);
}
process.exit(code);
