import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedRecordPath } from '../../bench/derive/records.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { loadScenarioFiles, readSpecCommit } from '../io/load.ts';
import { specDir } from '../io/paths.ts';
import { driverFor } from '../roles/registry.ts';
import { runCalibration } from '../runner/calibrate.ts';
import { LIBRARIES, librarySubject } from './index.ts';
import { planLibraries, writeLibraries } from './plan.ts';

// Live: the registered glue programs of the MCP TypeScript SDK through the real trial runner (netns, as
// `npm run libraries` runs them) on one scenario per role. The task checkpoint passing shows the glue starts, does
// the prompt's task with the library, and the runner judged it; the records land where the command writes them.
const root = process.cwd();
const sdk = LIBRARIES.find((e) => e.library === '@modelcontextprotocol/sdk')!;
const base = { root, specDir: specDir(), specCommit: readSpecCommit() ?? '0'.repeat(40), isolation: 'netns', timeouts: { sessionMs: 60_000, portWaitMs: 1000, serviceStartMs: 20_000 } } as const;

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

describe('library glue through the trial runner', () => {
  it('runs the SDK server glue on tools-basics and the SDK client glue on call-tool, and both complete the task', { timeout: 120_000 }, async () => {
    // Only this revision's files: another revision's scenarios (possibly being edited) do not concern the glue.
    const { scenarios: all, problems } = checkScenarios(loadScenarioFiles(root).filter((f) => f.path.startsWith('scenarios/2025-11-25/')));
    expect(problems).toEqual([]);
    const scenarios = [...all.values()].filter((s) => s.id === 'tools-basics' || s.id === 'call-tool');
    const plan = planLibraries(scenarios, { libraries: [sdk] }, driverFor);
    expect(plan.jobs.map((j) => `${j.scenario.role} ${j.scenario.id}`)).toEqual(['client call-tool', 'server tools-basics']);
    const ran = await runCalibration(plan.jobs, base);
    for (const { job, result } of ran) {
      const task = result.record.verdicts.find((v) => v.checkpoint.startsWith('task-'));
      expect({ scenario: job.scenario.id, status: result.record.status, task: task?.verdict, leftovers: result.leftovers }).toEqual({ scenario: job.scenario.id, status: 'completed', task: 'pass', leftovers: [] });
      expect(result.record.subject).toEqual(librarySubject(sdk));
      expect(result.record.trial.isolation).toBe('netns');
    }

    // Written into a scratch tree: the subject's stale records go (also of a vanished scenario), others stay.
    tmp = mkdtempSync(join(tmpdir(), 'mcpfs-libraries-'));
    const stale = join(tmp, 'results/2025-11-25/server/old-scenario/none', librarySubject(sdk).id, 'k1.json');
    const other = join(tmp, 'results/2025-11-25/server/tools-basics/none/calibration/oracle/k1.json');
    for (const f of [stale, other]) {
      mkdirSync(dirname(f), { recursive: true });
      writeFileSync(f, '{}');
    }
    const written = writeLibraries(tmp, ran);
    expect(written.sort()).toEqual(ran.map((r) => expectedRecordPath(r.result.record)).sort());
    expect(written.filter((p) => !existsSync(join(tmp!, p)))).toEqual([]);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });
});
