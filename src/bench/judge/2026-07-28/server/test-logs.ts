import type { Headers } from '../../../schema/wire-event.ts';
import type { Ex } from '../../common/server/exchange-log.ts';
import {
  BOGUS_VERSION,
  CODE,
  FIXTURE,
  LEGACY_INITIALIZE,
  META,
  NOTIFICATION,
  OTHER_VERSION,
  PROTOCOL_VERSION,
  STEP,
} from '../../../plans/2026-07-28/server-steps.ts';

export { judgeOn, override } from '../../common/server/exchange-log.ts';
export type { Ex };

/**
 * Hand-made 2026-07-28 wire logs for judge unit tests (test support; pure): what a conformant stateless server
 * answers to each probe step. A failing case overrides one step with `override`.
 */
const SERVER_INFO = { [META.serverInfo]: { name: 'hand-made', version: '1' } };
const meta = (caps: Record<string, unknown> | null = {}, version = PROTOCOL_VERSION) => ({
  [META.protocolVersion]: version,
  ...(caps ? { [META.clientCapabilities]: caps } : {}),
});
export const rpc = (id: unknown, method: string, params: Record<string, unknown> = {}, m = meta()) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: m },
});
export const result = (id: unknown, r: Record<string, unknown>, resultType = 'complete') => ({
  jsonrpc: '2.0',
  id,
  result: { resultType, ...r, _meta: SERVER_INFO },
});
export const textResult = (id: unknown, t: string) => result(id, { content: [{ type: 'text', text: t }] });
export const rpcError = (id: unknown, code: number, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: 'error', ...(data === undefined ? {} : { data }) },
});
const std = (method: string, name?: string): Headers => [
  ['MCP-Protocol-Version', PROTOCOL_VERSION],
  ['Mcp-Method', method],
  ...(name ? [['Mcp-Name', name] as [string, string]] : []),
];
const TOOLS = [
  { name: 'add', inputSchema: { type: 'object' } },
  { name: 'echo', inputSchema: { type: 'object' } },
];

/** One POST exchange answered with JSON. */
export function post(
  step: string,
  req: ReturnType<typeof rpc>,
  status: number,
  json: unknown,
  reqHeaders?: Headers,
): Ex {
  const p = req.params as { name?: string };
  return {
    step,
    req,
    status,
    json,
    reqHeaders: reqHeaders ?? std(req.method, req.method === 'tools/call' ? p.name : undefined),
  };
}

