// Serves mcp-handler's web-standard `(Request) => Promise<Response>` handler from a plain node:http server. mcp-handler's
// README: "Frameworks based on Node.js IncomingMessage and ServerResponse … require a Web Request adapter or the
// official MCP framework middleware": the official SDK's Node adapter `@modelcontextprotocol/node` (`toNodeHandler`,
// which accepts any fetch-shaped handler), with its `localhostHostValidation` / `localhostOriginValidation` guards in
// front, as that package's README shows for node:http. mcp-handler does not read the path, so the glue routes `/mcp`.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';

export function serve(handler: (request: Request) => Promise<Response>, label: string): void {
  const port = Number(process.env.PORT);
  const node = toNodeHandler({ fetch: handler });
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  createServer(async (req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end();
    await node(req, res);
  }).listen(port, '127.0.0.1', () => console.error(`MCP server (${label}) listening on http://127.0.0.1:${port}/mcp`));
}
