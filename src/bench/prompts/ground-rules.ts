import type { Revision, Role } from '../schema/common.ts';

/**
 * The common parts of every prompt, in one place so that scenarios of a role say them in the same words. The committed
 * scenario files keep the full prompt (what the agent sees stays reviewable in one file); a test checks that each
 * prompt contains its role's parts verbatim.
 */

/** SDK packages named in the "no SDK" rule: each revision's official packages and the best-known other libraries. */
const SDKS: Record<Revision, Record<Role, string>> = {
  '2025-11-25': {
    server: '`@modelcontextprotocol/sdk`, `mcp`, `fastmcp`',
    client: '`@modelcontextprotocol/sdk`, `mcp`, `fastmcp`',
  },
  '2026-07-28': {
    server: '`@modelcontextprotocol/sdk`, `@modelcontextprotocol/server`, `mcp`, `fastmcp`',
    client: '`@modelcontextprotocol/sdk`, `@modelcontextprotocol/client`, `mcp`, `fastmcp`',
  },
};

/** What each revision is, in the task's words: the transport by name, and for 2026-07-28 its stateless requests. */
function revisionRule(revision: Revision, role: Role): string {
  const base = `- Speak MCP protocol revision **${revision}** over the **Streamable HTTP** transport, as that revision's\n  specification requires.`;
  if (revision === '2025-11-25') return base;
  return role === 'server'
    ? `${base} This revision is stateless: there is no \`initialize\` handshake and there are no\n  sessions; every request carries everything needed to serve it.`
    : `${base} This revision is stateless: there is no \`initialize\` handshake and no session; every\n  request carries everything needed to serve it.`;
}

/** The "## Ground rules" section of a prompt, ending with a newline. */
export function groundRules(revision: Revision, role: Role): string {
  const lines = ['## Ground rules', ''];
  if (role === 'server') {
    lines.push(
      '- Implement the server yourself, from scratch, in any language available in this workspace. Use only the standard',
      '  library for HTTP and JSON (for Node.js: `node:http`). Do **not** use any MCP SDK or MCP library (for example',
      `  ${SDKS[revision].server}).`,
      '- Listen on **127.0.0.1** at the TCP port given in the environment variable **`PORT`**. The MCP endpoint is the path',
      '  **`/mcp`**, i.e. `http://127.0.0.1:$PORT/mcp`.',
      revisionRule(revision, role),
      '- When you are done, **start the server and leave it running** in the background (with `PORT` from the',
      '  environment), then finish. An automated MCP client will test it against the specification after you finish;',
      '  nobody will start it for you.',
    );
  } else {
    lines.push(
      '- Implement the client yourself, from scratch, in any language available in this workspace. Use only the standard',
      '  library for HTTP, JSON and SSE parsing (for Node.js: `fetch` or `node:http`). Do **not** use any MCP SDK or MCP',
      `  library (for example ${SDKS[revision].client}).`,
      '- The MCP endpoint URL is in the environment variable **`MCP_SERVER_URL`** (e.g. `http://127.0.0.1:PORT/mcp`). Read it',
      '  from the environment; it changes from run to run.',
      revisionRule(revision, role),
      '- **Run your client against the server** before you finish, and make it exit when it is done. The server records',
      '  what your client sends and checks it against the specification; the task counts as done only when the server',
      '  has seen it done. The secret is different in every run, so never hard-code it.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The lead-in of a server prompt's "## Tools" section. */
export const SERVER_TOOLS_INTRO = [
  '## Tools',
  '',
  'Expose these tools in `tools/list` with exactly these input schemas, and answer `tools/call` for them.',
  'A tool result is a `CallToolResult` whose `content` holds one `text` item with the exact text described.',
  '',
].join('\n');

/** How a server prompt shows a tool's input schema: the scenario's `inputSchema`, pretty-printed, in a JSON block. */
export function inputSchemaBlock(inputSchema: unknown): string {
  return `Input schema:\n\n\`\`\`json\n${JSON.stringify(inputSchema, null, 2)}\n\`\`\`\n`;
}

/** The first line of every prompt: `# <title>: an MCP <role> (revision <revision>)`. */
export function promptHeading(title: string, role: Role, revision: Revision): string {
  return `# ${title}: an MCP ${role} (revision ${revision})\n`;
}