/** A conformant stateless-tools log. */
export function stateless(): Ex[] {
  return [
    post(STEP.callAdd, rpc(1, 'tools/call', { name: 'add', arguments: FIXTURE.add.args }), 200, textResult(1, '42')),
    post(
      STEP.discover,
      rpc('discover-1', 'server/discover'),
      200,
      result('discover-1', { supportedVersions: [PROTOCOL_VERSION], capabilities: { tools: {} } }),
    ),
    post(STEP.toolsList, rpc(2, 'tools/list'), 200, result(2, { tools: TOOLS })),
    post(
      STEP.callEcho,
      rpc('echo-3', 'tools/call', { name: 'echo', arguments: FIXTURE.echo.args }),
      200,
      textResult('echo-3', FIXTURE.echo.text),
    ),
    post(STEP.toolsListAgain, rpc(4, 'tools/list'), 200, result(4, { tools: TOOLS })),
    post(
      STEP.foreignOrigin,
      rpc(5, 'tools/list'),
      403,
      { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden' } },
      [['Origin', 'http://evil.example'], ...std('tools/list')],
    ),
    post(
      STEP.versionMismatch,
      rpc(6, 'tools/list', {}, meta({}, OTHER_VERSION)),
      400,
      rpcError(6, CODE.headerMismatch),
    ),
    post(
      STEP.versionUnsupported,
      rpc(7, 'tools/list', {}, meta({}, BOGUS_VERSION)),
      400,
      rpcError(7, CODE.unsupportedVersion, { supported: [PROTOCOL_VERSION], requested: BOGUS_VERSION }),
    ),
    post(STEP.versionMissing, rpc(8, 'tools/list'), 400, rpcError(8, CODE.headerMismatch), [
      ['Mcp-Method', 'tools/list'],
    ]),
    post(STEP.methodMissing, rpc(9, 'tools/list'), 400, rpcError(9, CODE.headerMismatch), [
      ['MCP-Protocol-Version', PROTOCOL_VERSION],
    ]),
    post(STEP.unknownMethod, rpc(10, 'foo/bar'), 404, rpcError(10, CODE.methodNotFound)),
    post(STEP.capabilitiesMissing, rpc(11, 'tools/list', {}, meta(null)), 400, rpcError(11, CODE.invalidParams)),
    post(STEP.sessionIdIgnored, rpc(12, 'tools/list'), 200, result(12, { tools: TOOLS }), [
      ...std('tools/list'),
      ['Mcp-Session-Id', 'stale-session-1'],
    ]),
    { step: STEP.get, method: 'GET', status: 405 },
    { step: STEP.del, method: 'DELETE', status: 405 },
    {
      step: STEP.notificationDefined,
      req: NOTIFICATION.defined,
      reqHeaders: std(NOTIFICATION.defined.method),
      status: 202,
    },
    {
      step: STEP.notificationMalformed,
      req: NOTIFICATION.malformed,
      reqHeaders: std(NOTIFICATION.malformed.method),
      status: 400,
      json: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } },
    },
    {
      step: STEP.initializeLegacy,
      req: { jsonrpc: '2.0', id: 13, method: 'initialize', params: LEGACY_INITIALIZE },
      reqHeaders: [],
      status: 400,
      json: rpcError(13, CODE.unsupportedVersion, { supported: [PROTOCOL_VERSION], requested: '2025-11-25' }),
    },
  ];
}

const R = FIXTURE.route;
const ROUTE_TOOL = {
  name: R.tool,
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      priority: { type: 'integer', 'x-mcp-header': 'Priority' },
      query: { type: 'string' },
    },
  },
};
const route = (step: string, id: number, args: Record<string, unknown>, status: number, json: unknown): Ex =>
  post(step, rpc(id, 'tools/call', { name: R.tool, arguments: args }), status, json);

/** A conformant param-headers log (request headers abridged: the judges read only the answers). */
export function paramHeaders(): Ex[] {
  return [
    post(STEP.toolsList, rpc(1, 'tools/list'), 200, result(1, { tools: [ROUTE_TOOL] })),
    route(STEP.callPlain, 2, R.plain.args, 200, textResult(2, R.plain.text)),
    route(STEP.callBase64Param, 3, R.unicode.args, 200, textResult(3, R.unicode.text)),
    route(STEP.callBase64Name, 4, R.encodedName.args, 200, textResult(4, R.encodedName.text)),
    route(STEP.callLowercase, 5, R.lower.args, 200, textResult(5, R.lower.text)),
    route(STEP.callParamMissing, 6, R.missing.args, 400, rpcError(6, CODE.headerMismatch)),
    route(STEP.callParamMismatch, 7, R.mismatch.args, 400, rpcError(7, CODE.headerMismatch)),
    route(STEP.callParamNull, 8, R.nullRegion.args, 200, textResult(8, R.nullRegion.text)),
    route(STEP.callParamAbsent, 9, R.absentRegion.args, 200, textResult(9, R.absentRegion.text)),
    route(STEP.callIntegerFloat, 10, R.integer.args, 200, textResult(10, R.integer.text)),
    route(STEP.callNameMismatch, 11, R.plain.args, 400, rpcError(11, CODE.headerMismatch)),
    route(STEP.callParamInvalidChars, 12, R.invalidChars.args, 400, rpcError(12, CODE.headerMismatch)),
  ];
}

