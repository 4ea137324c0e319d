// Glue: a 2026-07-28 MCP server built with xmcp: each scenario folder holds an xmcp project whose tools/ are its
// tools (xmcp's file-system routing, one file per tool with `schema`, `metadata` and a default handler), built at
// install time (`npm ci` runs build.mjs: `xmcp build` with `experimental.adapter: "express"`) into .xmcp/adapter.
// This file is the Express app of xmcp's Express adapter docs: `app.get("/mcp", xmcpHandler)` and
// `app.post("/mcp", xmcpHandler)` after `express.json()`, listening on $PORT.
// Usage: `node server.ts <scenario-id>` with PORT set; serves http://127.0.0.1:$PORT/mcp.
// Policy (CONTEXT.md): library features only, configured as the prompt asks; no hand-written protocol code.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import express, { type RequestHandler } from 'express';

const SCENARIOS = ['stateless-tools', 'param-headers', 'streaming', 'multi-round-trip'];
const scenario = process.argv[2] ?? '';
if (!SCENARIOS.includes(scenario)) {
  console.error(`usage: node server.ts <${SCENARIOS.join('|')}>`);
  process.exit(2);
}
const adapter = new URL(`./${scenario}/.xmcp/adapter/index.js`, import.meta.url);
if (!existsSync(adapter)) {
  console.error(`no build at ${adapter.pathname}: run npm ci --prefix libraries/xmcp (its prepare script builds it)`);
  process.exit(1);
}
// The adapter bundle is CommonJS (.xmcp/adapter/package.json: "type": "commonjs").
const { xmcpHandler } = createRequire(import.meta.url)(adapter.pathname) as { xmcpHandler: RequestHandler };

const port = Number(process.env.PORT);
const app = express();
app.use(express.json({ limit: '10mb' })); // the Express starter template's body parser
app.get('/mcp', xmcpHandler);
app.post('/mcp', xmcpHandler);
// DELETE too, so the endpoint answers it as xmcp's standalone http server does (its handler answers 405) rather
// than with Express's 404 for an unrouted method.
app.delete('/mcp', xmcpHandler);
app.listen(port, '127.0.0.1', () =>
  console.error(`MCP server (${scenario}) listening on http://127.0.0.1:${port}/mcp`),
);
