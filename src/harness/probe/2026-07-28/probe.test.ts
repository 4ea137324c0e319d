import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { JUDGES } from '../../../bench/judge/registry.ts';
import { judgeTrial } from '../../../bench/judge/run.ts';
import { scoreTrial } from '../../../bench/scoring/score.ts';
import { MUTANTS } from '../../oracle/2026-07-28/server/mutants.ts';
import { createOracleServer } from '../../oracle/2026-07-28/server/server.ts';
import { StateSealer } from '../../oracle/2026-07-28/server/tools.ts';
import { freePort } from '../../runner/ports.ts';
import { probe } from './index.ts';
import { loadServerScenarios2026 } from './load-scenarios.ts';
import { tamper } from './plans.ts';

const scenarios = loadServerScenarios2026();
/** Short caps: everything is on localhost. */
const LIMITS = { requestMs: 3000, totalMs: 15_000, graceMs: 500 };

/** Run `fn` against an in-process oracle (or mutant) on an ephemeral port; always closes it. */
async function withOracle<T>(mutant: string | undefined, fn: (url: string) => Promise<T>): Promise<T> {
  const server: Server = createOracleServer(mutant);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe('2026-07-28 server prober', () => {
  it('has three or more scenarios, each with a probe plan', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(3);
  });

  for (const s of scenarios) {
    it(`passes every checkpoint of ${s.id} against the oracle (no not-applicable)`, async () => {
      const verdicts = await withOracle(undefined, async (url) => judgeTrial(s, await probe(s, url, LIMITS), JUDGES));
      expect(verdicts.filter((v) => v.verdict !== 'pass').map((v) => `${v.checkpoint}: ${v.verdict}: ${v.message}`)).toEqual([]);
      expect(scoreTrial(verdicts).score).toBe(1);
    });

    it(`scores 0 on ${s.id} when nothing listens`, async () => {
      const log = await probe(s, `http://127.0.0.1:${await freePort()}/mcp`, LIMITS);
      const verdicts = judgeTrial(s, log, JUDGES);
      expect(scoreTrial(verdicts).score).toBe(0);
      expect(verdicts.filter((v) => v.verdict === 'pass')).toEqual([]);
      expect(log.events.some((e) => e.type === 'error' && e.code === 'ECONNREFUSED')).toBe(true);
    });

    it(`labels every request of ${s.id} with a step`, async () => {
      const log = await withOracle(undefined, (url) => probe(s, url, LIMITS));
      const requests = log.events.filter((e) => e.type === 'request');
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((e) => !e.step)).toEqual([]);
    });
  }

  it('kills every checkpoint of every scenario with at least one mutant run on it', async () => {
    const killed = new Map<string, Set<string>>();
    for (const m of MUTANTS) {
      for (const id of m.scenarios) {
        const s = scenarios.find((x) => x.id === id);
        expect(s, `mutant ${m.id} names unknown scenario ${id}`).toBeDefined();
        const verdicts = await withOracle(m.id, async (url) => judgeTrial(s!, await probe(s!, url, LIMITS), JUDGES));
        const fails = verdicts.filter((v) => v.verdict === 'fail').map((v) => v.checkpoint);
        expect(fails.length, `mutant ${m.id} fails nothing on ${id}`).toBeGreaterThan(0);
        for (const f of fails) killed.set(`${id}/${f}`, (killed.get(`${id}/${f}`) ?? new Set()).add(m.id));
      }
    }
    const survivors = scenarios.flatMap((s) => s.checkpoints.map((c) => `${s.id}/${c.slug}`)).filter((k) => !killed.has(k));
    expect(survivors).toEqual([]);
  }, 120_000);
});

describe('tamper (forged requestState)', () => {
  it('raises the amount inside a Base64-JSON state and keeps the signature part', () => {
    const naive = Buffer.from(JSON.stringify({ amount: 250 })).toString('base64');
    expect(JSON.parse(Buffer.from(tamper(naive), 'base64').toString('utf8'))).toEqual({ amount: 999999 });
    const sealed = new StateSealer().seal({ tool: 'confirm_transfer', amount: 250 });
    const forged = tamper(sealed);
    expect(forged.split('.')[1]).toBe(sealed.split('.')[1]);
    expect(forged).not.toBe(sealed);
  });
  it('changes one character of an opaque state', () => {
    const t = tamper('!!opaque-state!!');
    expect(t).toHaveLength(16);
    expect(t).not.toBe('!!opaque-state!!');
  });
  it('makes a sealed state fail verification, while the untouched one verifies', () => {
    const s = new StateSealer();
    const sealed = s.seal({ amount: 250 });
    expect(s.open(sealed)).toEqual({ amount: 250 });
    expect(s.open(tamper(sealed))).toBeUndefined();
  });
});
