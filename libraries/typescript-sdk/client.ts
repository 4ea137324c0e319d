// Glue: an MCP client built with @modelcontextprotocol/sdk 1.x (`Client` + `StreamableHTTPClientTransport`, as the
// SDK's README and examples/client show) doing one client-role prompt's task against MCP_SERVER_URL, then ending
// its session. Usage: `node client.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise.
// Policy (CONTEXT.md): no retry or reconnect code of our own — whatever the SDK does by itself is measured.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { toolText, type Call } from '../glue-common.ts';

/** get_secret → submit_answer (call-tool, server-ping, session-expiry, slow-server, version-mismatch). */
const secretThenSubmit = async (call: Call) => call('submit_answer', { answer: await call('get_secret') });

/** Per scenario: the prompt's sequence of tool calls; returns submit_answer's text. */
const SCENARIOS: Record<string, (call: Call) => Promise<string>> = {
  'call-tool': secretThenSubmit,
  'server-ping': secretThenSubmit,
  'session-expiry': secretThenSubmit,
  'slow-server': secretThenSubmit,
  'version-mismatch': secretThenSubmit,
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

const transport = new StreamableHTTPClientTransport(new URL(url));
const client = new Client({ name: 'mcpfs-sdk-glue', version: '1.0.0' });

/** Call a tool and return the text of its single text content item. */
const call: Call = async (name, args = {}) => toolText(name, await client.callTool({ name, arguments: args }));

let code = 1;
try {
  await client.connect(transport);
  const verdict = await steps(call);
  code = verdict === 'accepted' ? 0 : 1;
  await transport.terminateSession(); // DELETE the session (a no-op when the server issued none)
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client.close().catch(() => undefined);
}
process.exit(code);
