// Glue: an MCP client built with @modelcontextprotocol/sdk 1.x (`Client` + `StreamableHTTPClientTransport`, as the
// SDK's README and examples/client show) doing one client-role prompt's task against MCP_SERVER_URL, then ending
// its session. Usage: `node client.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise.
// Policy (CONTEXT.md): no protocol code of our own. What a prompt asks in application terms is done with library
// calls (slow-server: the SDK's per-request `timeout`, whose expiry makes the SDK itself send the cancellation, then
// one more call; version-mismatch: close and connect once more if the SDK refuses the server's version; task-call:
// the SDK's experimental `client.experimental.tasks.callToolStream`, as examples/client/simpleStreamableHttp shows).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { onceMore, toolText, type Call } from '../glue-common.ts';

/** The prompts' per-call limit (slow-server: give up on a call still unanswered after 2 s). */
const GIVE_UP_MS = 2000;

type Steps = (call: Call, client: Client) => Promise<string>;

/** get_secret → submit_answer (call-tool, server-ping, session-expiry, version-mismatch). */
const secretThenSubmit: Steps = async (call) => call('submit_answer', { answer: await call('get_secret') });

/**
 * Run a tool as a task through the SDK's tasks API (it polls tasks/get and fetches tasks/result); its result's text.
 * The tools are listed first: that is how the SDK learns which tools are task-only (its callTool refuses them).
 */
async function taskText(client: Client, name: string): Promise<string> {
  await client.listTools();
  const stream = client.experimental.tasks.callToolStream({ name, arguments: {} }, CallToolResultSchema, {
    task: { ttl: 60_000 },
  });
  for await (const message of stream) {
    if (message.type === 'result') return toolText(name, message.result);
    if (message.type === 'error') throw message.error;
    console.error(`${name}: ${message.type} ${message.task.status}`);
  }
  throw new Error(`${name}: the task stream ended without a result`);
}

/** Per scenario: the prompt's sequence of tool calls; returns submit_answer's text. */
const SCENARIOS: Record<string, Steps> = {
  'call-tool': secretThenSubmit,
  'server-ping': secretThenSubmit,
  'session-expiry': secretThenSubmit,
  'version-mismatch': secretThenSubmit,
  // The prompt: give up on get_secret after 2 s, call it off (the SDK's timeout sends the cancellation), call it once more.
  'slow-server': async (call) => {
    const secret = await onceMore(
      () => call('get_secret', {}, { timeout: GIVE_UP_MS }),
      () => call('get_secret'),
    );
    return call('submit_answer', { answer: secret });
  },
  'task-call': async (call, client) => call('submit_answer', { answer: await taskText(client, 'get_secret') }),
  'sse-resume': async (call) => {
    const token = await call('get_token');
    return call('submit_answer', { answer: await call('get_secret', { token }) });
  },
};

const steps = SCENARIOS[process.argv[2] ?? ''];
const url = process.env.MCP_SERVER_URL;
if (!steps || !url) {
  console.error(`usage: MCP_SERVER_URL=… node client.ts <${Object.keys(SCENARIOS).join('|')}>`);
  process.exit(2);
}

let transport = new StreamableHTTPClientTransport(new URL(url));
let client = new Client({ name: 'mcpfs-sdk-glue', version: '1.0.0' });

/** Call a tool and return the text of its single text content item. */
const call: Call = async (name, args = {}, options) =>
  toolText(name, await client.callTool({ name, arguments: args }, undefined, options));

let code = 1;
try {
  const connect = () => client.connect(transport);
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more (a connect
  // the SDK refuses is closed by the SDK itself; the glue closes what is left and connects again, once).
  const reconnect = async () => {
    await client.close().catch(() => undefined);
    transport = new StreamableHTTPClientTransport(new URL(url));
    client = new Client({ name: 'mcpfs-sdk-glue', version: '1.0.0' });
    await client.connect(transport);
  };
  await (process.argv[2] === 'version-mismatch' ? onceMore(connect, reconnect) : connect());
  const verdict = await steps(call, client);
  code = verdict === 'accepted' ? 0 : 1;
  await transport.terminateSession(); // DELETE the session (a no-op when the server issued none)
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client.close().catch(() => undefined);
}
process.exit(code);
