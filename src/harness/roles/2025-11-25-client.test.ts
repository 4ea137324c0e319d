import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { judgeTrial } from '../../bench/judge/run.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { clientScenarios2025 } from '../reference/2025-11-25/load-scenarios.ts';
import { runClient } from '../reference/2025-11-25/run-client.ts';
import { driver } from './2025-11-25-client.ts';
import { driverFor } from './registry.ts';

const scenarios = clientScenarios2025();

describe('2025-11-25 client driver (live)', () => {
  it('is registered for 2025-11-25 client', () => {
    expect(driverFor('2025-11-25', 'client')).toBe(driver);
  });

  it('runs the oracle the way the trial runner does: child process, MCP_SERVER_URL + env, exit or finished, stop, judge', async () => {
    const scenario = scenarios.find((s) => s.id === 'session-expiry')!;
    const ref = await driver.startReference(scenario);
    const cmd = driver.oracleCommand(scenario);
    const child = spawn(cmd.cmd, cmd.args, { env: { ...process.env, ...ref.env, MCP_SERVER_URL: ref.url }, stdio: 'ignore', detached: true });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    let timer: NodeJS.Timeout | undefined;
    try {
      const how = await Promise.race([exited.then(() => 'exit'), ref.finished.then(() => 'finished'), new Promise((r) => (timer = setTimeout(() => r('timeout'), 45_000)))]);
      expect(how).not.toBe('timeout');
    } finally {
      clearTimeout(timer);
      await exited;
    }
    const log = await ref.stop();
    const verdicts = judgeTrial(scenario, log, JUDGES);
    expect(verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
    expect(scoreTrial(verdicts).score).toBe(1);
  });

  for (const scenario of scenarios) {
    it(`scores the oracle 1.0 with no failing verdict on ${scenario.id}`, async () => {
      const run = await runClient(driver, scenario, driver.oracleCommand(scenario), { timeoutMs: 45_000 });
      const verdicts = judgeTrial(scenario, run.log, JUDGES);
      expect(verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
      expect(scoreTrial(verdicts).score).toBe(1);
    });

    it(`scores the null client 0 on ${scenario.id}`, async () => {
      const ref = await driver.startReference(scenario);
      const log = await ref.stop();
      const verdicts = judgeTrial(scenario, log, JUDGES);
      expect(scoreTrial(verdicts).score).toBe(0);
      expect(verdicts.find((v) => v.checkpoint === 'task-secret-submitted')?.verdict).toBe('fail');
    });

    it(`kills every checkpoint of ${scenario.id} with at least one mutant`, async () => {
      const killed = new Map<string, string[]>(scenario.checkpoints.map((c) => [c.slug, []]));
      for (const m of driver.mutants.filter((mu) => mu.scenarios.includes(scenario.id))) {
        const run = await runClient(driver, scenario, driver.oracleCommand(scenario, m.id), { timeoutMs: 45_000 });
        for (const v of judgeTrial(scenario, run.log, JUDGES)) if (v.verdict === 'fail') killed.get(v.checkpoint)!.push(m.id);
      }
      const survivors = [...killed].filter(([, ms]) => ms.length === 0).map(([slug]) => slug);
      expect(survivors).toEqual([]);
    });
  }
});
