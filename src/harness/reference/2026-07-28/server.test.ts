import { afterEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { startReference2026, UnknownScenarioError, type RunningReference } from './server.ts';
import { scenariosOf } from '../../io/scenarios.ts';

const scenarios = new Map(scenariosOf('2026-07-28', 'client').map((s) => [s.id, s]));
let ref: RunningReference | undefined;
afterEach(async () => {
  await ref?.stop();
  ref = undefined;
});

type Msg = Record<string, unknown>;
const V = '2026-07-28';
const meta = (version = V, caps: Msg = {}) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': caps,
});

async function start(id: string): Promise<string> {
  ref = await startReference2026(scenarios.get(id)!);
  return ref.url;
}

/** POST one request with the headers a good client sends, overridable; returns status and parsed body. */
async function rpc(
  url: string,
  method: string,
  params: Msg,
  headers: Record<string, string | undefined> = {},
): Promise<{ status: number; body: Msg }> {
  const h: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': V,
    'Mcp-Method': method,
  };
  if (method === 'tools/call') h['Mcp-Name'] = String(params.name);
  for (const [k, v] of Object.entries(headers))
    if (v === undefined) delete h[k];
    else h[k] = v;
  const res = await fetch(url, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta(), ...params } }),
  });
  return { status: res.status, body: (await res.json()) as Msg };
}
const code = (b: Msg) => (b.error as Msg | undefined)?.code;

