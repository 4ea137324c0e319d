import type { MutantInfo } from '../../../roles/types.ts';

const S1 = 'stateless-call';
const S2 = 'param-headers';
const S3 = 'version-retry';
const S4 = 'multi-round-trip';
const S5 = 'server-drift';
const S6 = 'slow-server';
const ALL = [S1, S2, S3, S4, S5, S6];

/** Mutant switches of the 2026-07-28 oracle client: each breaks one behaviour (`MCPFS_MUTANT=<id>` or `--mutant=<id>`). */
export const MUTANTS: readonly MutantInfo[] = [
  { id: 'wrong-answer', description: 'submits the secret reversed', scenarios: ALL },
  { id: 'legacy-get', description: 'opens a legacy GET event stream before its first POST', scenarios: [S1] },
  { id: 'no-accept', description: 'sends no Accept header (fetch then sends */*)', scenarios: [S1] },
  { id: 'no-protocol-version', description: 'never sends MCP-Protocol-Version', scenarios: [S1] },
  {
    id: 'header-version-mismatch',
    description: 'sends MCP-Protocol-Version 2025-11-25 while _meta says otherwise',
    scenarios: [S1, S3],
  },
  { id: 'no-mcp-method', description: 'never sends Mcp-Method', scenarios: [S1] },
  {
    id: 'no-client-capabilities',
    description: 'leaves clientCapabilities out of _meta',
    scenarios: [S1],
    schemaInvalid: {
      reason: 'RequestMetaObject requires io.modelcontextprotocol/clientCapabilities',
      defs: ['ListToolsRequest'],
    },
  },
  { id: 'no-client-info', description: 'leaves clientInfo out of _meta', scenarios: [S1] },
  {
    id: 'posts-response',
    description: 'POSTs a stray JSON-RPC response',
    scenarios: [S1],
    schemaInvalid: {
      reason: 'the stray result it POSTs has no resultType (Result requires it)',
      defs: ['JSONRPCResultResponse'],
    },
  },
  {
    id: 'null-id',
    description: 'sends a tools/list request with id null',
    scenarios: [S1],
    schemaInvalid: { reason: 'null is not a RequestId', defs: ['ListToolsRequest'] },
  },
  {
    id: 'duplicate-in-flight-id',
    description: 'sends tools/list and get_token in parallel with the same id',
    scenarios: [S1],
  },
  {
    id: 'fractional-id',
    description: 'sends a tools/list request with id 1.5',
    scenarios: [S1],
    schemaInvalid: { reason: '1.5 is not a RequestId (string or integer)', defs: ['ListToolsRequest'] },
  },
  {
    id: 'batch-request',
    description: 'POSTs a tools/list request inside a JSON array (batch)',
    scenarios: [S1],
    schemaInvalid: { reason: 'a JSON array (batch) is not a JSONRPCMessage', defs: ['JSONRPCMessage'] },
  },
  { id: 'sse-unsupported', description: 'treats a text/event-stream response as an error', scenarios: [S1] },
  { id: 'wrong-path', description: 'POSTs a tools/list to <endpoint>/tools first, then carries on', scenarios: [S1] },
  { id: 'no-name-encoding', description: 'sends a non-ASCII tool name raw in Mcp-Name', scenarios: [S2] },
  {
    id: 'no-tool-validation',
    description: 'keeps tools whose x-mcp-header annotations are invalid (and calls get_secret_fast)',
    scenarios: [S2],
  },
  {
    id: 'type-only-validation',
    description:
      'checks x-mcp-header annotations for the type rule only (empty, non-token, duplicate and unreachable ones pass)',
    scenarios: [S2],
  },
  {
    id: 'case-sensitive-content-type',
    description: 'reads the response media type only from a header named exactly Content-Type',
    scenarios: [S1],
  },
  {
    id: 'deref-network-ref',
    description: "fetches the network $ref of a listed tool schema (at the server's own origin)",
    scenarios: [S1],
  },
  { id: 'no-param-headers', description: 'ignores x-mcp-header (no Mcp-Param-* headers)', scenarios: [S2] },
  { id: 'param-header-for-null', description: 'sends Mcp-Param-* for a null argument', scenarios: [S2] },
  { id: 'param-header-for-absent', description: 'sends Mcp-Param-* for an argument left out', scenarios: [S2] },
  { id: 'no-base64', description: 'sends header-unsafe values raw instead of Base64-encoded', scenarios: [S2] },
  { id: 'no-sentinel-escape', description: 'sends a sentinel-shaped plain value as it is', scenarios: [S2] },
  { id: 'uppercase-sentinel', description: 'writes the Base64 sentinel as =?BASE64?…?=', scenarios: [S2] },
  { id: 'latin1-body', description: 'sends request bodies as ISO-8859-1 bytes instead of UTF-8', scenarios: [S2] },
  {
    id: 'retry-unlisted-version',
    description: 'retries after UnsupportedProtocolVersionError with 2025-11-25, which the server did not list',
    scenarios: [S3],
  },
  {
    id: 'initialize-fallback',
    description: 'POSTs a legacy initialize after a modern 400, then retries',
    scenarios: [S3],
  },
  { id: 'no-input-responses', description: 'retries an InputRequiredResult without inputResponses', scenarios: [S4] },
  {
    id: 'trim-request-state',
    description: 'strips the trailing "=" of requestState before echoing it',
    scenarios: [S4],
  },
  { id: 'invent-request-state', description: 'sends requestState "none" when the server issued none', scenarios: [S4] },
  { id: 'retry-same-id', description: 'retries with the id of the original request', scenarios: [S4] },
  {
    id: 'state-on-parallel',
    description: 'also attaches inputResponses/requestState to a parallel tools/list',
    scenarios: [S4],
  },
  {
    id: 'no-relist-on-mismatch',
    description: 'retries a call refused with HeaderMismatch without listing the tools again',
    scenarios: [S5],
  },
  {
    id: 'accept-unknown-result-type',
    description: 'reads a result with an unrecognised resultType as complete',
    scenarios: [S5],
  },
  {
    id: 'no-close-on-timeout',
    description: 'stops waiting for a call that timed out but leaves its response stream open',
    scenarios: [S6],
  },
  {
    id: 'cancel-notification-with-id',
    description: 'after a timeout, sends notifications/cancelled carrying an id of its own',
    scenarios: [S6],
  },
];
