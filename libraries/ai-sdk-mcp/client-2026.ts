// Glue: a 2026-07-28 MCP client built with the Vercel AI SDK's MCP client (@ai-sdk/mcp `createMCPClient`,
// `transport: { type: 'http', url }` as its README shows; by default it probes with `server/discover` and uses the
// 2026-07-28 era when the server offers it) doing one client-role prompt's task against MCP_SERVER_URL. Usage:
// `node client-2026.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise. Policy (CONTEXT.md):
// no protocol or header code of our own — the library's discovery, request metadata, Mcp-Param headers, tool
// definition checks and input-required rounds are measured. Tools are called the AI SDK way: `mcpClient.tools()`, then
// each tool's `execute(args, { abortSignal })`, as generateText would. What a prompt asks in application terms is done
// with library calls (slow-server: an abort signal after 2 s, then one more call; server-drift: list the tools again
// and call a failed step once more; multi-round-trip: `onElicitationRequest` accepting `{confirm: true}`).
// task-poll and version-retry: not attempted (libraries/registry.json); the glue refuses them like any unknown scenario.
import { createMCPClient, ElicitationRequestSchema, type MCPClient } from '@ai-sdk/mcp';
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

type Tools = Awaited<ReturnType<MCPClient['tools']>>;
type Ctx = { tools: () => Tools; relist: () => Promise<void> };

/** Per scenario: the client options its prompt implies, and the prompt's sequence of tool calls (submit_answer's text). */
const SCENARIOS: Record<string, { elicitation?: boolean; steps: (call: Call, ctx: Ctx) => Promise<string> }> = {
  'stateless-call': {
    steps: async (call) =>
      call('submit_answer', { answer: await call('get_secret', { token: await call('get_token') }) }),
  },
  'param-headers': {
    steps: async (call, { tools }) => {
      const token = await call('entrée');
      // "The first of them, in the order the server lists them, whose definition your client accepts as valid":
      // tools() keeps the server's order and leaves out a tool whose x-mcp-header annotations it rejects.
      const alt = Object.keys(tools()).find((n) => n.startsWith('get_secret_'));
      const args = { token, ...ARGS, ...(alt === 'get_secret_fast' ? { budget: 0.5 } : {}) };
      return call('submit_answer', { answer: await call(alt ?? 'get_secret', args) });
    },
  },
  // The prompt: give up on get_secret after 2 s and call it off (aborting the tool's execution), call it once more.
  'slow-server': {
    steps: async (call) => {
      const secret = await onceMore(
        () => call('get_secret', {}, { timeout: GIVE_UP_MS }),
        () => call('get_secret'),
      );
      return call('submit_answer', { answer: secret });
    },
  },
  // The prompt: recover from a refused call and from an answer the client cannot read, and finish. The library has no
  // recovery of its own: a failed step lists the tools again (mcpClient.tools()) and is called once more.
  'server-drift': {
    steps: async (call, { relist }) => {
      const again = <T>(step: () => Promise<T>) => onceMore(step, async () => (await relist(), step()));
      const token = await again(() => call('get_token'));
      const secret = await again(() => call('get_secret', { token, shard: 7 }));
      return call('submit_answer', { answer: secret });
    },
  },
  // The prompt: form-mode elicitation declared; every elicitation accepted with {confirm: true}.
  'multi-round-trip': {
    elicitation: true,
    steps: async (call) => call('submit_answer', { answer: await call('get_secret') }),
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
const url = process.env.MCP_SERVER_URL;
if (!scenario || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client-2026.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

let client: MCPClient | undefined;
let code = 1;
try {
  client = await createMCPClient({
    transport: { type: 'http', url },
    clientName: 'mcpfs-ai-sdk-glue',
    // "NOTE: It is up to the client application to handle the requests properly" (JSDoc): declared with a handler only.
    ...(scenario.elicitation ? { capabilities: { elicitation: {} } } : {}),
    onUncaughtError: (e) => console.error(`uncaught: ${(e as Error).message ?? String(e)}`),
  });
  const connected = client;
  if (scenario.elicitation)
    connected.onElicitationRequest(ElicitationRequestSchema, (request) => {
      console.error(`elicitation: ${request.params.message}`);
      return { action: 'accept', content: { confirm: true } };
    });
  let tools = await connected.tools();
  let calls = 0;
  /** Run an AI SDK tool (its execute, as generateText would) and return its result's text. */
  const call: Call = async (name, args = {}, options) => {
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
  const ctx: Ctx = {
    tools: () => tools,
    relist: async () => {
      tools = await connected.tools();
    },
  };
  const verdict = await scenario.steps(call, ctx);
  code = verdict === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client?.close().catch(() => undefined);
}
process.exit(code);
