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
  /** On every notification of a subscriptions/listen stream: that request's JSON-RPC id (basic/index.mdx:412). */
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** JSON-RPC error codes of 2026-07-28 (basic/index.mdx, schema.ts). */
export const CODE = {
  headerMismatch: -32020,
  missingCapability: -32021,
  unsupportedVersion: -32022,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

/** The sub-range reserved for the MCP specification (basic/index.mdx "Error Codes"): only its defined codes may appear. */
export const RESERVED_RANGE = { from: -32099, to: -32020 } as const;

/** The codes 2026-07-28 defines in that sub-range, with the name each has in the schema. */
export const DEFINED_RESERVED: Readonly<Record<number, string>> = {
  [CODE.headerMismatch]: 'HeaderMismatch',
  [CODE.missingCapability]: 'MissingRequiredClientCapability',
  [CODE.unsupportedVersion]: 'UnsupportedProtocolVersion',
};

/** Codes of earlier revisions that a 2026-07-28 implementation must never emit (…-138), with what they meant. */
export const RETIRED_CODES: Readonly<Record<number, string>> = {
  [-32002]: 'resource not found, 2025-11-25 and earlier',
  [-32042]: 'URL elicitation required, 2025-11-25 only',
};