describe('2026-07-28 reference server', () => {
  it('rejects an unknown scenario id with a typed error', async () => {
    await expect(startReference2026({ id: 'nope', tools: [] } as unknown as Scenario)).rejects.toBeInstanceOf(
      UnknownScenarioError,
    );
  });

  it('answers GET and DELETE with 405 and a legacy initialize with 400 -32022 naming its versions', async () => {
    const url = await start('stateless-call');
    for (const method of ['GET', 'DELETE']) expect((await fetch(url, { method })).status).toBe(405);
    const init = await rpc(
      url,
      'initialize',
      { protocolVersion: '2025-11-25', capabilities: {} },
      { 'MCP-Protocol-Version': undefined, 'Mcp-Method': undefined },
    );
    expect(init.status).toBe(400);
    expect((init.body.error as Msg).data).toMatchObject({ supported: [V] });
  });

  it('validates headers against the body: missing version -32020, mismatch -32020, unknown version -32022, missing _meta field -32602', async () => {
    const url = await start('stateless-call');
    expect(code((await rpc(url, 'tools/list', {}, { 'MCP-Protocol-Version': undefined })).body)).toBe(-32020);
    expect(code((await rpc(url, 'tools/list', {}, { 'MCP-Protocol-Version': '2025-11-25' })).body)).toBe(-32020);
    expect(code((await rpc(url, 'tools/list', {}, { 'Mcp-Method': 'tools/call' })).body)).toBe(-32020);
    const future = await rpc(
      url,
      'tools/list',
      { _meta: meta('2027-03-15') },
      { 'MCP-Protocol-Version': '2027-03-15' },
    );
    expect(future.status).toBe(400);
    expect((future.body.error as Msg).data).toEqual({ supported: [V], requested: '2027-03-15' });
    expect(code((await rpc(url, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': V } })).body)).toBe(
      -32602,
    );
  });

  it('answers unknown methods 404 -32601 and results with resultType and serverInfo', async () => {
    const url = await start('version-retry');
    const unknown = await rpc(url, 'foo/bar', {});
    expect([unknown.status, code(unknown.body)]).toEqual([404, -32601]);
    const list = await rpc(url, 'tools/list', {});
    expect(list.body.result).toMatchObject({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcpfs-reference' } },
    });
  });

  it('rejects a missing or wrong Mcp-Param header and a raw non-ASCII Mcp-Name with 400 -32020, accepts the right ones', async () => {
    const url = await start('param-headers');
    const entree = await rpc(
      url,
      'tools/call',
      { name: 'entrée', arguments: {} },
      { 'Mcp-Name': `=?base64?${Buffer.from('entrée').toString('base64')}?=` },
    );
    const token = ((entree.body.result as Msg).content as Msg[])[0]!.text;
    const args = { token, region: 'us-west1', shard: 42, verbose: true, greeting: 'x', padded: 'p', literal: 'l' };
    const good = {
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Shard': '42',
      'Mcp-Param-Verbose': 'true',
      'Mcp-Param-Greeting': '=?base64?eA==?=',
      'Mcp-Param-Padded': 'p',
      'Mcp-Param-Literal': 'l',
    };
    const ok = await rpc(url, 'tools/call', { name: 'get_secret', arguments: args }, good);
    expect(ok.status).toBe(200);
    expect(ok.body.result).not.toHaveProperty('isError');
    const missing = await rpc(
      url,
      'tools/call',
      { name: 'get_secret', arguments: args },
      { ...good, 'Mcp-Param-Shard': undefined },
    );
    expect([missing.status, code(missing.body)]).toEqual([400, -32020]);
    const wrong = await rpc(
      url,
      'tools/call',
      { name: 'get_secret', arguments: args },
      { ...good, 'Mcp-Param-Region': 'eu-west1' },
    );
    expect([wrong.status, code(wrong.body)]).toEqual([400, -32020]);
    const raw = await rpc(url, 'tools/call', { name: 'entrée', arguments: {} });
    expect([raw.status, code(raw.body)]).toEqual([400, -32020]);
  });

  it('runs the multi round-trip: elicitation first, then a requestState it verifies byte for byte', async () => {
    const url = await start('multi-round-trip');
    const caps = { _meta: meta(V, { elicitation: { form: {} } }) };
    const noCap = await rpc(url, 'tools/call', { name: 'get_secret', arguments: {} });
    expect(code(noCap.body)).toBe(-32021);
    const first = (await rpc(url, 'tools/call', { name: 'get_secret', arguments: {}, ...caps })).body.result as Msg;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { confirm: { method: 'elicitation/create' } },
    });
    expect(first).not.toHaveProperty('requestState');
    const inputResponses = { confirm: { action: 'accept', content: { confirm: true } } };
    const second = (await rpc(url, 'tools/call', { name: 'get_secret', arguments: {}, inputResponses, ...caps })).body
      .result as Msg;
    const state = second.requestState as string;
    expect(state).toMatch(/==$/);
    const tampered = await rpc(url, 'tools/call', {
      name: 'get_secret',
      arguments: {},
      requestState: state.slice(0, -1),
      ...caps,
    });
    expect(code(tampered.body)).toBe(-32602);
    const done = (await rpc(url, 'tools/call', { name: 'get_secret', arguments: {}, requestState: state, ...caps }))
      .body.result as Msg;
    expect(done.resultType).toBe('complete');
    expect((done.content as Msg[])[0]!.text).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const log = await ref!.stop();
    expect(log.events.filter((e) => e.type === 'request')).toHaveLength(5);
  });

  it('drifts in server-drift: a refused call, a changed list, one unknown resultType', async () => {
    const url = await start('server-drift');
    const token = (await rpc(url, 'tools/call', { name: 'get_token', arguments: {} })).body.result as Msg;
    expect(token.resultType).toBe('complete');
    const args = { token: (token.content as Msg[])[0]!.text, shard: 7 };
    const refused = await rpc(url, 'tools/call', { name: 'get_secret', arguments: args });
    expect([refused.status, code(refused.body)]).toEqual([400, -32020]);
    const tools = ((await rpc(url, 'tools/list', {})).body.result as { tools: Msg[] }).tools;
    const schema = tools.find((t) => t.name === 'get_secret')!.inputSchema as { properties: Record<string, Msg> };
    expect(schema.properties.shard!['x-mcp-header']).toBe('Shard');
    const missing = await rpc(url, 'tools/call', { name: 'get_secret', arguments: args });
    expect(code(missing.body)).toBe(-32020);
    const call = () => rpc(url, 'tools/call', { name: 'get_secret', arguments: args }, { 'Mcp-Param-Shard': '7' });
    const deferred = (await call()).body.result as Msg;
    expect(deferred.resultType).toBe('deferred');
    const done = (await call()).body.result as Msg;
    expect(done.resultType).toBe('complete');
    expect((done.content as Msg[])[0]!.text).not.toBe((deferred.content as Msg[])[0]!.text);
  });

  it("lists in stateless-call a get_forecast property (not get_secret's) whose schema is a $ref to the reference's own origin", async () => {
    const url = await start('stateless-call');
    const tools = ((await rpc(url, 'tools/list', {})).body.result as { tools: Msg[] }).tools;
    const schema = (name: string) =>
      tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, Msg> };
    expect(schema('get_forecast').properties.options).toEqual({ $ref: `${new URL(url).origin}/schemas/options.json` });
    // The tools the task needs carry no network $ref (a client rejecting an unresolvable schema can still do the task).
    for (const name of ['get_token', 'get_secret', 'submit_answer'])
      expect(JSON.stringify(schema(name))).not.toContain('$ref');
  });
});