const T = FIXTURE.transfer;
const ELICIT = { elicitation: { form: {} } };
export const ASK = {
  inputRequests: {
    confirm: {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object' } },
    },
  },
  requestState: 'sealed.state',
};
const SSE_HEADERS: Headers = [
  ['Content-Type', 'text/event-stream'],
  ['X-Accel-Buffering', 'no'],
];
const transferCall = (id: number, caps: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  rpc(id, 'tools/call', { name: T.tool, arguments: T.args, ...extra }, meta(caps));
/** One tools/call answered on an SSE stream carrying just the response. */
export const sseAnswer = (step: string, req: ReturnType<typeof rpc>, message: unknown): Ex => ({
  step,
  req,
  reqHeaders: std('tools/call', T.tool),
  status: 200,
  resHeaders: SSE_HEADERS,
  sse: [{ data: message }],
});

/** A conformant multi-round-trip log. */
export function multiRoundTrip(): Ex[] {
  const retry = { inputResponses: { confirm: T.accept }, requestState: ASK.requestState };
  return [
    sseAnswer(STEP.transferInitial, transferCall(1, ELICIT), result(1, ASK, 'input_required')),
    sseAnswer(STEP.transferRetry, transferCall(2, ELICIT, retry), textResult(2, T.text)),
    post(
      STEP.transferTampered,
      transferCall(3, ELICIT, { ...retry, requestState: 'forged.state' }),
      400,
      rpcError(3, CODE.invalidParams),
    ),
    post(
      STEP.transferNoElicitation,
      transferCall(4, {}),
      400,
      rpcError(4, CODE.missingCapability, { requiredCapabilities: { elicitation: {} } }),
    ),
    post(STEP.toolsList, rpc(5, 'tools/list'), 200, result(5, { tools: [] })),
    post(
      STEP.discover,
      rpc(6, 'server/discover'),
      200,
      result(6, { supportedVersions: [PROTOCOL_VERSION], capabilities: { tools: {} } }),
    ),
    post(STEP.transferReplay, transferCall(7, ELICIT, retry), 400, rpcError(7, CODE.invalidParams)),
    ...freshRetry(8, STEP.transferOtherAmount, { amount: T.otherAmount }, retry, rpcError(9, CODE.invalidParams)),
    ...freshRetry(
      10,
      STEP.transferMalformedResponse,
      T.args,
      { ...retry, inputResponses: { confirm: T.malformed } },
      rpcError(11, CODE.invalidParams),
    ),
    ...freshRetry(
      12,
      STEP.transferMissingResponse,
      T.args,
      { ...retry, inputResponses: {} },
      result(13, ASK, 'input_required'),
    ),
    ...freshRetry(
      14,
      STEP.transferExtraResponse,
      T.args,
      { ...retry, inputResponses: { confirm: T.accept, [T.extraKey]: T.accept } },
      textResult(15, T.text),
    ),
  ];
}

/** A fresh first call (id `id`) and the variant retry of `step` (id `id + 1`) that presents its state. */
function freshRetry(
  id: number,
  step: string,
  args: Record<string, unknown>,
  retry: Record<string, unknown>,
  answer: unknown,
): Ex[] {
  const call = rpc(id + 1, 'tools/call', { name: T.tool, arguments: args, ...retry }, meta(ELICIT));
  return [
    sseAnswer(STEP.transferFresh, transferCall(id, ELICIT), result(id, ASK, 'input_required')),
    post(step, call, (answer as { error?: unknown }).error ? 400 : 200, answer),
  ];
}

const Q = FIXTURE.square;
const TASK = 'task-1';
const AT = '2026-11-30T08:00:00.000Z';
/** A Task as a conformant server reports it. */
export const taskView = (taskId: string, status: string, extra: Record<string, unknown> = {}) => ({
  taskId,
  status,
  createdAt: AT,
  lastUpdatedAt: AT,
  ttlMs: 60000,
  pollIntervalMs: 100,
  ...extra,
});
const EXT = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const taskReq = (id: number, method: string, taskId: string, caps: Record<string, unknown> = EXT) =>
  rpc(id, method, { taskId }, meta(caps));
const squareCall = (id: number, args: Record<string, unknown>, caps: Record<string, unknown> = EXT) =>
  rpc(id, 'tools/call', { name: Q.tool, arguments: args }, meta(caps));
const MISSING = { requiredCapabilities: EXT };

/** A conformant tasks log: create, get, two polls (working, completed), unknown id, no-extension calls, cancel. */
export function tasks(): Ex[] {
  const toolError = taskView('task-3', 'completed', {
    result: { resultType: 'complete', content: [{ type: 'text', text: Q.outOfRange.text }], isError: true },
  });
  const crashed = taskView('task-4', 'failed', {
    statusMessage: 'crashed',
    error: { code: -32603, message: 'Internal error' },
  });
  const done = taskView(TASK, 'completed', {
    result: { resultType: 'complete', content: [{ type: 'text', text: Q.quick.text }] },
  });
  return [
    post(STEP.taskCreate, squareCall(1, Q.quick.args), 200, result(1, taskView(TASK, 'working'), 'task')),
    post(STEP.taskGetImmediate, taskReq(2, 'tasks/get', TASK), 200, result(2, taskView(TASK, 'working'))),
    post(STEP.taskPoll, taskReq(10, 'tasks/get', TASK), 200, result(10, taskView(TASK, 'working'))),
    post(STEP.taskPoll, taskReq(11, 'tasks/get', TASK), 200, result(11, done)),
    post(STEP.taskGetUnknown, taskReq(3, 'tasks/get', Q.unknownTaskId), 200, rpcError(3, CODE.invalidParams)),
    post(
      STEP.callWithoutExtension,
      squareCall(4, Q.direct.args, {}),
      400,
      rpcError(4, CODE.missingCapability, MISSING),
    ),
    post(
      STEP.taskGetWithoutExtension,
      taskReq(5, 'tasks/get', TASK, {}),
      400,
      rpcError(5, CODE.missingCapability, MISSING),
    ),
    post(STEP.taskCreateLong, squareCall(6, Q.long.args), 200, result(6, taskView('task-2', 'working'), 'task')),
    post(STEP.taskGetLong, taskReq(31, 'tasks/get', 'task-2'), 200, result(31, taskView('task-2', 'working'))),
    post(STEP.taskCancel, taskReq(7, 'tasks/cancel', 'task-2'), 200, result(7, {})),
    post(STEP.taskGetCancelled, taskReq(8, 'tasks/get', 'task-2'), 200, result(8, taskView('task-2', 'cancelled'))),
    post(STEP.taskCancelUnknown, taskReq(9, 'tasks/cancel', Q.unknownTaskId), 200, rpcError(9, CODE.invalidParams)),
    post(
      STEP.taskUpdateUnknown,
      rpc(30, 'tasks/update', { taskId: Q.unknownTaskId, inputResponses: {} }, meta(EXT)),
      200,
      rpcError(30, CODE.invalidParams),
    ),
    post(
      STEP.taskCreateOutOfRange,
      squareCall(40, Q.outOfRange.args),
      200,
      result(40, taskView('task-3', 'working'), 'task'),
    ),
    post(STEP.taskPollOutOfRange, taskReq(41, 'tasks/get', 'task-3'), 200, result(41, taskView('task-3', 'working'))),
    post(STEP.taskPollOutOfRange, taskReq(42, 'tasks/get', 'task-3'), 200, result(42, toolError)),
    post(STEP.taskCreateCrash, squareCall(70, Q.crash.args), 200, result(70, taskView('task-4', 'working'), 'task')),
    post(STEP.taskPollCrash, taskReq(71, 'tasks/get', 'task-4'), 200, result(71, crashed)),
  ];
}
