// Glue: a 2026-07-28 MCP client built with the OpenAI Agents SDK for JS (@openai/agents `MCPServerStreamableHttp`, as
// its MCP guide shows: `new MCPServerStreamableHttp({ url, name })`, `connect()`, `listTools()`, `callTool()`,
// `close()`; it runs the official SDK v2 `Client` of @modelcontextprotocol/client with `versionNegotiation: { mode:
// 'auto' }`, so against a 2026-07-28 server it speaks that revision) doing one client-role prompt's task against
// MCP_SERVER_URL. No model is called: the glue drives the MCP server object directly, as an agent run would.
// Usage: `node client-2026.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise. Policy
// (CONTEXT.md): no protocol or header code of our own. What a prompt asks in application terms is done with library
// calls (slow-server: the server object's request `timeout`, then one more call; server-drift: a step the library
// failed is called again, at most twice, after `invalidateToolsCache()` and `listTools()`). multi-round-trip,
// task-poll and version-retry: not attempted (libraries/registry.json).
import { MCPServerStreamableHttp } from '@openai/agents';
import { onceMore, toolText, type Call } from '../glue-common.ts';

/** The prompts' per-call limit (slow-server: give up on a call that gets no answer within 2 s). */
const GIVE_UP_MS = 2000;

const ARGS = {
  region: 'us-west1',
  greeting: 'Hello, 世界',
  padded: '  padded ',
  literal: '=?base64?literal?=',
  shard: 42,
  verbose: true,
  trace: null,
  options: { tier: 'gold' },
};

type Steps = (call: Call, server: MCPServerStreamableHttp) => Promise<string>;

/**
 * server-drift: a step the library failed is called again after re-listing the tools (`invalidateToolsCache()` and
 * `listTools()`), up to twice: once per kind of drift the prompt names (a call refused because the tool's definition
 * changed, which the library hands to the application as a HeaderMismatch error; an answer it cannot read).
 */
const relistAndRetry = (server: MCPServerStreamableHttp, step: () => Promise<string>) => {
  const again = async () => {
    await server.invalidateToolsCache();
    await server.listTools();
    return step();
  };
  return onceMore(step, () => onceMore(again, again));
};

/** Per scenario: the prompt's sequence of tool calls; returns submit_answer's text. */
const SCENARIOS: Record<string, Steps> = {
  'stateless-call': async (call) =>
    call('submit_answer', { answer: await call('get_secret', { token: await call('get_token') }) }),
  'param-headers': async (call, server) => {
    const token = await call('entrée');
    // "If your client accepts its definition as valid": use get_secret_fast only if the listing kept it.
    const tools = await server.listTools();
    const fast = tools.some((t) => t.name === 'get_secret_fast');
    const secret = fast
      ? await call('get_secret_fast', { token, ...ARGS, budget: 0.5 })
      : await call('get_secret', { token, ...ARGS });
    return call('submit_answer', { answer: secret });
  },
  // The prompt: give up on get_secret after 2 s (the server object's `timeout`), call it once more.
  'slow-server': async (call) => {
    const secret = await onceMore(
      () => call('get_secret'),
      () => call('get_secret'),
    );
    return call('submit_answer', { answer: secret });
  },
  // The prompt: recover from a refused call and from an answer the client cannot read, and finish.
  'server-drift': async (call, server) => {
    const token = await relistAndRetry(server, () => call('get_token'));
    const secret = await relistAndRetry(server, () => call('get_secret', { token, shard: 7 }));
    return call('submit_answer', { answer: secret });
  },
};

const scenario = process.argv[2] ?? '';
const steps = SCENARIOS[scenario];
const url = process.env.MCP_SERVER_URL;
if (!steps || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

/** The guide's configuration; `timeout` (per-request, ms) only where the prompt asks to give up after 2 s. */
const server = new MCPServerStreamableHttp({
  url,
  name: 'mcpfs-openai-agents-glue',
  ...(scenario === 'slow-server' ? { timeout: GIVE_UP_MS } : {}),
});

/** Call a tool through the server object; the text of its single text content item. */
const call: Call = async (name, args = {}) => toolText(name, { content: await server.callTool(name, args) });

let code = 1;
try {
  await server.connect();
  const tools = await server.listTools(); // as an agent run does before offering the tools to a model
  console.error(`tools: ${tools.map((t) => t.name).join(', ')}`);
  code = (await steps(call, server)) === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await server.close().catch(() => undefined);
}
process.exit(code);
