// Glue: a 2026-07-28 MCP client built with the MCP TypeScript SDK v2 (`@modelcontextprotocol/client` 2.x `Client` +
// `StreamableHTTPClientTransport`, `versionNegotiation: { mode: 'auto' }` as its docs show for the 2026-07-28 wire)
// doing one client-role prompt's task against MCP_SERVER_URL. Usage: `node client.ts <scenario-id>`. Exits 0 when
// the server accepted the answer, 1 otherwise. Policy (CONTEXT.md): no protocol or header code of our own — the SDK's
// own negotiation, Mcp-Param headers, tool-definition checks, HeaderMismatch re-listing, result-type checks, timeout
// cancellation and multi-round-trip auto-fulfilment are measured. What a prompt asks in application terms is done with
// library calls (slow-server: the SDK's per-request `timeout`, then one more call; server-drift: one more call of a
// step the SDK failed). SDK 2.4.0 ships no Tasks extension (task-poll: not attempted, see libraries/registry.json); the
// glue refuses it like any scenario it does not know.
import { onceMore, toolText, type Call } from '../glue-common.ts';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

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

/** Per scenario: the client options its prompt implies, and the prompt's sequence of tool calls (returns submit_answer's text). */
const SCENARIOS: Record<
  string,
  { versions?: string[]; elicitation?: boolean; steps: (call: Call, client: Client) => Promise<string> }
> = {
  'stateless-call': {
    // The tools are listed first, as the SDK's client guide does (its callTool then mirrors annotated parameters).
    steps: async (call, client) => {
      await client.listTools();
      return call('submit_answer', { answer: await call('get_secret', { token: await call('get_token') }) });
    },
  },
  'param-headers': {
    steps: async (call, client) => {
      const token = await call('entrée');
      // "If your client accepts its definition as valid": the SDK's listTools leaves out tools it rejects.
      const { tools } = await client.listTools();
      const fast = tools.some((t) => t.name === 'get_secret_fast');
      const secret = fast
        ? await call('get_secret_fast', { token, ...ARGS, budget: 0.5 })
        : await call('get_secret', { token, ...ARGS });
      return call('submit_answer', { answer: secret });
    },
  },
  // The prompt: the client supports 2026-07-28 and a newer 2027-03-15 and prefers the newest (ProtocolOptions).
  'version-retry': {
    versions: ['2027-03-15', '2026-07-28'],
    steps: async (call) => call('submit_answer', { answer: await call('get_secret') }),
  },
  // The prompt: give up on get_secret after 2 s, call it off (the SDK's timeout does), call it once more.
  'slow-server': {
    steps: async (call) => {
      const secret = await onceMore(
        () => call('get_secret', {}, { timeout: GIVE_UP_MS }),
        () => call('get_secret'),
      );
      return call('submit_answer', { answer: secret });
    },
  },
  // The prompt: recover from a refused call and from an answer the client cannot read, and finish: a step the SDK
  // fails (after its own recovery) is called once more.
  'server-drift': {
    steps: async (call) => {
      const token = await onceMore(
        () => call('get_token'),
        () => call('get_token'),
      );
      const secret = await onceMore(
        () => call('get_secret', { token, shard: 7 }),
        () => call('get_secret', { token, shard: 7 }),
      );
      return call('submit_answer', { answer: secret });
    },
  },
  'multi-round-trip': {
    elicitation: true,
    steps: async (call) => call('submit_answer', { answer: await call('get_secret') }),
  },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
const url = process.env.MCP_SERVER_URL;
if (!scenario || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

const client = new Client(
  { name: 'mcpfs-sdk-v2-glue', version: '1.0.0' },
  {
    versionNegotiation: { mode: 'auto' },
    ...(scenario.versions ? { supportedProtocolVersions: scenario.versions } : {}),
    ...(scenario.elicitation ? { capabilities: { elicitation: { form: {} } } } : {}),
  },
);
// The prompt: accept every elicitation with {"confirm": true}; the SDK answers input_required rounds through this handler.
if (scenario.elicitation)
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));

/** Call a tool and return the text of its single text content item. */
const call: Call = async (name, args = {}, options) =>
  toolText(name, await client.callTool({ name, arguments: args }, options));

let code = 1;
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  code = (await scenario.steps(call, client)) === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client.close().catch(() => undefined);
}
process.exit(code);
