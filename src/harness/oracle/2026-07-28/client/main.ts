/**
 * The 2026-07-28 oracle client (client role).
 *
 *   MCP_SERVER_URL=http://127.0.0.1:PORT/mcp npx node src/harness/oracle/2026-07-28/client/main.ts <scenario-id> [--mutant=<id>]
 *
 * The scenario id may also come from `MCPFS_SCENARIO`, the mutant from `MCPFS_MUTANT`. Exit 0 when the answer was
 * accepted, 1 when the run failed (mutants often do), 2 on bad usage. It always exits within about a minute.
 */
import { OracleClient2026, type InputAnswerer } from './client.ts';
import { oracleClientMain } from '../../common/client-cli.ts';
import { MUTANTS } from './mutants.ts';
import { TASK_MUTANTS } from './task-mutants.ts';
import { callFollowingTask } from './tasks.ts';
import { TASKS_EXT } from './client.ts';

/** Per scenario, as its prompt says: versions the client speaks, its capabilities, the token tool, get_secret's arguments. */
const SETUPS: Record<
  string,
  { versions: string[]; capabilities?: Record<string, unknown>; tokenTool?: string; args: Record<string, unknown> }
> = {
  'stateless-call': { versions: ['2026-07-28'], tokenTool: 'get_token', args: {} },
  'param-headers': {
    versions: ['2026-07-28'],
    tokenTool: 'entrée',
    args: {
      region: 'us-west1',
      greeting: 'Hello, 世界',
      padded: '  padded ',
      literal: '=?base64?literal?=',
      shard: 42,
      verbose: true,
      trace: null,
      options: { tier: 'gold' },
    },
  },
  'version-retry': { versions: ['2027-03-15', '2026-07-28'], args: {} },
  'multi-round-trip': { versions: ['2026-07-28'], capabilities: { elicitation: { form: {} } }, args: {} },
  'task-poll': { versions: ['2026-07-28'], capabilities: { extensions: { [TASKS_EXT]: {} } }, args: {} },
};

/** The user's part of every elicitation in these scenarios, as the prompt words it. */
const confirm: InputAnswerer = (r) => {
  if (r.method !== 'elicitation/create') throw new Error(`cannot answer input request ${String(r.method)}`);
  return { action: 'accept', content: { confirm: true } };
};

function textOf(result: Record<string, unknown>): string {
  const c = Array.isArray(result.content) ? (result.content[0] as Record<string, unknown> | undefined) : undefined;
  return typeof c?.text === 'string' ? c.text : '';
}

/** Mutants that send one faulty extra message up front, then carry on as the oracle. */
async function faultUpFront(c: OracleClient2026, mutant: string | undefined): Promise<void> {
  if (mutant === 'legacy-get') await c.legacyGet();
  if (mutant === 'wrong-path') await c.request('tools/list', {}, { url: `${c.url}/tools` }).catch(() => undefined);
  if (mutant === 'posts-response')
    await c.post({ jsonrpc: '2.0', id: 'stray', result: {} }, 'tools/list', {}).catch(() => undefined);
  if (mutant === 'null-id') await c.request('tools/list', {}, { id: null }).catch(() => undefined);
  if (mutant === 'fractional-id') await c.request('tools/list', {}, { id: 1.5 }).catch(() => undefined);
  if (mutant === 'batch-request') await c.postBatch('tools/list').catch(() => undefined);
}

/** The scenario's goal, done the way the spec asks (or broken the way the mutant says). */
export async function runScenario(url: string, scenario: string, mutant?: string): Promise<boolean> {
  const setup = SETUPS[scenario]!;
  const c = new OracleClient2026(url, {
    versions: setup.versions,
    ...(setup.capabilities ? { capabilities: setup.capabilities } : {}),
    ...(mutant ? { mutant } : {}),
  });
  await faultUpFront(c, mutant);
  const args = { ...setup.args };
  let tools: string[];
  if (mutant === 'duplicate-in-flight-id') {
    // The server holds tools/list, so the second request arrives while the first is in flight; same id on both.
    const id = c.newId();
    const [listed, token] = await Promise.all([
      c.listTools(id),
      c.request('tools/call', { name: 'get_token', arguments: {} }, { id }),
    ]);
    tools = listed;
    args.token = textOf(token);
  } else {
    tools = await c.listTools();
    if (setup.tokenTool) args.token = textOf(await c.callTool(setup.tokenTool, {}, confirm));
  }
  let secretResult: Record<string, unknown> | undefined;
  // The prompt prefers get_secret_fast when the client accepts its definition; the oracle rejects it (shttp-403).
  if (tools.includes('get_secret_fast')) {
    const fast = await c.callTool('get_secret_fast', { ...args, budget: 0.5 }, confirm);
    if (fast.isError !== true) secretResult = fast;
  }
  if (!tools.includes('get_secret'))
    throw new Error(`get_secret is not among the valid tools ${JSON.stringify(tools)}: POST ${url}`);
  // task-poll: get_secret runs as a task, followed to its end (tasks.ts).
  if (scenario === 'task-poll') secretResult = await callFollowingTask(c, 'get_secret', args, mutant);
  secretResult ??= await c.callTool('get_secret', args, confirm);
  const secret = textOf(secretResult);
  const answer = mutant === 'wrong-answer' ? [...secret].reverse().join('') : secret;
  const verdict = await c.callTool('submit_answer', { answer }, confirm);
  return verdict.isError !== true;
}

if (import.meta.main)
  process.exit(
    await oracleClientMain({
      scenarios: Object.keys(SETUPS),
      mutants: [...MUTANTS, ...TASK_MUTANTS],
      run: runScenario,
    }),
  );
