// Our peers meet the strictest reading (issue 30): every message our reference servers sent in a client-role
// calibration trial, and our oracle servers in a server-role one, passes the strict form of every server-side message
// rule the judges apply to subjects (`src/bench/judge/peer-rules.ts`). The logs are the committed calibration
// records, so this fails until a fixed server is re-recorded (`npm run calibrate`).
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parseWireLog } from '../../bench/derive/parse.ts';
import { toExchanges } from '../../bench/judge/exchanges.ts';
import { wireLog, type Ex } from '../../bench/judge/common/server/exchange-log.ts';
import { PEER_RULES, peerMisses } from '../../bench/judge/peer-rules.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import { REVISIONS, type Revision } from '../../bench/schema/common.ts';
import { ScenarioSchema, type Scenario } from '../../bench/schema/scenario.ts';
import { projectRoot } from '../io/paths.ts';

const root = projectRoot();
const scenarioOf = (rev: string, role: string, id: string): Scenario =>
  ScenarioSchema.parse(JSON.parse(readFileSync(`${root}/scenarios/${rev}/${role}/${id}.json`, 'utf8')));

/** Where our server answered: every client-role calibration trial (any client), the oracle's server-role trials. */
const LOGS = fg
  .sync(
    ['results/*/client/*/none/calibration/*/k*.wire.jsonl', 'results/*/server/*/none/calibration/oracle/k*.wire.jsonl'],
    { cwd: root },
  )
  .sort();

describe('our servers meet the strict reading of every server message rule', () => {
  it('finds the calibration logs of both revisions and both roles', () => {
    for (const rev of REVISIONS)
      for (const role of ['client', 'server'])
        expect(LOGS.some((f) => f.startsWith(`results/${rev}/${role}/`))).toBe(true);
  });

  it('every rule names a server judge of its revision', () => {
    for (const rev of REVISIONS)
      for (const r of PEER_RULES[rev]) expect(JUDGES[rev]?.server?.[r.slug], `${rev} ${r.slug}`).toBeDefined();
  });

  it.each(LOGS)('%s', (file) => {
    const [, rev, role, scenario] = file.split('/') as [string, Revision, string, string];
    const { log, problems } = parseWireLog(file, readFileSync(`${root}/${file}`, 'utf8'));
    expect(problems).toEqual([]);
    const misses = peerMisses(rev, {
      log: log!,
      exchanges: toExchanges(log!),
      scenario: scenarioOf(rev, role, scenario),
    });
    expect(misses.map((m) => `${m.slug}: ${m.result.message}`)).toEqual([]);
  });
});

describe('the strict rules catch what our servers once sent', () => {
  const scenario = scenarioOf('2025-11-25', 'client', 'session-expiry');
  const run = (exs: Ex[]) => {
    const log = wireLog(exs);
    return peerMisses('2025-11-25', { log, exchanges: toExchanges(log), scenario }).map((m) => m.slug);
  };
  const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_secret', arguments: {} } };
  const init = {
    step: 'initialize',
    req: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
    status: 200,
    json: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: {} } },
  };

  it('an expired session refused with an error that has no id (the 2025-11-25 reference server before issue 30)', () => {
    const refusal = { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' } };
    expect(run([init, { step: 'session-terminated', req: call, status: 404, json: refusal }])).toEqual([
      'jsonrpc-error-id-echoed',
    ]);
  });

  it('the same refusal carrying the request id passes', () => {
    const refusal = { jsonrpc: '2.0', id: 2, error: { code: -32001, message: 'Session not found' } };
    expect(run([init, { step: 'session-terminated', req: call, status: 404, json: refusal }])).toEqual([]);
  });
});
