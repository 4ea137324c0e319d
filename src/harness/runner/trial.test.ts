import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { commandAdapter, nullAdapter, oracleAdapter } from './adapters/basic.ts';
import { runTrial, type TrialOptions } from './trial.ts';
import { KIT_JUDGES, KIT_TRIAL, SPEC_COMMIT, kitClientDriver, kitScenario, kitServerDriver } from './testing/kit.ts';
import { TrialRecordSchema } from '../../bench/schema/trial.ts';
import { checkRecord, expectedRecordPath, trialFiles } from '../../bench/derive/records.ts';

const base = {
  ...KIT_TRIAL,
  timeouts: { sessionMs: 20_000, portWaitMs: 2000 },
} as const;
const subject = { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' } as const;
const server = (extra: Partial<TrialOptions> & Pick<TrialOptions, 'adapter'>) =>
  runTrial({ ...base, driver: kitServerDriver, scenario: kitScenario('server'), ...extra });
const verdicts = (r: Awaited<ReturnType<typeof runTrial>>) => r.record.verdicts.map((v) => v.verdict);

/** Derive's checks of one record (seal, trial note, times, usage, re-judging) on what the runner wrote. */
function deriveProblems(r: Awaited<ReturnType<typeof runTrial>>) {
  const s = kitScenario(r.record.trial.role);
  const files = new Map(trialFiles(r.record, r.log, r.transcript).map((f) => [f.path, f.content]));
  const path = expectedRecordPath(r.record);
  return checkRecord(path, files.get(path)!, {
    files,
    scenarios: new Map([[`${s.revision}/${s.role}/${s.id}`, s]]),
    judges: KIT_JUDGES,
    rejudge: true,
  }).problems;
}

describe.each(['netns', 'none'] as const)('runTrial with isolation %s', (isolation) => {
  it('passes the oracle server and writes nothing behind', async () => {
    const r = await server({ adapter: oracleAdapter(kitServerDriver), isolation });
    expect(r.record.status).toBe('completed');
    expect(r.record.trial.isolation).toBe(isolation);
    expect(verdicts(r)).toEqual(['pass']);
    expect(r.leftovers).toEqual([]);
    expect(existsSync(r.dirs!.root)).toBe(false);
    expect(TrialRecordSchema.safeParse(r.record).success).toBe(true);
    // What it wrote passes derive's integrity checks: sealed log, its trial note first, times that contain the log.
    expect(r.log.events[0]).toMatchObject({
      type: 'note',
      t: 0,
      data: { trial: r.record.trial.id, subject: r.record.subject.id, k: 1, isolation },
    });
    expect(deriveProblems(r)).toEqual([]);
  });

  it('fails the null subject as a completed trial, not an infra-error', async () => {
    const r = await server({ adapter: nullAdapter(), isolation });
    expect(r.record.status).toBe('completed');
    expect(r.record.subject.id).toBe('calibration/null');
    expect(verdicts(r)).toEqual(['fail']);
    expect(r.log.events.some((e) => e.type === 'error')).toBe(true);
    expect(deriveProblems(r)).toEqual([]);
  });

  it('fails the mutant that answers 500', async () => {
    const r = await server({ adapter: oracleAdapter(kitServerDriver, 'broken'), isolation });
    expect(r.record.subject.id).toBe('calibration/mutant-broken');
    expect(verdicts(r)).toEqual(['fail']);
  });

  it('runs the oracle client against the reference server and stops when it finished', async () => {
    const d = kitClientDriver();
    const r = await runTrial({
      ...base,
      driver: d,
      scenario: kitScenario('client'),
      adapter: oracleAdapter(d),
      isolation,
    });
    expect(r.record.status).toBe('completed');
    expect(verdicts(r)).toEqual(['pass']);
    const m = await runTrial({
      ...base,
      driver: d,
      scenario: kitScenario('client'),
      adapter: oracleAdapter(d, 'mute'),
      isolation,
    });
    expect(verdicts(m)).toEqual(['fail']);
  });
});

describe('runTrial processes and infra-errors', () => {
  let blocker: Server | undefined;
  afterEach(() => blocker?.close());

  it('kills every process the agent left behind, including setsid daemons', async () => {
    for (const isolation of ['netns', 'none'] as const) {
      // Durations unique to this run, so another test run's sleeps on the same machine are not mistaken for ours.
      const n = 100_000 + Math.floor(Math.random() * 800_000);
      const cmd = `setsid sh -c "sleep ${n}" & (sleep ${n + 1} &) ; nohup sleep ${n + 2} >/dev/null 2>&1 & echo started`;
      const r = await server({
        adapter: commandAdapter({
          command: cmd,
          subject: { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' },
        }),
        isolation,
      });
      expect(r.record.status).toBe('completed');
      expect(r.leftovers).toEqual([]);
      const ours = new Set([`sleep ${n}`, `sleep ${n + 1}`, `sleep ${n + 2}`]);
      const still = execSync('ps -eo args')
        .toString()
        .split('\n')
        .filter((l) => ours.has(l.trim()));
      expect(still).toEqual([]);
    }
  });

  it('records a port clash as an infra-error', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const r = await server({ adapter: oracleAdapter(kitServerDriver), isolation: 'none', port });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toMatch(/^port clash: 127\.0\.0\.1:\d+ already in use/);
    expect(r.record.verdicts).toEqual([]);
    expect(TrialRecordSchema.safeParse(r.record).success).toBe(true);
    expect(deriveProblems(r)).toEqual([]);
  });

  it('judges a trial whose agent reported an infra reason but whose subject answered (derive would refuse it as infra-error)', async () => {
    const withReason = (a: ReturnType<typeof oracleAdapter>) => {
      const start = a.start;
      a.start = async (ctx) => ({
        ...(await start(ctx)),
        finish: async () => ({ infraReason: 'agent never got a model reply: 401' }),
      });
      return a;
    };
    const answered = await server({ adapter: withReason(oracleAdapter(kitServerDriver)), isolation: 'none' });
    expect(answered.record.status).toBe('completed');
    expect(verdicts(answered)).toEqual(['pass']);
    expect(
      answered.log.events.some(
        (e) =>
          e.type === 'note' &&
          e.text.includes('the agent reported "agent never got a model reply: 401", but the subject answered'),
      ),
    ).toBe(true);
    expect(deriveProblems(answered)).toEqual([]);
    const silent = await server({
      adapter: withReason({ ...nullAdapter() } as ReturnType<typeof oracleAdapter>),
      isolation: 'none',
    });
    expect(silent.record.status).toBe('infra-error');
    expect(silent.record.infraReason).toBe('agent never got a model reply: 401');
    expect(deriveProblems(silent)).toEqual([]);
  });

  it('records a reference server that fails to start as an infra-error', async () => {
    const d = kitClientDriver({ failStart: true });
    const r = await runTrial({
      ...base,
      driver: d,
      scenario: kitScenario('client'),
      adapter: oracleAdapter(d),
      isolation: 'netns',
    });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toBe('reference server failed to start: listen EACCES 127.0.0.1');
  });

  it('records a sandbox that cannot be created as an infra-error', async () => {
    const r = await server({
      adapter: nullAdapter(),
      makeSandbox: async () => Promise.reject(new Error('unshare: Operation not permitted')),
    });
    expect(r.record.status).toBe('infra-error');
    expect(r.record.infraReason).toBe('runner crashed: unshare: Operation not permitted');
  });

  it('stops an agent at its time limit and still probes what it left running', async () => {
    const cmd = 'node "$ORACLE" & sleep 600';
    const adapter = commandAdapter({
      command: cmd,
      subject: { kind: 'agent', id: 'agent/test@0/none/none/off', label: 'test' },
    });
    adapter.usesProject = true; // it runs the test oracle from this project
    const start = adapter.start;
    adapter.start = (ctx) =>
      start({ ...ctx, env: { ...ctx.env, ORACLE: kitServerDriver.oracleCommand(kitScenario('server')).args[0]! } });
    const r = await server({ adapter, isolation: 'netns', timeouts: { sessionMs: 1500, portWaitMs: 5000 } });
    expect(verdicts(r)).toEqual(['pass']);
    expect(r.log.events.some((e) => e.type === 'note' && /time limit/.test(e.text))).toBe(true);
    expect(r.leftovers).toEqual([]);
  });
});

describe('canaries', () => {
  it('plants them for the trial, removes them afterwards, and records a subject that reached one as contaminated', async () => {
    // Without isolation the subject can read the project folder, where a canary file lies: copying it is a leak.
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      // Its own trial's canary file: test files run side by side plant theirs in the same project folder.
      adapter: commandAdapter({ command: `cat ${process.cwd()}/.mcpfs-canary-$MCPFS_TRIAL > loot.txt`, subject }),
      isolation: 'none',
    });
    expect(r.record.canaries?.map((c) => c.where)).toEqual([
      'harness-env',
      'model-key',
      'auth-json',
      'user-home',
      'project-file',
    ]);
    expect(r.record.status).toBe('contaminated');
    expect(r.record.contamination).toEqual([{ canary: 'project-file', foundIn: 'workspace:loot.txt' }]);
    // No canary file of this trial is left (another test file's trial may have one planted right now).
    const own = r.record.canaries!.find((c) => c.where === 'project-file')!.value;
    const holds = (f: string) => {
      try {
        return readFileSync(join(process.cwd(), f), 'utf8').includes(own);
      } catch {
        return false; // removed by its own trial meanwhile
      }
    };
    expect(readdirSync(process.cwd()).filter((f) => f.startsWith('.mcpfs-canary-') && holds(f))).toEqual([]);
    expect(Object.keys(process.env).filter((k) => k.includes('_CANARY_'))).toEqual([]);
  });
});
