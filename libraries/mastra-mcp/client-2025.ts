// Glue: the @mastra/mcp MCPClient of `client.ts` for the 2025-11-25 client scenarios: the same program with the
// server definition's `protocolVersion: 'legacy'` (the initialize handshake, no server/discover probe), which the
// migration guide documents for a server known not to have upgraded. Usage: `node client-2025.ts <scenario-id>`.
process.argv.splice(3, 0, 'legacy');
await import('./client.ts');
