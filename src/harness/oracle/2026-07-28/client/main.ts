/**
 * The 2026-07-28 oracle client (client role).
 *
 *   MCP_SERVER_URL=http://127.0.0.1:PORT/mcp npx node src/harness/oracle/2026-07-28/client/main.ts <scenario-id> [--mutant=<id>]
 *
 * The scenario id may also come from `MCPFS_SCENARIO`, the mutant from `MCPFS_MUTANT`. Exit 0 when the answer was
 * accepted, 1 when the run failed (mutants often do), 2 on bad usage. It always exits within about a minute.
 */
import { CallTimeoutError, InvalidResultError, OracleClient2026, type InputAnswerer } from './client.ts';
import { oracleClientMain } from '../../common/client-cli.ts';
import { MUTANTS } from './mutants.ts';
import { TASK_MUTANTS } from './task-mutants.ts';
import { callFollowingTask } from './tasks.ts';
import { TASKS_EXT } from './client.ts';

/** Per scenario, as its prompt says: versions the client speaks, its capabilities, the token tool, get_secret's arguments. */
const SETUPS: Record<
  string,
  {
    versions: string[];
    capabilities?: Record<string, unknown>;
    tokenTool?: string;
    args: Record<string, unknown>;
    /** Give up on a get_secret call unanswered after this many ms, cancel it and call once more (slow-server). */
    secretTimeoutMs?: number;
    /** Call get_secret once more after a result the client cannot read (server-drift: "recover and finish"). */
    retryInvalid?: boolean;
  }
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
  'server-drift': { versions: ['2026-07-28'], tokenTool: 'get_token', args: { shard: 7 }, retryInvalid: true },
  'slow-server': { versions: ['2026-07-28'], args: {}, secretTimeoutMs: 2_000 },
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
  // The prompt prefers the first other get_secret_* tool whose definition the client accepts; the oracle rejects them
  // all (shttp-402, -403), a mutant that accepts one calls it and falls back to get_secret on its error.
  const preferred = tools.find((t) => t.startsWith('get_secret_'));
  if (preferred !== undefined) {
    const extra = preferred === 'get_secret_fast' ? { budget: 0.5 } : {};
    const alt = await c.callTool(preferred, { ...args, ...extra }, confirm);
    if (alt.isError !== true) secretResult = alt;
  }
  if (!tools.includes('get_secret'))
    throw new Error(`get_secret is not among the valid tools ${JSON.stringify(tools)}: POST ${url}`);
  // task-poll: get_secret runs as a task, followed to its end (tasks.ts).
  if (scenario === 'task-poll') secretResult = await callFollowingTask(c, 'get_secret', args, mutant);
  secretResult ??= await getSecret(c, setup, args, mutant);
  const secret = textOf(secretResult);
  const answer = mutant === 'wrong-answer' ? [...secret].reverse().join('') : secret;
  const verdict = await c.callTool('submit_answer', { answer }, confirm);
  return verdict.isError !== true;
}

/** get_secret as the scenario's prompt asks: once, or once more after a timeout (slow-server) or an unreadable result. */
async function getSecret(
  c: OracleClient2026,
  setup: (typeof SETUPS)[string],
  args: Record<string, unknown>,
  mutant: string | undefined,
): Promise<Record<string, unknown>> {
  try {
    return await c.callTool('get_secret', args, confirm, setup.secretTimeoutMs);
  } catch (e) {
    const again =
      (e instanceof CallTimeoutError && setup.secretTimeoutMs !== undefined) ||
      (e instanceof InvalidResultError && setup.retryInvalid === true);
    if (!again) throw e;
    process.stderr.write(`warning: ${e.message}; calling get_secret once more\n`);
    if (mutant === 'cancel-notification-with-id' && e instanceof CallTimeoutError) await c.cancelWithId(c.lastId());
    return c.callTool('get_secret', args, confirm);
  }
}

if (import.meta.main)
  process.exit(
    await oracleClientMain({
      scenarios: Object.keys(SETUPS),
      mutants: [...MUTANTS, ...TASK_MUTANTS],
      run: runScenario,
    }),
  );
