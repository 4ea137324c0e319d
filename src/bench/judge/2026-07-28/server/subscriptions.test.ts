import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../../schema/checkpoint.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import { FIXTURE, META, PROTOCOL_VERSION, STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { toExchanges } from '../../exchanges.ts';
import type { Judge } from '../../types.ts';
import { wireLog } from '../../common/server/exchange-log.ts';
import type { Ex } from './test-logs.ts';
import { post, result, rpc, textResult } from './test-logs.ts';
import * as B from './subscriptions.ts';
import * as S from './streaming.ts';

const F = FIXTURE.subscriptions;
const C = FIXTURE.countdown;
const ACK = 'notifications/subscriptions/acknowledged';
const CHANGED = 'notifications/tools/list_changed';
const note = (method: string, sub: unknown, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  method,
  params: { _meta: { [META.subscriptionId]: sub }, ...params },
});
const call = (id: number, name: string, args: Record<string, unknown>, token?: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name,
    arguments: args,
    _meta: {
      [META.protocolVersion]: PROTOCOL_VERSION,
      [META.clientCapabilities]: {},
      ...(token ? { progressToken: token } : {}),
    },
  },
});
const listenReq = (id: unknown, filter: Record<string, unknown>) =>
  rpc(id, 'subscriptions/listen', { notifications: filter });
const progress = (k: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: F.countdown.token, progress: k, total: 40 },
});

/**
 * One SSE event of a listen stream and the step after whose request it arrives (undefined: before every other step).
 * The listen streams stay open to the end of the run.
 */
type Timed = { data: unknown; after?: string };

interface Run {
  tools: Timed[];
  nothing: Timed[];
  steps: Ex[];
}

function conformant(): Run {
  const T = F.listenTools.id;
  const N = F.listenNothing.id;
  return {
    tools: [
      { data: note(ACK, T, { notifications: { toolsListChanged: true } }) },
      { data: note(CHANGED, T), after: STEP.installPlugin },
    ],
    nothing: [{ data: note(ACK, N, { notifications: {} }) }],
    steps: [
      post(
        STEP.discover,
        rpc(1, 'server/discover'),
        200,
        result(1, { capabilities: { tools: { listChanged: true } } }),
      ),
      post(
        STEP.toolsList,
        rpc(2, 'tools/list'),
        200,
        result(2, { tools: [{ name: 'install_plugin', inputSchema: { type: 'object' } }] }),
      ),
      post(
        STEP.installPlugin,
        call(3, F.install, { name: F.plugin, inputSchema: { type: 'object' } }) as never,
        200,
        textResult(3, F.installed),
      ),
      post(
        STEP.toolsListAfterInstall,
        rpc(4, 'tools/list'),
        200,
        result(4, {
          tools: [
            { name: 'install_plugin', inputSchema: { type: 'object' } },
            { name: F.plugin, inputSchema: { type: 'object' } },
          ],
        }),
      ),
      post(STEP.callPlugin, call(5, F.plugin, {}) as never, 200, textResult(5, F.ready)),
      {
        step: STEP.countdownCut,
        req: call(6, C.tool, F.countdown.args, F.countdown.token),
        status: 200,
        sse: [{ data: progress(1) }, { data: progress(2) }],
        end: 'aborted',
      },
    ],
  };
}

/** Judge a run: the listen streams are the first two exchanges, their events placed in time after the named steps. */
function judgeRun(judge: Judge, run: Run) {
  const listenEx = (step: string, req: unknown, events: Timed[]): Ex => ({
    step,
    req,
    status: 200,
    sse: events.map((e) => ({ data: e.data })),
    end: 'aborted',
  });
  const exs = [
    listenEx(STEP.listenTools, listenReq(F.listenTools.id, F.listenTools.filter), run.tools),
    listenEx(STEP.listenNothing, listenReq(F.listenNothing.id, F.listenNothing.filter), run.nothing),
    ...run.steps,
  ];
  const log = wireLog(exs);
  /** When the step's exchange ended: a listen event "after" it arrives then. */
  const endT = (step: string) => {
    const req = log.events.find((e) => e.type === 'request' && e.step === step);
    const x = req?.type === 'request' ? req.x : -1;
    return log.events.find((e) => e.type === 'end' && e.x === x)!.t;
  };
  const last = Math.max(...log.events.map((e) => e.t));
  for (const [x, events] of [run.tools, run.nothing].entries()) {
    const sse = log.events.filter((e) => e.type === 'sse' && e.x === x);
    sse.forEach((e, i) => {
      const after = events[i]!.after;
      e.t = after === undefined ? e.t : endT(after) + 0.5 + i / 100;
    });
    for (const e of log.events) if (e.type === 'end' && e.x === x) e.t = last + 1;
  }
  return judge({ log, exchanges: toExchanges(log), scenario: {} as Scenario, checkpoint: {} as Checkpoint });
}

const all = [
  B.pluginTask,
  B.onlyRequested,
  B.acknowledgedFirst,
  B.carrySubscriptionId,
  B.listChangedNotified,
  B.cancelledOnlyForListen,
  B.nothingAfterCancel,
  S.notificationHasNoId,
  S.noServerRequest,
];

