import type { MutantInfo } from '../../../roles/types.ts';
import { parseMutantOf } from '../../common/mutant-switch.ts';

const ST = ['stateless-tools'];
const PH = ['param-headers'];
const MR = ['multi-round-trip'];
const TK = ['tasks'];
const SG = ['streaming'];
const SB = ['subscriptions'];

/**
 * Mutant switches of the 2026-07-28 oracle server. Each breaks one behaviour; `scenarios` lists where calibration
 * runs it. Switch one on with `--mutant <id>` or `MCPFS_MUTANT=<id>`.
 */
export const MUTANTS = [
  {
    id: 'wrong-results',
    description:
      'add returns a - b, route_query upper-cases the region, confirm_transfer transfers 0, slow_square adds 1, countdown ends with "liftof", an installed plugin answers "<name> broken"',
    scenarios: [...ST, ...PH, ...MR, ...TK, ...SG, ...SB],
  },
  {
    id: 'require-discover-first',
    description: 'refuses every request until some client has called server/discover',
    scenarios: ST,
  },
  { id: 'discover-missing', description: 'answers server/discover with 404 Method not found', scenarios: ST },
  {
    id: 'no-server-info',
    description: 'leaves io.modelcontextprotocol/serverInfo out of every result _meta',
    scenarios: ST,
  },
  {
    id: 'no-result-type',
    description: 'leaves resultType out of complete results',
    scenarios: ST,
    schemaInvalid: {
      reason: 'Result requires resultType',
      defs: ['CallToolResult', 'DiscoverResult', 'ListToolsResult'],
    },
  },
  { id: 'text-plain-content-type', description: 'labels JSON responses Content-Type: text/plain', scenarios: ST },
  { id: 'id-as-string', description: 'turns every response id into a string', scenarios: ST },
  { id: 'no-origin-check', description: 'accepts any Origin instead of answering 403 to a foreign one', scenarios: ST },
  {
    id: 'ignore-version-mismatch',
    description: 'serves a request whose MCP-Protocol-Version differs from its _meta protocolVersion',
    scenarios: ST,
  },
  {
    id: 'unsupported-version-wrong-code',
    description: 'answers an unsupported version with -32600 instead of -32022',
    scenarios: ST,
  },
  {
    id: 'version-missing-wrong-code',
    description: 'rejects a request without MCP-Protocol-Version with -32600 instead of -32020',
    scenarios: ST,
  },
  { id: 'method-header-optional', description: 'serves a request without Mcp-Method', scenarios: ST },
  { id: 'unknown-method-200', description: 'answers an unknown method with 200 instead of 404', scenarios: ST },
  {
    id: 'missing-caps-wrong-code',
    description: 'answers _meta without clientCapabilities with -32600 instead of -32602',
    scenarios: ST,
  },
  {
    id: 'missing-caps-200',
    description: 'answers _meta without clientCapabilities with -32602 but HTTP 200 instead of 400',
    scenarios: ST,
  },
  { id: 'mint-session-id', description: 'sends an Mcp-Session-Id header on every response', scenarios: ST },
  { id: 'list-side-effect', description: 'tools/list grows a calls_<n> tool after each tools/call', scenarios: ST },
  {
    id: 'no-tools-capability',
    description: 'leaves the tools capability out of the DiscoverResult (still serves tools)',
    scenarios: ST,
  },
  { id: 'list-missing-tool', description: 'lists only add in tools/list (still serves echo)', scenarios: ST },
  { id: 'shuffle-tools', description: 'returns the tool list reversed on every second tools/list', scenarios: ST },
  {
    id: 'latin1-body',
    description: 'writes JSON bodies in ISO-8859-1 instead of UTF-8 (é as the byte 0xE9)',
    scenarios: ST,
  },
  {
    id: 'result-member-missing',
    description: 'answers tools/list with the tool list at the top level of the response, without a result member',
    scenarios: ST,
    schemaInvalid: { reason: 'a response without result or error is no JSON-RPC message', defs: ['JSONRPCMessage'] },
  },
  { id: 'error-id-dropped', description: 'leaves the request id out of every JSON-RPC error response', scenarios: ST },
  {
    id: 'error-without-message',
    description: 'sends JSON-RPC errors without a message',
    scenarios: ST,
    schemaInvalid: {
      reason: 'Error requires message',
      defs: [
        'HeaderMismatchError',
        'InvalidParamsError',
        'InvalidRequestError',
        'MethodNotFoundError',
        'UnsupportedProtocolVersionError',
      ],
    },
  },
  {
    id: 'error-code-string',
    description: 'sends JSON-RPC error codes as strings ("-32601")',
    scenarios: ST,
    schemaInvalid: { reason: 'Error.code must be an integer', defs: ['JSONRPCErrorResponse'] },
  },
  {
    id: 'undefined-reserved-code',
    description:
      'refuses a foreign Origin with -32050, a code of the range reserved for the specification that it does not define',
    scenarios: ST,
  },
  {
    id: 'retired-code',
    description: 'refuses a foreign Origin with -32002, the code 2025-11-25 used for an unknown resource',
    scenarios: ST,
  },
  { id: 'no-base64-decode', description: 'compares =?base64?…?= header values without decoding them', scenarios: PH },
  { id: 'case-sensitive-headers', description: 'looks up MCP header names case-sensitively', scenarios: PH },
  {
    id: 'param-header-optional',
    description: 'serves a call whose Mcp-Param-* header is missing although the body has the value',
    scenarios: PH,
  },
  {
    id: 'param-mismatch-wrong-code',
    description: 'answers an Mcp-Param-* mismatch with -32602 instead of -32020',
    scenarios: PH,
  },
  { id: 'expect-header-when-null', description: 'requires Mcp-Param-Region when region is null', scenarios: PH },
  { id: 'expect-header-always', description: 'requires Mcp-Param-Region even when region is absent', scenarios: PH },
  { id: 'string-compare-integers', description: 'compares integer parameters as strings (42.0 ≠ 42)', scenarios: PH },
  { id: 'ignore-name-header', description: 'does not compare Mcp-Name with params.name', scenarios: PH },
  {
    id: 'empty-input-required',
    description: 'answers input_required with neither inputRequests nor requestState',
    scenarios: MR,
  },
  { id: 'unverified-state', description: 'trusts requestState without verifying its HMAC', scenarios: MR },
  {
    id: 'elicit-without-capability',
    description: 'asks for elicitation even when the client did not declare it',
    scenarios: MR,
  },
  {
    id: 'missing-capability-no-data',
    description: 'sends -32021 without data.requiredCapabilities',
    scenarios: MR,
    schemaInvalid: {
      reason: 'MissingRequiredClientCapabilityError requires data.requiredCapabilities',
      defs: ['MissingRequiredClientCapabilityError'],
    },
  },
  { id: 'missing-capability-200', description: 'sends -32021 with HTTP 200 instead of 400', scenarios: MR },
  {
    id: 'input-required-on-list',
    description: 'answers tools/list with input_required',
    scenarios: MR,
    schemaInvalid: {
      reason: 'tools/list may not answer input_required (ListToolsResultResponse allows only ListToolsResult)',
      defs: ['ListToolsResult'],
    },
  },
  {
    id: 'sse-elicitation-request',
    description:
      'sends an elicitation/create JSON-RPC request on the SSE stream before the result, and on every listen stream after its acknowledgment',
    scenarios: [...MR, ...SG, ...SB],
  },
  { id: 'no-x-accel', description: 'leaves X-Accel-Buffering: no off SSE responses', scenarios: MR },
  { id: 'keep-stream-open', description: 'keeps SSE response streams open after the response', scenarios: MR },
  // multi-round-trip: one-time, bound and validated request state; the shape of inputRequests (issue 16, helper E)
  {
    id: 'duplicate-input-key',
    description: 'writes the key confirm twice into inputRequests (a roots/list request first, then the elicitation)',
    scenarios: MR,
  },
  {
    id: 'input-request-ping',
    description: 'asks for confirmation with a ping input request instead of elicitation/create',
    scenarios: MR,
    schemaInvalid: {
      reason: 'InputRequests values must be an ElicitRequest, CreateMessageRequest or ListRootsRequest',
      defs: ['InputRequiredResult'],
    },
  },
  { id: 'state-replayable', description: 'honours a redeemed requestState again (no one-time check)', scenarios: MR },
  {
    id: 'state-not-bound',
    description: 'accepts a requestState on a call for another amount than it was issued for',
    scenarios: MR,
  },
  {
    id: 'unvalidated-responses',
    description: 'reads a malformed inputResponses answer as "not confirmed" and returns a result instead of an error',
    scenarios: MR,
  },
  {
    id: 'reject-extra-responses',
    description: 'refuses inputResponses with a key it did not ask for',
    scenarios: MR,
  },
  {
    id: 'missing-response-error',
    description: 'answers a retry without the confirm answer with -32602 instead of asking again',
    scenarios: MR,
  },
  {
    id: 'task-result-type-complete',
    description: 'labels the CreateTaskResult resultType "complete" instead of "task"',
    scenarios: TK,
    schemaInvalid: {
      reason: 'with resultType "complete" the CreateTaskResult reads as a CallToolResult without content',
      defs: ['CallToolResult'],
    },
  },
  {
    id: 'task-not-durable',
    description:
      'answers the CreateTaskResult before tasks/get can find the task (the first lookup of the first task fails)',
    scenarios: TK,
  },
  {
    id: 'task-get-result-type-task',
    description: 'labels tasks/get results resultType "task" instead of "complete"',
    scenarios: TK,
    schemaInvalid: { reason: 'GetTaskResult requires resultType "complete"', defs: ['ext-tasks:GetTaskResult'] },
  },
  {
    id: 'completed-without-result',
    description: 'leaves result out of the completed task',
    scenarios: TK,
    schemaInvalid: { reason: 'a completed task in GetTaskResult requires result', defs: ['ext-tasks:GetTaskResult'] },
  },
  {
    id: 'unknown-task-wrong-code',
    description: 'answers an unknown taskId with -32603 instead of -32602',
    scenarios: TK,
  },
  {
    id: 'task-without-extension',
    description: 'returns a CreateTaskResult to a client that did not declare the extension',
    scenarios: TK,
  },
  {
    id: 'missing-extension-no-data',
    description: 'sends -32021 without data.requiredCapabilities',
    scenarios: TK,
    schemaInvalid: {
      reason: 'MissingRequiredClientCapabilityError requires data.requiredCapabilities',
      defs: ['MissingRequiredClientCapabilityError'],
    },
  },
  {
    id: 'tasks-get-ignores-extension',
    description: 'serves tasks/get from a client that did not declare the extension',
    scenarios: TK,
  },
  {
    id: 'cancel-returns-task',
    description: 'answers tasks/cancel with the task instead of an empty result',
    scenarios: TK,
  },
  // tasks: connection independence, explicit ids, full Task objects, cancel of unknown ids (issue 16, helper E)
  {
    id: 'connection-bound-tasks',
    description: 'finds a task only from the TCP connection that created it',
    scenarios: TK,
  },
  {
    id: 'cookie-state',
    description: 'sends a Set-Cookie header on every response',
    scenarios: TK,
  },
  {
    id: 'working-bare',
    description: 'answers tasks/get of a working task with only taskId and status',
    scenarios: TK,
    schemaInvalid: { reason: 'a Task requires createdAt, lastUpdatedAt and ttlMs', defs: ['ext-tasks:GetTaskResult'] },
  },
  {
    id: 'cancelled-bare',
    description: 'answers tasks/get of a cancelled task with only taskId and status',
    scenarios: TK,
    schemaInvalid: { reason: 'a Task requires createdAt, lastUpdatedAt and ttlMs', defs: ['ext-tasks:GetTaskResult'] },
  },
  {
    id: 'cancel-result-type-task',
    description: 'labels the tasks/cancel result resultType "task" instead of "complete"',
    scenarios: TK,
    schemaInvalid: { reason: 'CancelTaskResult requires resultType "complete"', defs: ['ext-tasks:CancelTaskResult'] },
  },
  {
    id: 'cancel-unknown-ok',
    description: 'acknowledges tasks/cancel of an unknown taskId with an empty result',
    scenarios: TK,
  },
  {
    id: 'tool-error-failed',
    description: 'reports a task whose result is a tool error (out of range) as failed with a JSON-RPC error',
    scenarios: TK,
  },
  {
    id: 'crash-completed',
    description: 'reports the crashed computation (x = 13) as completed with a tool error result instead of failed',
    scenarios: TK,
  },
  {
    id: 'failed-without-error',
    description: 'leaves the error out of the failed task',
    scenarios: TK,
    schemaInvalid: { reason: 'a failed task in GetTaskResult requires error', defs: ['ext-tasks:GetTaskResult'] },
  },
  // stateless-tools: the endpoint, notifications, initialize, input schemas
  {
    id: 'post-redirect',
    description: 'answers a tools/call POST to /mcp with 307 Temporary Redirect to /mcp/rpc instead of serving it',
    scenarios: ST,
  },
  {
    id: 'notification-200',
    description: 'answers every notification, even a malformed one, with 200 and an empty body instead of 202 / 400',
    scenarios: ST,
  },
  {
    id: 'body-on-202',
    description: 'answers an accepted notification with 202 and a JSON-RPC result body',
    scenarios: ST,
  },
  {
    id: 'initialize-header-mismatch',
    description: 'refuses a 2025-style initialize for its missing MCP-Protocol-Version (-32020), naming no versions',
    scenarios: ST,
  },
  {
    id: 'null-schema',
    description: 'lists echo with inputSchema null',
    scenarios: ST,
    schemaInvalid: { reason: 'Tool.inputSchema must be an object', defs: ['ListToolsResult'] },
  },
  // param-headers: invalid header characters, the x-mcp-header annotation constraints
  {
    id: 'accept-latin1-header',
    description: 'serves a call whose Mcp-Param-Region carries a raw non-ASCII byte (0xE9) equal to the body value',
    scenarios: PH,
  },
  {
    id: 'annotation-bad-names',
    description:
      'adds route_query parameters annotated x-mcp-header "", "Re\u0001gion" and "PRIORITY" (empty, control character, duplicate)',
    scenarios: PH,
  },
  {
    id: 'annotation-non-primitive',
    description: 'adds a route_query parameter of type array annotated x-mcp-header "Tags"',
    scenarios: PH,
  },
  {
    id: 'annotation-unreachable',
    description: "adds an x-mcp-header annotation inside an array parameter's items (not reachable through properties)",
    scenarios: PH,
  },
  // streaming (client disconnects mid-stream)
  {
    id: 'cross-progress',
    description: "also sends the previous countdown's progress token on each later countdown's stream",
    scenarios: SG,
  },
  {
    id: 'ignore-disconnect',
    description: 'keeps counting a countdown whose stream the client closed, to done',
    scenarios: SG,
  },
  {
    id: 'notification-with-id',
    description: 'gives every progress notification an id',
    scenarios: [...SG, ...SB],
  },
  // subscriptions (subscriptions/listen streams)
  {
    id: 'ignore-filter',
    description: 'sends tool-list changes to every listen stream, whatever it asked for',
    scenarios: SB,
  },
  { id: 'listen-ack-missing', description: 'never sends the subscription acknowledgment', scenarios: SB },
  {
    id: 'no-subscription-id',
    description: 'leaves the subscription id out of listen-stream notifications after the acknowledgment',
    scenarios: SB,
  },
  { id: 'no-list-changed', description: 'never tells listen streams that the tool list changed', scenarios: SB },
  {
    id: 'cancel-notice-on-cut',
    description: 'tells every listen stream, with notifications/cancelled, that a request was cancelled by its client',
    scenarios: SB,
  },
] as const satisfies readonly MutantInfo[];

export type MutantId = (typeof MUTANTS)[number]['id'];

/** Parse a switch name; unknown names are an error (a typo must not silently run the plain oracle). */
export function parseMutant(v: string | undefined): MutantId | undefined {
  return parseMutantOf(MUTANTS, v);
}
