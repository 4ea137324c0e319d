import { describe, expect, it } from 'vitest';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import { LogBuilder, SECRET } from './test-logs.ts';
import { strictOf } from '../../define.ts';
import { judges } from './index.ts';
import { COMPLETED_NOTE, RELATED_TASK } from './tasks-view.ts';

const TASK_CAPS = { tools: {}, tasks: { requests: { tools: { call: {} } } } };
const TOOLS = [
  { name: 'get_secret', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
  { name: 'submit_answer', inputSchema: { type: 'object' } },
];
const task = (status: string) => ({
  taskId: 'T1',
  status,
  createdAt: '2026-11-30T08:00:00Z',
  lastUpdatedAt: '2026-11-30T08:00:00Z',
  ttl: 30000,
  pollInterval: 250,
});

function judge(slug: string, b: LogBuilder, reading: 'scored' | 'strict' = 'scored'): JudgeResult {
  const log = b.log();
  const j = reading === 'strict' ? strictOf(judges[slug]!) : judges[slug];
  if (!j) throw new Error(`no ${reading} judge ${slug}`);
  const scenario = { id: 't', revision: '2025-11-25', role: 'client', checkpoints: [] } as unknown as Scenario;
  return j({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

interface Opts {
  caps?: unknown;
  list?: boolean;
  /** Waits (ms) before each tasks/get; the last poll sees `completed`. */
  polls?: number[];
  ttl?: unknown;
  plainFirst?: boolean;
  submitAsTask?: boolean;
  meta?: boolean;
  /** Note the task terminal after the polls (as the reference does), at this wait. */
  completeAfter?: number;
  result?: boolean;
}

/** The task-call path: initialize, tools/list, get_secret as a task, polls, tasks/result, submit_answer. */
function taskPath(o: Opts = {}): LogBuilder {
  const b = new LogBuilder();
  b.post(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
    {
      json: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: '2025-11-25',
          capabilities: o.caps ?? TASK_CAPS,
          serverInfo: { name: 'r', version: '1' },
        },
      },
    },
  );
  b.version = '2025-11-25';
  b.initialized();
  let id = 2;
  if (o.list !== false)
    b.post(
      { jsonrpc: '2.0', id, method: 'tools/list' },
      { json: { jsonrpc: '2.0', id: id++, result: { tools: TOOLS } } },
    );
  if (o.plainFirst)
    b.call(
      id++,
      'get_secret',
      {},
      { json: { jsonrpc: '2.0', id: id - 1, error: { code: -32601, message: 'task only' } } },
    );
  const t = o.ttl === undefined ? { ttl: 30000 } : o.ttl === null ? {} : { ttl: o.ttl };
  b.post(
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_secret', arguments: {}, task: t } },
    { json: { jsonrpc: '2.0', id: id++, result: { task: task('working') } } },
  );
  const polls = o.polls ?? [250, 250, 250];
  const meta = o.meta ? { _meta: { [RELATED_TASK]: { taskId: 'T1' } } } : {};
  polls.forEach((w, i) => {
    b.wait(w);
    const status = i === polls.length - 1 && o.completeAfter === undefined ? 'completed' : 'working';
    b.post(
      { jsonrpc: '2.0', id, method: 'tasks/get', params: { taskId: 'T1', ...meta } },
      { json: { jsonrpc: '2.0', id: id++, result: task(status) } },
    );
  });
  if (o.completeAfter !== undefined) {
    b.wait(o.completeAfter);
    b.events.push({ type: 'note', t: b.events.at(-1)!.t + 1, text: COMPLETED_NOTE, data: { taskId: 'T1' } });
    b.wait(5);
  }
  if (o.result !== false)
    b.post(
      { jsonrpc: '2.0', id, method: 'tasks/result', params: { taskId: 'T1', ...meta } },
      {
        json: {
          jsonrpc: '2.0',
          id: id++,
          result: { content: [{ type: 'text', text: SECRET }], _meta: { [RELATED_TASK]: { taskId: 'T1' } } },
        },
      },
    );
  const submit = { name: 'submit_answer', arguments: { answer: SECRET }, ...(o.submitAsTask ? { task: {} } : {}) };
  b.post(
    { jsonrpc: '2.0', id, method: 'tools/call', params: submit },
    { json: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'accepted' }] } } },
  );
  return b;
}

describe('task-job-secret-submitted', () => {
  it('returns PASS when the task result text is submitted and accepted', () => {
    expect(v('task-job-secret-submitted', taskPath())).toBe('pass');
  });
  it('returns FAIL when the task result was never fetched', () => {
    expect(judge('task-job-secret-submitted', taskPath({ result: false })).message).toContain('no result');
  });
  it('returns FAIL when get_secret never ran as a task', () => {
    expect(v('task-job-secret-submitted', new LogBuilder())).toBe('fail');
  });
});

