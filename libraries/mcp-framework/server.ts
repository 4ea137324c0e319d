// Glue: an MCP server built with mcp-framework (`MCPServer` with the "http-stream" transport; tools as `MCPTool`
// classes that the framework loads from `<basePath>/tools/`), as its README shows. One tools folder per server-role
// scenario (`./<scenario>/tools/*.ts`, the prompt's tools). Usage: `node server.ts <scenario-id>` with PORT set; serves
// http://127.0.0.1:$PORT/mcp. Policy (CONTEXT.md): library features only, configured as the prompt asks.
// Tool files are named `<name>-tool.ts`: the loader excludes `*.d.ts` through the regex `.*.d.ts`, which also matches
// e.g. `add.ts`. Installed on its own (this folder's package.json): mcp-framework needs zod 3.x. Sessions and poll-resume: not
// attempted (tools get no session identity; nothing closes a stream early: libraries/registry.json).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MCPServer } from 'mcp-framework';

const scenario = process.argv[2] ?? '';
const basePath = fileURLToPath(new URL(`./${scenario}/`, import.meta.url));
if (!/^[a-z-]+$/.test(scenario) || !existsSync(`${basePath}tools`)) {
  console.error('usage: node server.ts <tools-basics|streaming|tasks|cancellation>');
  process.exit(2);
}
const port = Number(process.env.PORT);
const server = new MCPServer({
  name: 'mcpfs-mcp-framework-glue',
  version: '1.0.0',
  basePath,
  // The tasks prompt asks for task-augmented calls: the framework's task support (`MCPServerConfig.tasks`, the `TasksConfig` type; the README has no tasks section).
  ...(scenario === 'tasks' ? { tasks: { enabled: true } } : {}),
  transport: {
    type: 'http-stream',
    options: {
      port,
      host: '127.0.0.1',
      endpoint: '/mcp',
      // The streaming prompt asks for SSE answers: README "Response Modes" ("batch" answers JSON; set explicitly: the README says batch is the default, the code defaults to stream).
      responseMode: scenario === 'streaming' ? 'stream' : 'batch',
      // The prompts ask for 403 on a foreign Origin: the transport's origin check (cors.allowedOrigins).
      cors: { allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`] },
    },
  },
});
await server.start();
console.error(`MCP server (${scenario}) listening on http://127.0.0.1:${port}/mcp`);
