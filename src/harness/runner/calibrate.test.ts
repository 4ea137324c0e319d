import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  checkCalibration,
  compareWithCommitted,
  planCalibration,
  runCalibration,
  startOrder,
  writeCalibration,
  type Ran,
} from './calibrate.ts';
import { KIT_JUDGES, kitClientDriver, kitScenario, kitServerDriver, SPEC_COMMIT } from './testing/kit.ts';
import type { RoleDriver } from '../roles/types.ts';

const client = kitClientDriver();
const drivers = (_r: string, role: string): RoleDriver => (role === 'server' ? kitServerDriver : client);
const scenarios = [kitScenario('server'), kitScenario('client')];
const base = {
  root: process.cwd(),
  specDir: '/nonexistent',
  specCommit: SPEC_COMMIT,
  judges: KIT_JUDGES,
  isolation: 'netns',
  // portWaitMs bounds the wait for a server started in the background as the session ends; on a loaded 2-core runner
  // node takes over 300 ms to listen (CI saw pi + scripted model score 0 that way), so the bound is generous.
  timeouts: { sessionMs: 60_000, portWaitMs: 3_000 },
} as const;

let ran: Ran[];
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mcpfs-calib-root-'));
  ran = await runCalibration(planCalibration(scenarios, drivers).jobs, base, 2);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('calibration', () => {
  it('plans oracle, null, the listed mutants, pi + scripted model and the cheater per scenario', () => {
    const ids = planCalibration(scenarios, drivers).jobs.map((j) => `${j.scenario.id} ${j.adapter.subject.id}`);
    expect(ids).toEqual([
      'kit-client calibration/oracle',
      'kit-client calibration/null',
      'kit-client calibration/mutant-mute',
      'kit-client calibration/pi+scripted-model',
      'kit-client calibration/cheater',
      'kit-server calibration/oracle',
      'kit-server calibration/null',
      'kit-server calibration/mutant-broken',
      'kit-server calibration/pi+scripted-model',
      'kit-server calibration/cheater',
    ]);
    expect(planCalibration(scenarios, () => undefined).problems[0]!.message).toBe(
      'no role driver for 2025-11-25 client',
    );
  });

  it('runs our own subjects unsandboxed and says so; the cheater and pi + scripted model keep the sandbox', () => {
    const isolation = Object.fromEntries(
      ran.map((r) => [`${r.job.scenario.id} ${r.job.adapter.subject.id}`, r.result.record.trial.isolation]),
    );
    expect(isolation).toMatchObject({
      'kit-server calibration/oracle': 'none',
      'kit-server calibration/null': 'none',
      'kit-server calibration/mutant-broken': 'none',
      'kit-server calibration/pi+scripted-model': 'netns',
      'kit-server calibration/cheater': 'netns',
      'kit-client calibration/oracle': 'none',
      'kit-client calibration/cheater': 'netns',
    });
  });

  it('starts the longest expected jobs first and still returns results in plan order', async () => {
    const jobs = planCalibration(scenarios, drivers).jobs.filter((j) => j.adapter.subject.id === 'calibration/null');
    const started: string[] = [];
    const out = await runCalibration(
      jobs,
      base,
      1,
      (r) => started.push(r.job.scenario.id),
      (j) => (j.scenario.id === 'kit-server' ? 2 : 1),
    );
    expect(started).toEqual(['kit-server', 'kit-client']);
    expect(out.map((r) => r.job.scenario.id)).toEqual(['kit-client', 'kit-server']);
  });

  it('alternates the longest and the shortest expected jobs, ties in plan order', () => {
    expect(startOrder([5, 1, 9, 3, 7])).toEqual([2, 1, 4, 3, 0]);
    expect(startOrder([2, 2, 2, 2])).toEqual([0, 3, 1, 2]);
    expect(startOrder([4])).toEqual([0]);
    expect(startOrder([])).toEqual([]);
  });

  it('passes the gate when the oracle scores 1, null 0 and a mutant kills every checkpoint', () => {
    expect(checkCalibration(scenarios, ran).problems).toEqual([]);
  });

  it('fails the gate when no mutant kills a checkpoint', () => {
    const noMutants = ran.filter((r) => !r.result.record.subject.id.startsWith('calibration/mutant-'));
    expect(checkCalibration(scenarios, noMutants).problems.map((p) => p.message)).toEqual([
      'checkpoint "ping-answers-pong" is killed by no mutant',
      'checkpoint "ping-client-says-bye" is killed by no mutant',
    ]);
  });

  it('writes exactly the fresh records, and --check reports a committed verdict that differs', () => {
    const stale = join(root, 'results/2025-11-25/server/kit-server/none/calibration/mutant-gone/k1.json');
    mkdirSync(dirname(stale), { recursive: true });
    writeFileSync(stale, '{}');
    expect(compareWithCommitted(root, ran).at(-1)).toBe(
      'results/2025-11-25/server/kit-server/none/calibration/mutant-gone/k1.json: committed, but calibration no longer produces it',
    );
    const paths = writeCalibration(root, ran);
    expect(paths).toHaveLength(10);
    expect(compareWithCommitted(root, ran)).toEqual([]);
    const oracle = join(
      root,
      paths.find((p) => p.includes('kit-server/none/calibration/oracle'))!,
    );
    const rec = JSON.parse(readFileSync(oracle, 'utf8'));
    rec.verdicts[0].verdict = 'fail';
    writeFileSync(oracle, JSON.stringify(rec));
    expect(compareWithCommitted(root, ran)).toEqual([
      'results/2025-11-25/server/kit-server/none/calibration/oracle/k1.json: committed completed ping-answers-pong=fail\n  fresh:     completed ping-answers-pong=pass',
    ]);
    expect(existsSync(stale)).toBe(false);
  });
});
