import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { judgeTrial } from '../../bench/judge/run.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { describeClientDriverLive } from '../reference/testing/client-suite.ts';
import { driver } from './2025-11-25-client.ts';
import { driverFor } from './registry.ts';
import { scenariosOf } from '../io/scenarios.ts';

const scenarios = scenariosOf('2025-11-25', 'client');

describe('2025-11-25 client driver (live)', () => {
  it('is registered for 2025-11-25 client', () => {
    expect(driverFor('2025-11-25', 'client')).toBe(driver);
  });

  it('runs the oracle the way the trial runner does: child process, MCP_SERVER_URL + env, exit or finished, stop, judge', async () => {
    const scenario = scenarios.find((s) => s.id === 'session-expiry')!;
    const ref = await driver.startReference(scenario);
    const cmd = driver.oracleCommand(scenario);
    const child = spawn(cmd.cmd, cmd.args, {
      env: { ...process.env, ...ref.env, MCP_SERVER_URL: ref.url },
      stdio: 'ignore',
      detached: true,
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    let timer: NodeJS.Timeout | undefined;
    try {
      const how = await Promise.race([
        exited.then(() => 'exit'),
        ref.finished.then(() => 'finished'),
        new Promise((r) => (timer = setTimeout(() => r('timeout'), 45_000))),
      ]);
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

  describeClientDriverLive(driver, scenarios);
});
