import type { MutantInfo } from '../../../roles/types.ts';
import { parseMutantOf } from '../../common/mutant-switch.ts';

/**
 * Mutant switches of the 2025-11-25 oracle server. Each breaks exactly one behaviour; `scenarios` lists where
 * calibration runs it (the scenario whose checkpoint it is meant to kill). Switch one on with `--mutant <id>` or the
 * env `MCPFS_MUTANT=<id>`.
 */
export const MUTANTS = [
  {
    id: 'no-origin-check',
    description: 'accepts any Origin instead of answering 403 to a foreign one',
    scenarios: ['tools-basics'],
  },
  {
    id: 'wrong-version-echo',
    description: 'answers initialize with 2025-06-18 even when 2025-11-25 was asked for',
    scenarios: ['tools-basics'],
  },
  {
    id: 'version-echo-unsupported',
    description: 'echoes any requested protocol version, even unsupported ones',
    scenarios: ['tools-basics'],
  },
  {
    id: 'body-on-202',
    description: 'sends a JSON body with the 202 for notifications',
    scenarios: ['tools-basics'],
    schemaInvalid: { reason: 'the body it adds to the 202 is a result without an id', defs: ['JSONRPCResultResponse'] },
  },
  {
    id: 'text-plain-content-type',
    description: 'labels JSON responses Content-Type: text/plain',
    scenarios: ['tools-basics'],
  },
  { id: 'id-as-string', description: 'turns every response id into a string', scenarios: ['tools-basics'] },
  {
    id: 'ignore-protocol-version',
    description: 'accepts an unsupported MCP-Protocol-Version header',
    scenarios: ['tools-basics'],
  },
  {
    id: 'require-protocol-version',
    description: 'answers 400 to a request without MCP-Protocol-Version',
    scenarios: ['tools-basics'],
  },
  {
    id: 'no-server-info',
    description: 'leaves serverInfo out of the InitializeResult',
    scenarios: ['tools-basics'],
    schemaInvalid: { reason: 'serverInfo is required in an InitializeResult', defs: ['InitializeResult'] },
  },
  {
    id: 'no-tools-capability',
    description: 'omits capabilities.tools from the InitializeResult',
    scenarios: ['tools-basics'],
  },
  {
    id: 'wrong-results',
    description: 'add returns a - b, echo upper-cases its text, slow_square adds 1',
    scenarios: ['tools-basics', 'tasks'],
  },
  {
    id: 'latin1-body',
    description: 'writes JSON bodies in ISO-8859-1 instead of UTF-8 (é as the byte 0xE9)',
    scenarios: ['tools-basics'],
  },
  {
    id: 'result-member-missing',
    description: 'answers tools/list with the tool list at the top level of the response, without a result member',
    scenarios: ['tools-basics'],
    schemaInvalid: { reason: 'a response without result or error is no JSON-RPC message', defs: ['JSONRPCMessage'] },
  },
  {
    id: 'error-id-dropped',
    description: 'leaves the request id out of every JSON-RPC error response',
    scenarios: ['tools-basics'],
  },
  {
    id: 'error-code-string',
    description: 'sends JSON-RPC error codes as strings ("-32601")',
    scenarios: ['tools-basics'],
    schemaInvalid: { reason: 'Error.code must be an integer', defs: ['JSONRPCErrorResponse'] },
  },
  {
    id: 'notification-200',
    description: 'answers a notification it cannot accept (jsonrpc "1.0") with 200 and a JSON-RPC error instead of 400',
    scenarios: ['tools-basics'],
  },
  {
    id: 'counter-oldest',
    description: 'counters an unsupported protocol version with its oldest supported one (2025-03-26)',
    scenarios: ['tools-basics'],
  },
  {
    id: 'null-schema',
    description: 'lists the add tool with inputSchema null',
    scenarios: ['tools-basics'],
    schemaInvalid: { reason: 'Tool.inputSchema must be an object', defs: ['ListToolsResult'] },
  },
  { id: 'session-id-with-space', description: 'issues session ids containing a space', scenarios: ['sessions'] },
  { id: 'fixed-session-id', description: 'issues the same session id to every session', scenarios: ['sessions'] },
  {
    id: 'missing-session-404',
    description: 'answers a request without MCP-Session-Id with 404 instead of 400',
    scenarios: ['sessions'],
  },
  {
    id: 'no-session',
    description: 'issues no MCP-Session-Id on initialize; requests without one share a single server-wide session',
    scenarios: ['sessions'],
  },
  { id: 'terminated-400', description: 'answers 400 instead of 404 for a terminated session', scenarios: ['sessions'] },
  { id: 'shared-counter', description: 'keeps one increment counter for all sessions', scenarios: ['sessions'] },
  {
    id: 'early-roots-request',
    description: 'sends a roots/list request on a GET stream opened before the initialized notification',
    scenarios: ['sessions'],
  },
  { id: 'no-priming', description: 'starts POST SSE streams without the priming event', scenarios: ['streaming'] },
  { id: 'keep-stream-open', description: 'keeps a POST SSE stream open after its response', scenarios: ['streaming'] },
  {
    id: 'duplicate-event-ids',
    description: 'numbers SSE event ids per stream, so ids repeat across streams',
    scenarios: ['streaming'],
  },
  { id: 'notification-with-id', description: 'puts an id on progress notifications', scenarios: ['streaming'] },
  {
    id: 'get-returns-json',
    description: 'answers GET with 200 application/json instead of an SSE stream or 405',
    scenarios: ['streaming'],
    schemaInvalid: { reason: 'the JSON it answers GET with is not a JSON-RPC message', defs: ['JSONRPCMessage'] },
  },
  {
    id: 'broadcast',
    description: 'copies every POST-stream message onto the open GET streams',
    scenarios: ['streaming'],
  },
  {
    id: 'response-on-get',
    description: 'sends the countdown response on the open GET streams instead of its POST stream',
    scenarios: ['streaming'],
  },
  {
    id: 'cross-progress',
    description: "sends every countdown's progress with the token of the session's first countdown",
    scenarios: ['streaming'],
  },
  { id: 'no-event-ids', description: 'sends SSE events without an id field', scenarios: ['streaming'] },
  {
    id: 'replay-across-streams',
    description: 'on resumption replays every later event of the session, from any stream',
    scenarios: ['streaming'],
  },
  {
    id: 'no-progress',
    description: 'countdown returns its result without progress notifications',
    scenarios: ['streaming'],
  },
  {
    id: 'no-tasks-capability',
    description: 'omits capabilities.tasks from the InitializeResult',
    scenarios: ['tasks'],
  },
  {
    id: 'required-tool-runs-without-task',
    description: 'runs the taskSupport "required" tool without a task instead of -32601',
    scenarios: ['tasks'],
  },
  {
    id: 'task-call-returns-result',
    description: 'answers a task-augmented call with the tool result instead of a CreateTaskResult',
    scenarios: ['tasks'],
    schemaInvalid: {
      reason: 'a CallToolResult lacks the task a task-augmented call must be answered with',
      defs: ['CreateTaskResult'],
    },
  },
  {
    id: 'initial-status-submitted',
    description: 'reports a new task as "submitted" instead of "working"',
    scenarios: ['tasks'],
    schemaInvalid: { reason: '"submitted" is not a TaskStatus', defs: ['CreateTaskResult'] },
  },
  {
    id: 'no-created-at',
    description: 'leaves createdAt out of tasks/get results',
    scenarios: ['tasks'],
    schemaInvalid: { reason: 'createdAt is required in a Task', defs: ['GetTaskResult'] },
  },
  {
    id: 'no-ttl-in-get',
    description: 'leaves ttl out of tasks/get results',
    scenarios: ['tasks'],
    schemaInvalid: { reason: 'ttl is required in a Task', defs: ['GetTaskResult'] },
  },
  {
    id: 'result-not-blocking',
    description: 'answers tasks/result on a working task at once with the task status',
    scenarios: ['tasks'],
  },
  {
    id: 'no-related-task-meta',
    description: 'leaves the related-task _meta out of tasks/result',
    scenarios: ['tasks'],
  },
  { id: 'cancel-terminal-accepted', description: 'accepts tasks/cancel of a completed task', scenarios: ['tasks'] },
  {
    id: 'cancel-lazy',
    description: 'answers tasks/cancel before the task is cancelled (status still working)',
    scenarios: ['tasks'],
  },
  {
    id: 'error-without-message',
    description: 'sends JSON-RPC errors without a message',
    scenarios: ['tasks'],
    schemaInvalid: { reason: 'Error requires message', defs: ['JSONRPCErrorResponse'] },
  },
  {
    id: 'unknown-task-wrong-code',
    description: 'answers an unknown taskId with -32603 instead of -32602',
    scenarios: ['tasks'],
  },
  {
    id: 'ignore-cancel',
    description: 'ignores notifications/cancelled: a cancelled long_countdown still returns liftoff',
    scenarios: ['cancellation'],
  },
  {
    id: 'cancel-all',
    description: 'a cancellation stops every call in flight in the session, not only the one it names',
    scenarios: ['cancellation'],
  },
  {
    id: 'cancel-unknown-400',
    description: 'answers a cancellation of an unknown or finished request with 400 instead of ignoring it',
    scenarios: ['cancellation'],
  },
  {
    id: 'close-without-retry',
    description: 'closes polled SSE connections early without ever sending a retry field',
    scenarios: ['poll-resume'],
  },
  {
    id: 'disconnect-cancels',
    description: 'stops a slow_countdown when the client drops its POST stream, so resuming it brings no result',
    scenarios: ['poll-resume'],
  },
  {
    id: 'no-resume',
    description: 'answers every GET with Last-Event-ID with 400 (no stream is resumable)',
    scenarios: ['poll-resume'],
  },
  {
    id: 'replay-from-start',
    description: "on resumption replays the stream's events from its start, not only those after Last-Event-ID",
    scenarios: ['poll-resume'],
  },
  {
    id: 'no-get-resume',
    description: "resumes POST streams but answers a GET with the standalone stream's event id with 400",
    scenarios: ['poll-resume'],
  },
  {
    id: 'plain-tool-runs-as-task',
    description: 'runs a task-augmented call to a tool without execution.taskSupport as a plain call instead of -32601',
    scenarios: ['tasks'],
    schemaInvalid: {
      reason: 'a CallToolResult answers a task-augmented tools/call, which the schema pairs with CreateTaskResult',
      defs: ['CreateTaskResult'],
    },
  },
  {
    id: 'task-on-list',
    description: 'refuses tools/list carrying task metadata (-32600) instead of ignoring the metadata',
    scenarios: ['tasks'],
  },
  {
    id: 'numeric-task-id',
    description: 'reports task ids as numbers',
    scenarios: ['tasks'],
    schemaInvalid: {
      reason: 'Task.taskId must be a string',
      defs: ['CreateTaskResult', 'TaskStatusNotification'],
    },
  },
  { id: 'fixed-task-id', description: 'gives every task the same id', scenarios: ['tasks'] },
  {
    id: 'cancel-revives',
    description: 'lets a cancelled task move to completed when its work ends',
    scenarios: ['tasks'],
  },
  {
    id: 'tasks-get-sse',
    description: 'answers tasks/get with an SSE stream instead of a JSON body',
    scenarios: ['tasks'],
  },
  {
    id: 'no-last-updated',
    description: 'leaves lastUpdatedAt out of every Task it reports',
    scenarios: ['tasks'],
    schemaInvalid: {
      reason: 'lastUpdatedAt is required in a Task',
      defs: ['CreateTaskResult', 'GetTaskResult', 'CancelTaskResult', 'TaskStatusNotification'],
    },
  },
  { id: 'no-poll-interval', description: 'leaves pollInterval out of every Task it reports', scenarios: ['tasks'] },
  {
    id: 'terminal-result-status',
    description: 'answers tasks/result for a task already terminal with the Task instead of its result',
    scenarios: ['tasks'],
  },
  {
    id: 'result-as-error',
    description: 'answers tasks/result for a task already completed with a JSON-RPC error (-32602)',
    scenarios: ['tasks'],
  },
  {
    id: 'result-with-status',
    description: 'adds the task status to the tool result that tasks/result returns',
    scenarios: ['tasks'],
  },
  {
    id: 'meta-task-wins',
    description: 'picks the task named by the related-task _meta over the taskId param',
    scenarios: ['tasks'],
  },
  {
    id: 'meta-everywhere',
    description: 'adds the related-task _meta to tasks/get and tasks/cancel results and to task status notifications',
    scenarios: ['tasks'],
  },
  {
    id: 'failed-result-success',
    description:
      'answers tasks/result of the failed (crashed) task with a plain success result instead of its JSON-RPC error',
    scenarios: ['tasks'],
  },
  { id: 'no-status-message', description: 'reports a failed task without a statusMessage', scenarios: ['tasks'] },
  {
    id: 'no-status-notifications',
    description: 'sends no notifications/tasks/status when a task changes status',
    scenarios: ['tasks'],
  },
] as const satisfies readonly MutantInfo[];

export type MutantId = (typeof MUTANTS)[number]['id'];

/** Parse a switch name; unknown names are an error (a typo must not silently run the plain oracle). */
export function parseMutant(v: string | undefined): MutantId | undefined {
  return parseMutantOf(MUTANTS, v);
}
