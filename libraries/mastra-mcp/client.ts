// Glue: an MCP client built with @mastra/mcp 2.x (`MCPClient` with one server definition `{ url }`, as its README
// shows), doing one client-role prompt's task against MCP_SERVER_URL. Tools are reached the documented way:
// `listTools()` (namespaced `serverName_toolName`) and each tool's `execute`, which returns the CallToolResult.
// Usage: `node client.ts <scenario-id>` for 2026-07-28 (the client's default negotiation: it probes with
// server/discover), `node client.ts <scenario-id> legacy` for 2025-11-25 (`client-2025.ts`): the server definition's
// `protocolVersion: 'legacy'`, which the migration guide documents for "a server known not to have upgraded" (it skips
// the server/discover probe and runs the initialize handshake). Exits 0 when the server accepted the answer, 1 otherwise.
// Policy (CONTEXT.md): no protocol code of our own. What a prompt asks in application terms is done with library
// calls (slow-server: the server definition's `timeout`, then one more call; version-mismatch: disconnect and connect
// once more; multi-round-trip: an `inputRequests` handler accepting the confirmation). @mastra/mcp 2.0.0 has no
// tasks API (task-call, task-poll: not attempted, see libraries/registry.json).
import { MCPClient } from '@mastra/mcp';
import { onceMore, toolText, type Call } from '../glue-common.ts';

/** The prompts' per-call limit (slow-server: give up on a call that gets no answer within 2 s). */
const GIVE_UP_MS = 2000;
/** The server's key in the client's `servers` map: tools are named `mcpfs_<tool>`. */
const SERVER = 'mcpfs';

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

type Scenario = {
  /** The server definition's `timeout` (ms), applied to every request to the server. */
  timeout?: number;
  /** Answer input requests (multi round-trip) with `{confirm: true}`. */
  elicitation?: boolean;
  /** Disconnect and connect once more when the first connection fails. */
  reconnect?: boolean;
  steps: (call: Call, toolNames: () => Promise<string[]>) => Promise<string>;
};

/** get_secret → submit_answer. */
const secretThenSubmit: Scenario['steps'] = async (call) => call('submit_answer', { answer: await call('get_secret') });

const SCENARIOS: Record<string, Scenario> = {
  // 2025-11-25
  'call-tool': { steps: secretThenSubmit },
  'server-ping': { steps: secretThenSubmit },
  'session-expiry': { steps: secretThenSubmit },
  'version-mismatch': { reconnect: true, steps: secretThenSubmit },
  'sse-resume': {
    steps: async (call) => {
      const token = await call('get_token');
      return call('submit_answer', { answer: await call('get_secret', { token }) });
    },
  },
  // 2025-11-25 and 2026-07-28. The prompt: give up on get_secret after 2 s and call it off (the SDK under the client
  // cancels a request whose timeout expires), then call it once more.
  'slow-server': {
    timeout: GIVE_UP_MS,
    steps: async (call) => {
      const secret = await onceMore(
        () => call('get_secret'),
        () => call('get_secret'),
      );
      return call('submit_answer', { answer: secret });
    },
  },
  // 2026-07-28
  'stateless-call': {
    steps: async (call) =>
      call('submit_answer', { answer: await call('get_secret', { token: await call('get_token') }) }),
  },
  'param-headers': {
    steps: async (call, toolNames) => {
      const token = await call('entrée');
      // "If your client accepts its definition as valid": the tools listTools() gives, in the server's order.
      const candidates = (await toolNames()).filter((n) => n.startsWith('get_secret_'));
      console.error(`get_secret_* tools the client kept: ${candidates.join(', ') || 'none'}`);
      const first = candidates[0];
      const secret = first
        ? await call(first, { token, ...ARGS, ...(first === 'get_secret_fast' ? { budget: 0.5 } : {}) })
        : await call('get_secret', { token, ...ARGS });
      return call('submit_answer', { answer: secret });
    },
  },
  // The prompt's client prefers 2027-03-15; MCPClient has no version list (its `protocolVersion` pins 2026-07-28 or
  // picks the legacy handshake), so it runs with its default negotiation.
  'version-retry': { steps: secretThenSubmit },
  // The prompt: recover and finish; a step the client fails (after its own reconnect-and-retry) is called once more.
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
  'multi-round-trip': { elicitation: true, steps: secretThenSubmit },
};

const scenario = SCENARIOS[process.argv[2] ?? ''];
const legacy = process.argv[3] === 'legacy';
const url = process.env.MCP_SERVER_URL;
if (!scenario || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

let attempt = 0;
/** A client for the one server, as the README configures it (`servers: { name: { url } }`). */
const newClient = () =>
  new MCPClient({
    id: `mcpfs-mastra-glue-${++attempt}`,
    servers: {
      [SERVER]: {
        url: new URL(url),
        ...(legacy ? { protocolVersion: 'legacy' as const } : {}),
        ...(scenario.timeout ? { timeout: scenario.timeout } : {}),
        // Migration guide, "Client input handlers are configured per server": accept the confirmation.
        ...(scenario.elicitation
          ? { inputRequests: async () => ({ action: 'accept' as const, content: { confirm: true } }) }
          : {}),
      },
    },
  });

let mcp = newClient();
type Tools = Awaited<ReturnType<MCPClient['listTools']>>;
let tools: Tools = {};
/**
 * The tools of the server. `listToolsWithErrors` (reference) rather than `listTools`, which logs a failed connection
 * and returns no tools: a failed connection is a failure of the step here (version-mismatch connects once more).
 */
const listTools = async () => {
  const listed = await mcp.listToolsWithErrors();
  const failures = Object.values(listed.errors);
  if (failures.length > 0) throw new Error(failures.join('; '));
  tools = listed.tools;
  return tools;
};

/** Call a tool through its Mastra tool's `execute` and return the text of its single text content item. */
const call: Call = async (name, args = {}) => {
  const tool = tools[`${SERVER}_${name}`];
  if (!tool?.execute) throw new Error(`${name}: not among the listed tools (${Object.keys(tools).join(', ')})`);
  // The context is for an agent run (observe, runId…); a direct call passes none, as `execute(args)` in the reference.
  const execute = tool.execute as (input: unknown) => Promise<unknown>;
  return toolText(name, (await execute(args)) as object);
};

let code = 1;
try {
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more.
  await (scenario.reconnect
    ? onceMore(listTools, async () => {
        await mcp.disconnect().catch(() => undefined);
        mcp = newClient();
        return listTools();
      })
    : listTools());
  const toolNames = async () =>
    Object.keys(await listTools())
      .filter((k) => k.startsWith(`${SERVER}_`))
      .map((k) => k.slice(SERVER.length + 1));
  code = (await scenario.steps(call, toolNames)) === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await mcp.disconnect().catch(() => undefined);
}
process.exit(code);
