import type { MutantInfo } from '../../../roles/types.ts';

const S1 = 'call-tool';
const S2 = 'session-expiry';
const S3 = 'sse-resume';
const S4 = 'server-ping';
const S5 = 'slow-server';
const S6 = 'version-mismatch';
const ALL = [S1, S2, S3, S4, S5, S6];

/** Mutant switches of the 2025-11-25 oracle client: each breaks one behaviour (`MCPFS_MUTANT=<id>` or `--mutant=<id>`). */
export const MUTANTS: readonly MutantInfo[] = [
  { id: 'request-before-initialize', description: 'sends tools/list before initialize', scenarios: [S1] },
  {
    id: 'no-client-info',
    description: 'initialize without clientInfo',
    scenarios: [S1],
    schemaInvalid: { reason: 'InitializeRequestParams requires clientInfo', defs: ['InitializeRequest'] },
  },
  { id: 'no-wait-initialize', description: 'sends tools/list while initialize is still unanswered', scenarios: [S1] },
  { id: 'skip-initialized', description: 'never sends notifications/initialized', scenarios: [S1] },
  {
    id: 'use-unnegotiated',
    description: 'calls prompts/list although the server declared only tools',
    scenarios: [S1],
  },
  { id: 'no-accept', description: 'sends no Accept header (fetch then sends */*)', scenarios: [S1, S2, S3] },
  { id: 'no-protocol-version', description: 'never sends MCP-Protocol-Version', scenarios: [S1, S2, S4] },
  { id: 'put-notification', description: 'sends notifications/initialized with PUT instead of POST', scenarios: [S1] },
  {
    id: 'wrong-path-notification',
    description: 'POSTs notifications/initialized to <endpoint>/notify',
    scenarios: [S1],
  },
  {
    id: 'batch-notification',
    description: 'POSTs notifications/initialized inside a JSON array (batch)',
    scenarios: [S1],
    schemaInvalid: { reason: 'a JSON array (batch) is not a JSONRPCMessage', defs: ['JSONRPCMessage'] },
  },
  {
    id: 'null-id',
    description: 'sends a ping request with id null',
    scenarios: [S1],
    schemaInvalid: { reason: 'null is not a RequestId', defs: ['PingRequest'] },
  },
  { id: 'reuse-ids', description: 'uses id 1 for every request', scenarios: [S1] },
  {
    id: 'initialized-with-id',
    description: 'sends notifications/initialized with an id (and ignores the answer)',
    scenarios: [S1, S5],
  },
  { id: 'ask-older', description: 'asks for protocol version 2025-06-18 in initialize', scenarios: [S1, S6] },
  { id: 'wrong-answer', description: 'submits the secret reversed', scenarios: ALL },
  { id: 'no-session-echo', description: 'never sends MCP-Session-Id', scenarios: [S2] },
  { id: 'no-reinit-on-404', description: 'gives up on 404 instead of re-initializing', scenarios: [S2] },
  { id: 'no-delete', description: 'never DELETEs its session', scenarios: [S2] },
  { id: 'sse-unsupported', description: 'treats a text/event-stream response as an error', scenarios: [S3] },
  { id: 'early-reconnect', description: 'reconnects at once, ignoring retry', scenarios: [S3] },
  { id: 'no-last-event-id', description: 'reconnects with GET but without Last-Event-ID', scenarios: [S3] },
  {
    id: 'ping-no-result',
    description: 'answers the server ping without a result field',
    scenarios: [S4],
    schemaInvalid: {
      reason: 'a response with neither result nor error is no JSON-RPC message',
      defs: ['JSONRPCMessage'],
    },
  },
  { id: 'wrong-response-id', description: 'answers server requests with a different id', scenarios: [S4] },
  {
    id: 'latest-version-header',
    description: 'sends MCP-Protocol-Version 2025-11-25 whatever was negotiated',
    scenarios: [S4],
  },
  { id: 'bogus-version', description: 'asks for protocol version 1900-01-01 in initialize', scenarios: [S4] },
  { id: 'latin1-body', description: 'sends request bodies as ISO-8859-1 bytes instead of UTF-8', scenarios: [S4] },
  {
    id: 'answer-notifications',
    description: 'answers each server notification with a Method-not-found error (without an id)',
    scenarios: [S4],
  },
  {
    id: 'error-id-dropped',
    description: 'refuses an unknown server request with an error without id',
    scenarios: [S4],
  },
  {
    id: 'error-no-message',
    description: 'refuses an unknown server request with an error that has a code but no message',
    scenarios: [S4],
    schemaInvalid: { reason: 'Error requires message', defs: ['JSONRPCErrorResponse'] },
  },
  {
    id: 'error-code-string',
    description: 'refuses an unknown server request with the error code as a string ("-32601")',
    scenarios: [S4],
    schemaInvalid: { reason: 'Error.code is an integer', defs: ['JSONRPCErrorResponse'] },
  },
  {
    id: 'disconnect-only',
    description: 'on the 2 s timeout drops the connection and calls again, without a cancellation notification',
    scenarios: [S5],
  },
  {
    id: 'cancel-keep-waiting',
    description: 'on the 2 s timeout sends the cancellation but keeps waiting on the stream until the server ends it',
    scenarios: [S5],
  },
  {
    id: 'cancel-answered',
    description: 'also cancels the answered retry, 300 ms after its answer arrived',
    scenarios: [S5],
  },
  {
    id: 'cancel-initialize',
    description: 'cancels its own initialize 50 ms after sending it (still unanswered)',
    scenarios: [S5],
  },
  {
    id: 'accept-any-version',
    description: 'goes on with whatever protocol version initialize answered (here 2030-01-01)',
    scenarios: [S6],
  },
];
