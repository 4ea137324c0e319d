// Glue: an MCP client built with Genkit's MCP plugin (@genkit-ai/mcp `createMcpClient({ name, mcpServer: { url } })`,
// the README's single-server client with a Streamable HTTP `url`; it runs the official SDK 1.x `Client` +
// `StreamableHTTPClientTransport` of @modelcontextprotocol/sdk underneath) doing one client-role prompt's task against
// MCP_SERVER_URL, then disabling the client. No model is called: tools are taken with `getActiveTools(ai)` from a
// plugin-less `genkit({})` and each Genkit ToolAction is run directly, as `ai.generate` would run it.
// Usage: `node client.ts <scenario-id>`. Exits 0 when the server accepted the answer, 1 otherwise. Policy
// (CONTEXT.md): no protocol code of our own. version-mismatch: a connect the client failed leaves it disabled;
// `enable()` (JSDoc: "Enables a server connection, including previously disabled ones") connects once more.
// slow-server and task-call: not attempted (libraries/registry.json).
import { createMcpClient } from '@genkit-ai/mcp';
import { genkit } from 'genkit';
import { toolText, type Call } from '../glue-common.ts';

/** get_secret → submit_answer (call-tool, server-ping, session-expiry, version-mismatch). */
const secretThenSubmit = async (call: Call) => call('submit_answer', { answer: await call('get_secret') });

/** Per scenario: the prompt's sequence of tool calls; returns submit_answer's text. */
const SCENARIOS: Record<string, (call: Call) => Promise<string>> = {
  'call-tool': secretThenSubmit,
  'server-ping': secretThenSubmit,
  'session-expiry': secretThenSubmit,
  'version-mismatch': secretThenSubmit,
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

const ai = genkit({});
/**
 * The README's single-server client. `rawToolResponses: true` (README option): a tool returns the MCP CallToolResult
 * as it came, instead of Genkit's coercion (a text that parses as JSON would come back as a number or object).
 */
const client = createMcpClient({ name: 'mcpfs', mcpServer: { url }, rawToolResponses: true });

let code = 1;
try {
  await client.ready();
  // version-mismatch's prompt: if the client cannot agree on a version, disconnect and connect once more.
  if (scenario === 'version-mismatch' && !client.isEnabled()) {
    console.error('failed, once more: the client disabled itself after its connect failed');
    await client.enable();
  }
  const tools = await client.getActiveTools(ai);
  console.error(`tools: ${tools.map((t) => t.__action.name).join(', ')}`);
  /** Run the Genkit tool action of an MCP tool (namespaced `<server>/<tool>`); its result's text. */
  const call: Call = async (name, args = {}) => {
    const tool = tools.find((t) => t.__action.name.endsWith(`/${name}`));
    if (!tool) throw new Error(`${name}: not among the tools`);
    return toolText(name, (await tool(args)) as object);
  };
  const verdict = await steps(call);
  code = verdict === 'accepted' ? 0 : 1;
} catch (e) {
  console.error(`client failed: ${(e as Error).message}`);
} finally {
  await client.disable().catch(() => undefined);
}
process.exit(code);
