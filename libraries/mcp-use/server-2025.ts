// Glue: the mcp-use MCPServer of `server.ts` for the 2025-11-25 server scenarios (mcp-use serves 2025-era clients
// through its default `legacy: "stateless"` fallback on the same endpoint). Usage: `node server-2025.ts <scenario-id>`.
process.argv.splice(3, 0, 'legacy');
await import('./server.ts');
