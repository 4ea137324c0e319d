/**
 * Wire constants of 2026-07-28 that both the server probe plan (and its judges) and the client judges use.
 * Pure, so judges never import the harness.
 */

/** Reserved `_meta` keys of a 2026-07-28 request (basic/index.mdx, "Per-request protocol fields"). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** JSON-RPC error codes of 2026-07-28 (basic/index.mdx, schema.ts). */
export const CODE = {
  headerMismatch: -32020,
  missingCapability: -32021,
  unsupportedVersion: -32022,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;
