import type { Headers } from '../../../schema/wire-event.ts';
import type { Ex } from '../../common/server/exchange-log.ts';
import { FIXTURE, ID_PROBES, PROTOCOL_VERSION, RELATED_TASK, STEP } from '../../../plans/2025-11-25/server-steps.ts';

/** Conformant 2025-11-25 server-role logs, one per scenario, for judge unit tests (test support; pure). */
export { judgeOn, override, wireLog, type Ex } from '../../common/server/exchange-log.ts';

const rpc = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
export const result = (id: unknown, r: unknown) => ({ jsonrpc: '2.0', id, result: r });
export const textResult = (id: unknown, t: string) => result(id, { content: [{ type: 'text', text: t }] });
const SID = 'sid-A';
/** The Implementation a conformant server names itself with in its InitializeResult. */
export const SERVER_INFO = { name: 'test-server', version: '1.0.0' };
const sidHeaders = (sid: string): Headers => [
  ['Content-Type', 'application/json'],
  ['MCP-Session-Id', sid],
];
const inSession = (sid = SID): Headers => [
  ['MCP-Protocol-Version', PROTOCOL_VERSION],
  ['MCP-Session-Id', sid],
];

/** initialize + initialized, as a conformant session-issuing server answers them. */
export function start(sid = SID, steps: [string, string] = [STEP.initialize, STEP.initialized]): Ex[] {
  return [
    {
      step: steps[0],
      req: rpc(1, 'initialize', { protocolVersion: PROTOCOL_VERSION }),
      status: 200,
      resHeaders: sidHeaders(sid),
      json: result(1, { protocolVersion: PROTOCOL_VERSION, capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
    },
    {
      step: steps[1],
      reqHeaders: inSession(sid),
      req: { jsonrpc: '2.0', method: 'notifications/initialized' },
      status: 202,
    },
  ];
}

/** A conformant tools-basics log. */
export function basics(): Ex[] {
  return [
    ...start(),
    {
      step: STEP.toolsList,
      reqHeaders: inSession(),
      req: rpc('list-1', 'tools/list'),
      status: 200,
      json: result('list-1', {
        tools: [
          { name: 'add', inputSchema: { type: 'object' } },
          { name: 'echo', inputSchema: { type: 'object' } },
        ],
      }),
    },
    {
      step: STEP.callAdd,
      reqHeaders: inSession(),
      req: rpc(3, 'tools/call', { name: 'add', arguments: FIXTURE.add.args }),
      status: 200,
      json: textResult(3, FIXTURE.add.text),
    },
    {
      step: STEP.callEcho,
      reqHeaders: inSession(),
      req: rpc('echo-4', 'tools/call', { name: 'echo', arguments: FIXTURE.echo.args }),
      status: 200,
      json: textResult('echo-4', FIXTURE.echo.text),
    },
    {
      step: STEP.initializeUnknownVersion,
      req: rpc(5, 'initialize', { protocolVersion: '1900-01-01' }),
      status: 200,
      resHeaders: sidHeaders('sid-C'),
      json: result(5, { protocolVersion: PROTOCOL_VERSION, capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
    },
    {
      step: STEP.foreignOrigin,
      reqHeaders: [['Origin', 'http://evil.example'], ...inSession()],
      req: rpc(6, 'tools/list'),
      status: 403,
      json: { jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden' } },
    },
    {
      step: STEP.badProtocolVersion,
      reqHeaders: [
        ['MCP-Protocol-Version', '1900-01-01'],
        ['MCP-Session-Id', SID],
      ],
      req: rpc(7, 'tools/list'),
      status: 400,
      json: { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Bad version' } },
    },
    {
      step: STEP.noProtocolVersion,
      reqHeaders: [['MCP-Session-Id', SID]],
      req: rpc(8, 'tools/list'),
      status: 200,
      json: result(8, { tools: [] }),
    },
    ...ID_PROBES.map(([step, id]): Ex => ({
      step,
      reqHeaders: inSession(),
      req: rpc(id, 'tools/list'),
      status: 200,
      json: result(id, { tools: [] }),
    })),
    {
      step: STEP.unknownMethod,
      reqHeaders: inSession(),
      req: rpc(9, FIXTURE.unknownMethod),
      status: 200,
      json: { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found' } },
    },
    {
      step: STEP.notificationBadJsonrpc,
      reqHeaders: inSession(),
      req: { jsonrpc: '1.0', method: FIXTURE.unknownNotification },
      status: 400,
      json: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } },
    },
    {
      step: STEP.notificationUnknown,
      reqHeaders: inSession(),
      req: { jsonrpc: '2.0', method: FIXTURE.unknownNotification },
      status: 202,
    },
  ];
}

/** A conformant sessions log. */
export function sessions(): Ex[] {
  const inc = (step: string, id: number, sid: string, n: string): Ex => ({
    step,
    reqHeaders: inSession(sid),
    req: rpc(id, 'tools/call', { name: 'increment', arguments: {} }),
    status: 200,
    json: textResult(id, n),
  });
  const [init, initd] = start();
  return [
    init!,
    {
      step: STEP.getBeforeInitialized,
      method: 'GET',
      reqHeaders: [['Accept', 'text/event-stream'], ...inSession()],
      status: 200,
      sse: [],
      end: 'aborted',
    },
    initd!,
    inc(STEP.incrementA1, 2, SID, '1'),
    inc(STEP.incrementA2, 3, SID, '2'),
    ...start('sid-B', [STEP.initializeB, STEP.initializedB]),
    inc(STEP.incrementB1, 2, 'sid-B', '1'),
    {
      step: STEP.noSessionId,
      reqHeaders: [['MCP-Protocol-Version', PROTOCOL_VERSION]],
      req: rpc(4, 'tools/list'),
      status: 400,
      json: { jsonrpc: '2.0', error: { code: -32600, message: 'no session' } },
    },
    { step: STEP.deleteSession, method: 'DELETE', reqHeaders: inSession(), status: 200 },
    {
      step: STEP.afterDelete,
      reqHeaders: inSession(),
      req: rpc(5, 'tools/call', { name: 'increment', arguments: {} }),
      status: 404,
      json: { jsonrpc: '2.0', error: { code: -32001, message: 'gone' } },
    },
  ];
}

const progress = (token: string, i: number, n: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: i, total: n },
});

/** The SSE events of a conformant countdown stream `s` (ids `<s>-<k>`). */
export function countdownSse(s: string, id: number, token: string, n: number): { id?: string; data: unknown }[] {
  const ev: { id?: string; data: unknown }[] = [{ id: `${s}-0`, data: '' }];
  for (let i = 1; i <= n; i++) ev.push({ id: `${s}-${i}`, data: progress(token, i, n) });
  ev.push({ id: `${s}-${n + 1}`, data: textResult(id, FIXTURE.countdownText) });
  return ev;
}

/** A conformant streaming log: GET stream, two countdowns, a resumption of stream A from its priming event. */
export function streaming(): Ex[] {
  const a = FIXTURE.countdownA;
  const b = FIXTURE.countdownB;
  const call = (id: number, n: number, token: string) =>
    rpc(id, 'tools/call', { name: 'countdown', arguments: { n }, _meta: { progressToken: token } });
  return [
    ...start(),
    {
      step: STEP.getStream,
      method: 'GET',
      reqHeaders: [['Accept', 'text/event-stream'], ...inSession()],
      status: 200,
      sse: [],
      end: 'aborted',
    },
    {
      step: STEP.countdownA,
      reqHeaders: inSession(),
      req: call(10, a.n, a.token),
      status: 200,
      sse: countdownSse('a', 10, a.token, a.n),
    },
    {
      step: STEP.countdownB,
      reqHeaders: inSession(),
      req: call(11, b.n, b.token),
      status: 200,
      sse: countdownSse('b', 11, b.token, b.n),
    },
    {
      step: STEP.resume,
      method: 'GET',
      reqHeaders: [['Accept', 'text/event-stream'], ...inSession(), ['Last-Event-ID', 'a-0']],
      status: 200,
      sse: countdownSse('a', 10, a.token, a.n).slice(1),
    },
  ];
}

const TASK_A = 'task-a';
const TASK_B = 'task-b';
const TASK_C = 'task-c';
const AT = '2026-11-30T08:00:00.000Z';
/** A Task object as a conformant server reports it. */
export const taskView = (taskId: string, status: string) => ({
  taskId,
  status,
  createdAt: AT,
  lastUpdatedAt: AT,
  ttl: 60000,
  pollInterval: 100,
});
const rpcError = (id: unknown, code: number) => ({ jsonrpc: '2.0', id, error: { code, message: 'error' } });

/** The crash task (x = 13) as tasks/get reports it once it failed. */
export const FAILED_TASK = { ...taskView(TASK_C, 'failed'), statusMessage: 'the computation crashed' };

/** The tasks/result answer for the completed quick task (id 13). */
export const TERMINAL_RESULT = result(13, {
  content: [{ type: 'text', text: '49' }],
  _meta: { [RELATED_TASK]: { taskId: TASK_A } },
});

/** A conformant tasks log. */
export function tasks(): Ex[] {
  const post = (step: string, id: number, method: string, params: unknown, json: unknown): Ex => ({
    step,
    reqHeaders: inSession(),
    req: rpc(id, method, params),
    status: 200,
    json,
  });
  const [init, initd] = start();
  return [
    {
      ...init!,
      json: result(1, {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } },
        serverInfo: SERVER_INFO,
      }),
    },
    initd!,
    post(
      STEP.callWithoutTask,
      2,
      'tools/call',
      { name: 'slow_square', arguments: FIXTURE.squareDirect.args },
      rpcError(2, -32601),
    ),
    post(
      STEP.callPlainAsTask,
      11,
      'tools/call',
      { name: 'add', arguments: FIXTURE.addAsTask.args, task: { ttl: 60000 } },
      rpcError(11, -32601),
    ),
    post(STEP.listWithTask, 12, 'tools/list', { task: { ttl: 60000 } }, result(12, { tools: [] })),
    post(
      STEP.taskCreate,
      3,
      'tools/call',
      { name: 'slow_square', arguments: FIXTURE.squareQuick.args, task: { ttl: 60000 } },
      result(3, { task: taskView(TASK_A, 'working') }),
    ),
    post(STEP.taskGet, 4, 'tasks/get', { taskId: TASK_A }, result(4, taskView(TASK_A, 'working'))),
    post(
      STEP.taskResult,
      5,
      'tasks/result',
      { taskId: TASK_A },
      result(5, { content: [{ type: 'text', text: '49' }], _meta: { [RELATED_TASK]: { taskId: TASK_A } } }),
    ),
    post(STEP.taskPollTerminal, 100, 'tasks/get', { taskId: TASK_A }, result(100, taskView(TASK_A, 'completed'))),
    post(STEP.taskResultTerminal, 13, 'tasks/result', { taskId: TASK_A }, TERMINAL_RESULT),
    post(STEP.taskCancelTerminal, 6, 'tasks/cancel', { taskId: TASK_A }, rpcError(6, -32602)),
    post(
      STEP.taskCreateLong,
      7,
      'tools/call',
      { name: 'slow_square', arguments: FIXTURE.squareLong.args, task: { ttl: 60000 } },
      result(7, { task: taskView(TASK_B, 'working') }),
    ),
    post(STEP.taskCancel, 8, 'tasks/cancel', { taskId: TASK_B }, result(8, taskView(TASK_B, 'cancelled'))),
    post(STEP.taskGetCancelled, 9, 'tasks/get', { taskId: TASK_B }, result(9, taskView(TASK_B, 'cancelled'))),
    post(
      STEP.taskGetMetaConflict,
      14,
      'tasks/get',
      { taskId: TASK_A, _meta: { [RELATED_TASK]: { taskId: TASK_B } } },
      result(14, taskView(TASK_A, 'completed')),
    ),
    post(STEP.taskGetAfterWork, 15, 'tasks/get', { taskId: TASK_B }, result(15, taskView(TASK_B, 'cancelled'))),
    post(STEP.taskGetUnknown, 10, 'tasks/get', { taskId: FIXTURE.unknownTaskId }, rpcError(10, -32602)),
    post(
      STEP.taskCreateCrash,
      16,
      'tools/call',
      { name: 'slow_square', arguments: FIXTURE.squareCrash.args, task: { ttl: 60000 } },
      result(16, { task: taskView(TASK_C, 'working') }),
    ),
    post(STEP.taskPollCrash, 200, 'tasks/get', { taskId: TASK_C }, result(200, FAILED_TASK)),
    post(STEP.taskResultCrash, 17, 'tasks/result', { taskId: TASK_C }, rpcError(17, -32603)),
    // Last in the list, so its events come after every response above (the log's times follow the list).
    {
      step: STEP.taskStatusStream,
      method: 'GET',
      reqHeaders: [['Accept', 'text/event-stream'], ...inSession()],
      status: 200,
      sse: [statusNote(TASK_A, 'completed'), statusNote(TASK_B, 'cancelled')],
      end: 'aborted',
    },
  ];
}

/** A `notifications/tasks/status` SSE event for a task. */
export const statusNote = (taskId: string, status: string) => ({
  data: { jsonrpc: '2.0', method: 'notifications/tasks/status', params: taskView(taskId, status) },
});
