import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { JUDGES } from '../../bench/judge/registry.ts';
import { judgeTrial } from '../../bench/judge/run.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { freePort, isListening, waitFor } from '../os/ports.ts';
import { driver } from './2026-07-28-server.ts';
import { driverFor } from './registry.ts';
import { scenariosOf } from '../io/scenarios.ts';

/** Spawn the driver's oracle command the way the trial runner does: PORT in env, wait for the port, probe, judge, kill. */
async function runSpawned(scenarioId: string, mutant?: string) {
  const scenario = scenariosOf('2026-07-28', 'server').find((s) => s.id === scenarioId)!;
  const port = await freePort();
  const { cmd, args } = driver.oracleCommand(scenario, mutant);
  const child = spawn(cmd, args, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    expect(await waitFor(() => isListening(port), 20_000)).toBe(true);
    return judgeTrial(scenario, await driver.probe(scenario, `http://127.0.0.1:${port}${driver.path}`), JUDGES);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

describe('2026-07-28 server role driver', () => {
  it('is registered for 2026-07-28 server', () => {
    expect(driverFor('2026-07-28', 'server')).toBe(driver);
  });
  it('spawns the oracle command, which passes every checkpoint of multi-round-trip', async () => {
    const verdicts = await runSpawned('multi-round-trip');
    expect(verdicts.filter((v) => v.verdict !== 'pass')).toEqual([]);
    expect(scoreTrial(verdicts).score).toBe(1);
  }, 60_000);
  it('passes the mutant through the command line (keep-stream-open fails sse-closes-after-response)', async () => {
    const verdicts = await runSpawned('multi-round-trip', 'keep-stream-open');
    expect(verdicts.find((v) => v.checkpoint === 'sse-closes-after-response')?.verdict).toBe('fail');
  }, 60_000);
});