describe('2026-07-28 subscriptions judges', () => {
  it('returns PASS for every subscriptions judge on a conformant log', () => {
    expect(all.map((j) => judgeRun(j, conformant())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });
  it('returns FAIL for the task when the new tool is not listed', () => {
    const run = conformant();
    run.steps[3] = post(STEP.toolsListAfterInstall, rpc(4, 'tools/list'), 200, result(4, { tools: [] }));
    expect(judgeRun(B.pluginTask, run).message).toMatch(/^Expected tools\/list after the install to name weather/);
  });
  it('returns FAIL when the stream that asked for nothing gets a tool-list change', () => {
    const run = conformant();
    run.nothing.push({ data: note(CHANGED, F.listenNothing.id), after: STEP.installPlugin });
    expect(judgeRun(B.onlyRequested, run).message).toMatch(/got notifications\/tools\/list_changed$/);
  });
  it('returns FAIL when a listen stream carries progress of a request', () => {
    const run = conformant();
    run.tools.push({ data: progress(3), after: STEP.countdownCut });
    expect(judgeRun(B.onlyRequested, run).verdict).toBe('fail');
  });
  it('returns FAIL when a listen stream does not start with its acknowledgment', () => {
    const run = conformant();
    run.tools.shift();
    expect(judgeRun(B.acknowledgedFirst, run).message).toMatch(/^Expected the first message of listen stream/);
  });
  it('returns FAIL when the acknowledgment names another subscription id (the integer id as a string)', () => {
    const run = conformant();
    run.nothing = [{ data: note(ACK, String(F.listenNothing.id), { notifications: {} }) }];
    expect(judgeRun(B.acknowledgedFirst, run).verdict).toBe('fail');
  });
  it('returns FAIL when a listen stream carried no message at all', () => {
    const run = conformant();
    run.nothing = [];
    expect(judgeRun(B.acknowledgedFirst, run).message).toMatch(/got no message$/);
  });
  it('returns FAIL when a listen-stream notification lacks the subscription id', () => {
    const run = conformant();
    run.tools[1] = { data: { jsonrpc: '2.0', method: CHANGED }, after: STEP.installPlugin };
    expect(judgeRun(B.carrySubscriptionId, run).message).toMatch(/to carry subscription id "listen-tools"/);
  });
  it('returns FAIL when the tool-list stream is not told of the install', () => {
    const run = conformant();
    run.tools.pop();
    expect(judgeRun(B.listChangedNotified, run).verdict).toBe('fail');
  });
  it('returns NOT-APPLICABLE for the change notice when the server does not declare listChanged', () => {
    const run = conformant();
    run.steps[0] = post(STEP.discover, rpc(1, 'server/discover'), 200, result(1, { capabilities: { tools: {} } }));
    run.tools.pop();
    expect(judgeRun(B.listChangedNotified, run).verdict).toBe('not-applicable');
  });
  it('returns FAIL for cancellation notices and late messages when the cut is announced on the listen streams', () => {
    const run = conformant();
    const notice = note('notifications/cancelled', F.listenTools.id, { requestId: 6 });
    run.tools.push({ data: notice, after: STEP.countdownCut });
    expect(judgeRun(B.cancelledOnlyForListen, run).message).toMatch(/got requestId 6$/);
    expect(judgeRun(B.nothingAfterCancel, run).message).toMatch(/^Expected nothing more for the cancelled countdown/);
  });
  it('returns PASS for notifications/cancelled that ends a listen request', () => {
    const run = conformant();
    run.tools.push({
      data: note('notifications/cancelled', F.listenTools.id, { requestId: F.listenTools.id }),
      after: STEP.countdownCut,
    });
    expect(judgeRun(B.cancelledOnlyForListen, run).verdict).toBe('pass');
    expect(judgeRun(B.onlyRequested, run).verdict).toBe('pass');
  });
  it('returns NOT-APPLICABLE for late messages when the countdown was answered before the cut', () => {
    const run = conformant();
    run.steps[5] = { ...run.steps[5]!, sse: [{ data: textResult(6, C.done) }], end: 'complete' };
    expect(judgeRun(B.nothingAfterCancel, run).verdict).toBe('not-applicable');
  });
  it('returns NOT-APPLICABLE for the listen judges when listen is refused', () => {
    const run = conformant();
    const refused = (step: string, id: unknown, f: Record<string, unknown>) =>
      post(step, listenReq(id, f), 404, { jsonrpc: '2.0', id, error: { code: -32601, message: 'no' } });
    const exs = [
      refused(STEP.listenTools, F.listenTools.id, F.listenTools.filter),
      refused(STEP.listenNothing, F.listenNothing.id, F.listenNothing.filter),
      ...run.steps,
    ];
    const log = wireLog(exs);
    const input = { log, exchanges: toExchanges(log), scenario: {} as Scenario, checkpoint: {} as Checkpoint };
    for (const j of [B.onlyRequested, B.acknowledgedFirst, B.carrySubscriptionId])
      expect(j(input).verdict).toBe('not-applicable');
    expect(B.pluginTask(input).verdict).toBe('fail');
  });
});
