import { afterEach, describe, expect, it } from 'vitest';
import { scenariosOf } from '../../io/scenarios.ts';
import { startReference2026, type RunningReference } from './server.ts';
import { FIRST_POLL_MS, POLL_INTERVAL_MS } from './tasks.ts';

const scenario = scenariosOf('2026-07-28', 'client').find((s) => s.id === 'task-poll')!;
let ref: RunningReference | undefined;
afterEach(async () => {
  await ref?.stop();
  ref = undefined;
});

type Msg = Record<string, unknown>;
const EXT = 'io.modelcontextprotocol/tasks';
const WITH_TASKS = { extensions: { [EXT]: {} } };

/** POST one request as a good client would (headers mirrored, `_meta` with the given capabilities). */
async function rpc(url: string, method: string, params: Msg, caps: Msg = WITH_TASKS) {
  const h: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
  };
  if (method === 'tools/call') h['Mcp-Name'] = String(params.name);
  if (typeof params.taskId === 'string') h['Mcp-Name'] = params.taskId;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': caps,
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }),
  });
  const body = (await res.json()) as Msg;
  return { status: res.status, result: body.result as Msg | undefined, error: body.error as Msg | undefined };
}

describe('2026-07-28 reference server, task-poll', () => {
  it('declares the tasks extension in server/discover', async () => {
    ref = await startReference2026(scenario);
    const r = await rpc(ref.url, 'server/discover', {});
    expect((r.result?.capabilities as Msg).extensions).toEqual({ [EXT]: {} });
  });

  it('refuses get_secret with -32021 naming the extension when the request does not declare it', async () => {
    ref = await startReference2026(scenario);
    const r = await rpc(ref.url, 'tools/call', { name: 'get_secret', arguments: {} }, {});
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe(-32021);
    expect(r.error?.data).toEqual({ requiredCapabilities: { extensions: { [EXT]: {} } } });
  });

  it('runs get_secret as a task that tasks/get follows to a completed task with the secret inlined', async () => {
    ref = await startReference2026(scenario);
    const created = await rpc(ref.url, 'tools/call', { name: 'get_secret', arguments: {} });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: FIRST_POLL_MS });
    const taskId = created.result!.taskId as string;
    expect((await rpc(ref.url, 'tasks/get', { taskId }, {})).error?.code).toBe(-32021);
    expect((await rpc(ref.url, 'tasks/get', { taskId: 'nope' })).error?.code).toBe(-32602);
    let task: Msg | undefined;
    // Bounded: the job finishes after about a second; a working task never carries a result.
    for (let i = 0; i < 100 && task?.status !== 'completed'; i++) {
      task = (await rpc(ref.url, 'tasks/get', { taskId })).result;
      expect(task).toMatchObject({ resultType: 'complete', pollIntervalMs: POLL_INTERVAL_MS });
      if (task?.status === 'working') expect(task).not.toHaveProperty('result');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(task?.status).toBe('completed');
    const secret = ((task?.result as Msg).content as Msg[])[0]!.text as string;
    const verdict = await rpc(ref.url, 'tools/call', { name: 'submit_answer', arguments: { answer: secret } });
    expect(verdict.result?.content).toEqual([{ type: 'text', text: 'accepted' }]);
    expect(verdict.result?.resultType).toBe('complete');
  });
});
