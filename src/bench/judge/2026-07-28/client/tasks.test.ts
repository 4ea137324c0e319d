import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../schema/scenario.ts';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import { call, goodMeta, LogBuilder, ok, request, SECRET, textResult } from './test-logs.ts';
import { judges } from './index.ts';

const EXT = 'io.modelcontextprotocol/tasks';
const META = {
  ...goodMeta(),
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXT]: {} } },
};
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 'T1',
  status,
  createdAt: '2026-11-30T08:00:00Z',
  lastUpdatedAt: '2026-11-30T08:00:00Z',
  ttlMs: 60000,
  pollIntervalMs: 250,
  ...extra,
});
const completed = () => task('completed', { result: { content: [{ type: 'text', text: SECRET }] } });

function judge(slug: string, b: LogBuilder): JudgeResult {
  const log = b.log();
  const j = judges[slug];
  if (!j) throw new Error(`no judge ${slug}`);
  const scenario = { id: 't', revision: '2026-07-28', role: 'client', checkpoints: [] } as unknown as Scenario;
  return j({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
const v = (slug: string, b: LogBuilder) => judge(slug, b).verdict;

interface Opts {
  /** Waits (ms) before each tasks/get; the last poll sees `completed` unless `stopWorking`. */
  polls?: number[];
  /** The last poll still sees `working` (the client stopped early). */
  stopWorking?: boolean;
  /** Mcp-Name of each tasks/get (undefined: the taskId; null: none). */
  nameHeader?: string | null;
  answer?: string;
}

/** The task-poll path: get_secret answered with a task, polls, submit_answer. */
function taskPath(o: Opts = {}): LogBuilder {
  const b = new LogBuilder();
  call(b, 1, 'get_secret', {}, ok(1, { ...task('working'), resultType: 'task' }), { meta: META });
  const polls = o.polls ?? [250, 250, 250];
  let id = 2;
  polls.forEach((wait, i) => {
    b.wait(wait);
    const last = i === polls.length - 1 && !o.stopWorking;
    const extra: [string, string][] = o.nameHeader === null ? [] : [['Mcp-Name', o.nameHeader ?? 'T1']];
    request(b, id, 'tasks/get', { taskId: 'T1' }, ok(id, last ? completed() : task('working')), { meta: META, extra });
    id++;
  });
  call(b, id, 'submit_answer', { answer: o.answer ?? SECRET }, textResult(id, 'accepted'), { meta: META });
  return b;
}

describe('2026-07-28 client task judges (task-poll)', () => {
  it('passes the task when the completed task’s inlined secret is submitted and accepted', () => {
    expect(v('task-job-secret-submitted', taskPath())).toBe('pass');
  });
  it('fails the task when the secret was submitted without the task having completed', () => {
    expect(v('task-job-secret-submitted', taskPath({ stopWorking: true }))).toBe('fail');
  });
  it('fails the task when get_secret never ran as a task', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, textResult(1, SECRET));
    call(b, 2, 'submit_answer', { answer: SECRET }, textResult(2, 'accepted'));
    expect(v('task-job-secret-submitted', b)).toBe('fail');
  });

  it('passes CreateTaskResult handling when a tasks/get for the task follows it', () => {
    expect(v('tasks-create-task-result-handled', taskPath({ polls: [250] }))).toBe('pass');
  });
  it('fails CreateTaskResult handling when the task is never asked about', () => {
    expect(v('tasks-create-task-result-handled', taskPath({ polls: [] }))).toBe('fail');
  });
  it('does not apply CreateTaskResult handling when no call was answered with a task', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, textResult(1, SECRET));
    expect(v('tasks-create-task-result-handled', b)).toBe('not-applicable');
  });

  it('passes the poll interval when every poll waits pollIntervalMs', () => {
    expect(v('tasks-poll-interval-respected', taskPath())).toBe('pass');
  });
  it('fails the poll interval when a poll comes sooner than suggested', () => {
    const r = judge('tasks-poll-interval-respected', taskPath({ polls: [250, 20, 250] }));
    expect(r.verdict).toBe('fail');
    expect(r.message).toMatch(/suggested polling every 250 ms/);
  });
  it('fails the poll interval when the client keeps the first interval after the server raised it', () => {
    const b = new LogBuilder();
    call(b, 1, 'get_secret', {}, ok(1, { ...task('working', { pollIntervalMs: 200 }), resultType: 'task' }), {
      meta: META,
    });
    for (const id of [2, 3]) {
      b.wait(200);
      request(b, id, 'tasks/get', { taskId: 'T1' }, ok(id, task('working', { pollIntervalMs: 350 })), {
        meta: META,
        extra: [['Mcp-Name', 'T1']],
      });
    }
    const r = judge('tasks-poll-interval-respected', b);
    expect(r.verdict).toBe('fail');
    expect(r.message).toMatch(/suggested polling every 350 ms/);
  });
  it('fails the poll interval when the first poll comes right after the task was created', () => {
    expect(v('tasks-poll-interval-respected', taskPath({ polls: [10, 250] }))).toBe('fail');
  });

  it('passes polling until terminal when the last answer shows the task completed', () => {
    expect(v('tasks-poll-until-terminal', taskPath())).toBe('pass');
  });
  it('fails polling until terminal when the client stops while the task is working', () => {
    expect(v('tasks-poll-until-terminal', taskPath({ stopWorking: true }))).toBe('fail');
  });
  it('fails polling until terminal when the task is never polled', () => {
    expect(v('tasks-poll-until-terminal', taskPath({ polls: [] }))).toBe('fail');
  });
  it('passes polling until terminal when the client cancels the task instead', () => {
    const b = taskPath({ stopWorking: true, polls: [250] });
    request(b, 9, 'tasks/cancel', { taskId: 'T1' }, ok(9, {}), { meta: META, extra: [['Mcp-Name', 'T1']] });
    expect(v('tasks-poll-until-terminal', b)).toBe('pass');
  });

  it('passes the routing header when every tasks/get names its taskId', () => {
    expect(v('tasks-name-header-task-id', taskPath())).toBe('pass');
  });
  it('passes the routing header when the taskId travels Base64-encoded', () => {
    const enc = `=?base64?${Buffer.from('T1').toString('base64')}?=`;
    expect(v('tasks-name-header-task-id', taskPath({ nameHeader: enc }))).toBe('pass');
  });
  it('fails the routing header when tasks/get has no Mcp-Name', () => {
    expect(v('tasks-name-header-task-id', taskPath({ nameHeader: null }))).toBe('fail');
  });
  it('fails the routing header when Mcp-Name names something else', () => {
    expect(v('tasks-name-header-task-id', taskPath({ nameHeader: 'get_secret' }))).toBe('fail');
  });
  it('does not apply the routing header without task requests', () => {
    expect(v('tasks-name-header-task-id', taskPath({ polls: [] }))).toBe('not-applicable');
  });
});
