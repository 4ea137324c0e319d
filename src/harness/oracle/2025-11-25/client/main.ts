/**
 * The 2025-11-25 oracle client (client role).
 *
 *   MCP_SERVER_URL=http://127.0.0.1:PORT/mcp npx node src/harness/oracle/2025-11-25/client/main.ts <scenario-id> [--mutant=<id>]
 *
 * The scenario id may also come from `MCPFS_SCENARIO`, the mutant from `MCPFS_MUTANT`. Exit 0 when the answer was
 * accepted, 1 when the run failed (mutants often do), 2 on bad usage. It always exits within about a minute.
 */
import { oracleClientMain } from '../../common/client-cli.ts';
import { CallTimedOutError, OracleClient, UnsupportedVersionError } from './client.ts';
import { MUTANTS } from './mutants.ts';
import { TASK_MUTANTS } from './task-mutants.ts';
import { callTool, taskSupportOf } from './tasks.ts';

const SCENARIOS = [
  'call-tool',
  'session-expiry',
  'sse-resume',
  'server-ping',
  'slow-server',
  'task-call',
  'version-mismatch',
];
/** slow-server's prompt: give up on a call unanswered after 2 s, call it off, and call again once. */
const SLOW_CALL_MS = 2_000;

function textOf(result: Record<string, unknown>): string {
  const c = Array.isArray(result.content) ? (result.content[0] as Record<string, unknown> | undefined) : undefined;
  return typeof c?.text === 'string' ? c.text : '';
}

/** The scenario's goal, done the way the spec asks (or broken the way the mutant says). */
export async function runScenario(url: string, scenario: string, mutant?: string): Promise<boolean> {
  const c = new OracleClient(url, mutant);
  // version-mismatch's prompt: no agreement on a version → disconnect (end the session) and connect once more.
  const connect = () =>
    c.initialize().catch(async (e: unknown) => {
      if (scenario !== 'version-mismatch' || !(e instanceof UnsupportedVersionError)) throw e;
      await c.close();
      await c.initialize();
    });
  if (mutant === 'request-before-initialize') await c.request('tools/list').catch(() => undefined);
  if (mutant === 'no-wait-initialize')
    await Promise.all([c.initialize(), c.request('tools/list').catch(() => undefined)]);
  else await connect();
  if (mutant === 'null-id') await c.request('ping', {}, null);
  if (mutant === 'use-unnegotiated') await c.request('prompts/list').catch(() => undefined);
  if (scenario === 'task-call') return runTaskCall(c, mutant);
  const args: Record<string, unknown> = {};
  if (scenario === 'sse-resume')
    args.token = textOf(await c.request('tools/call', { name: 'get_token', arguments: {} }));
  const secretCall: Record<string, unknown> = { name: 'get_secret', arguments: args };
  if (mutant === 'task-everywhere') secretCall.task = { ttl: 30_000 };
  if (scenario === 'sse-resume') secretCall._meta = { progressToken: 'secret-progress' };
  const secret = textOf(
    scenario === 'slow-server'
      ? await c.requestWithin(SLOW_CALL_MS, 'tools/call', secretCall).catch((e: unknown) => {
          if (!(e instanceof CallTimedOutError)) throw e;
          return c.requestWithin(SLOW_CALL_MS, 'tools/call', secretCall);
        })
      : await c.request('tools/call', secretCall),
  );
  const answer = mutant === 'wrong-answer' ? [...secret].reverse().join('') : secret;
  const verdict = await c.request('tools/call', { name: 'submit_answer', arguments: { answer } });
  await c.close();
  return verdict.isError !== true;
}

/** task-call: get_secret runs only as a task; submit_answer is a plain tool. */
async function runTaskCall(c: OracleClient, mutant: string | undefined): Promise<boolean> {
  const support = await taskSupportOf(c);
  const secret = textOf(await callTool(c, support, 'get_secret', {}, mutant));
  const answer = mutant === 'wrong-answer' ? [...secret].reverse().join('') : secret;
  const verdict = await callTool(c, support, 'submit_answer', { answer }, mutant);
  await c.close();
  return verdict.isError !== true;
}

if (import.meta.main)
  process.exit(
    await oracleClientMain({ scenarios: SCENARIOS, mutants: [...MUTANTS, ...TASK_MUTANTS], run: runScenario }),
  );