describe('task augmentation against capabilities and task support', () => {
  it('returns PASS for a task call the server declared, FAIL without tasks.requests.tools.call', () => {
    expect(v('tasks-no-augment-without-capability', taskPath())).toBe('pass');
    expect(v('tasks-augment-only-declared', taskPath())).toBe('pass');
    const b = taskPath({ caps: { tools: {} } });
    expect(judge('tasks-no-augment-without-capability', b).message).toContain('declared no task tools');
    expect(v('tasks-augment-only-declared', b)).toBe('fail');
  });
  it('returns FAIL for a task on a request type that cannot take one', () => {
    const b = taskPath();
    b.post(
      { jsonrpc: '2.0', id: 99, method: 'tools/list', params: { task: {} } },
      { json: { jsonrpc: '2.0', id: 99, result: { tools: [] } } },
    );
    expect(judge('tasks-augment-only-declared', b).message).toContain('tools/list');
  });
  it('returns FAIL when the task-only tool is called plainly, even if retried as a task', () => {
    expect(v('tasks-required-tool-as-task', taskPath())).toBe('pass');
    expect(v('tasks-required-tool-as-task', taskPath({ plainFirst: true }))).toBe('fail');
    expect(v('tasks-required-tool-as-task', taskPath({ list: false, plainFirst: true }))).toBe('not-applicable');
  });
  it('returns FAIL when a tool without task support is called as a task', () => {
    expect(v('tasks-forbidden-tool-not-as-task', taskPath())).toBe('pass');
    expect(judge('tasks-forbidden-tool-not-as-task', taskPath({ submitAsTask: true })).message).toContain(
      'submit_answer',
    );
  });
  it('returns FAIL for a task request without a ttl (MAY, tie-break)', () => {
    expect(v('tasks-ttl-requested', taskPath())).toBe('pass');
    expect(v('tasks-ttl-requested', taskPath({ ttl: null }))).toBe('fail');
    expect(v('tasks-ttl-requested', taskPath({ ttl: 'soon' }))).toBe('fail');
  });
});

describe('polling', () => {
  it('returns PASS when each poll waits pollInterval, FAIL when one comes sooner', () => {
    expect(v('tasks-poll-interval-respected', taskPath())).toBe('pass');
    expect(v('tasks-poll-interval-between-polls', taskPath())).toBe('pass');
    const fast = taskPath({ polls: [250, 20, 250] });
    expect(judge('tasks-poll-interval-respected', fast).message).toContain('suggested polling every 250 ms');
    expect(v('tasks-poll-interval-between-polls', fast)).toBe('fail');
  });
  it("judges the first poll after the CreateTaskResult only under 251125-tasks-193's strict (contested) reading", () => {
    const first = taskPath({ polls: [10, 250, 250] });
    expect(judge('tasks-poll-interval-respected', first, 'strict').verdict).toBe('fail');
    expect(v('tasks-poll-interval-respected', first)).toBe('pass');
    expect(v('tasks-poll-interval-between-polls', first)).toBe('pass');
    expect(judge('tasks-poll-interval-respected', taskPath(), 'strict').verdict).toBe('pass');
  });
  it('returns PASS when polling reached a terminal status', () => {
    expect(v('tasks-poll-until-terminal', taskPath())).toBe('pass');
  });
  it('returns FAIL when polling stopped while working and the result was asked only after completion', () => {
    const b = taskPath({ polls: [250], completeAfter: 2000 });
    expect(judge('tasks-poll-until-terminal', b).message).toContain('stopped');
  });
  it('returns PASS when polling stopped but a result request was waiting when the task finished', () => {
    // The result request goes out before the completion note: the client was actively waiting (251125-tasks-195b).
    const b = taskPath({ polls: [250], result: false });
    b.post({ jsonrpc: '2.0', id: 50, method: 'tasks/result', params: { taskId: 'T1' } }, {});
    b.events.push({ type: 'note', t: b.events.at(-1)!.t + 1, text: COMPLETED_NOTE, data: { taskId: 'T1' } });
    expect(v('tasks-poll-until-terminal', b)).toBe('pass');
  });
  it('returns FAIL when the client never asked about its task', () => {
    expect(v('tasks-status-notification-not-relied', taskPath())).toBe('pass');
    const b = taskPath({ polls: [], result: false });
    expect(v('tasks-status-notification-not-relied', b)).toBe('fail');
    expect(v('tasks-poll-until-terminal', b)).toBe('fail');
    expect(v('tasks-status-notification-not-relied', new LogBuilder())).toBe('not-applicable');
  });
});

describe('related-task metadata in task requests', () => {
  it('returns PASS without the metadata, FAIL with it', () => {
    expect(v('tasks-no-related-task-meta-in-task-requests', taskPath())).toBe('pass');
    expect(v('tasks-no-related-task-meta', taskPath())).toBe('pass');
    const b = taskPath({ meta: true });
    expect(judge('tasks-no-related-task-meta-in-task-requests', b).message).toContain('tasks/get');
    expect(v('tasks-no-related-task-meta', b)).toBe('fail');
  });
  it('returns FAIL for the metadata on tasks/result only under 251125-tasks-472b', () => {
    const b = taskPath({ polls: [], result: false });
    b.post(
      {
        jsonrpc: '2.0',
        id: 50,
        method: 'tasks/result',
        params: { taskId: 'T1', _meta: { [RELATED_TASK]: { taskId: 'T1' } } },
      },
      {},
    );
    expect(v('tasks-no-related-task-meta-in-task-requests', b)).toBe('fail');
    expect(v('tasks-no-related-task-meta', b)).toBe('not-applicable');
  });
});
