// Running a shard's trials: each through the trial runner as `npm run trial` runs one (the same adapters, a fresh
// sandbox per trial), with the docs and k the plan gives, the manifest's time limit and the run's id in the record.
import type { PlannedTrial } from '../../bench/sweep/plan.ts';
import type { RunManifest } from '../../bench/schema/run-manifest.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import { allTrialFiles, benchmarkVersion } from '../io/trial-files.ts';
import { requireDriver } from '../roles/registry.ts';
import { makeAdapter, type AdapterArgs } from '../runner/adapters/from-flags.ts';
import { PI_VERSION } from '../runner/adapters/pi.ts';
import { HARNESSES, harnessVersion } from '../runner/adapters/harnesses/registry.ts';
import type { HarnessName } from '../runner/adapters/harnesses/types.ts';
import type { IsolationChoice } from '../runner/isolation.ts';
import { runTrial } from '../runner/trial.ts';
import { RunnerInputError } from '../errors.ts';
import type { OpenBundle } from './bundle.ts';
import { scenarioKey } from './plan-inputs.ts';

/** The `--agent` flags of a manifest's agent value: pi gets the manifest's `provider/model` and thinking level. */
export const adapterArgs = (m: RunManifest, agent: string): AdapterArgs => ({
  agent,
  ...(m.provider !== undefined && m.model !== undefined ? { model: `${m.provider}/${m.model}` } : {}),
  ...(m.thinking !== undefined ? { thinking: m.thinking } : {}),
});

/**
 * The manifest's `harness` must be what this tree runs: pi at its pinned version when the run has pi, an agent harness
 * (Claude Code, Codex CLI, Gemini CLI, opencode) at the version its install folder pins, else `calibration` at the
 * benchmark version. A manifest naming another version would describe records it cannot produce.
 */
export function checkHarness(root: string, m: RunManifest, file: string): void {
  const inside = m.agents.map((a) => HARNESSES[a as HarnessName]).find((h) => h !== undefined);
  const want = m.agents.includes('pi')
    ? { name: 'pi', version: PI_VERSION }
    : inside
      ? { name: inside.name, version: harnessVersion(inside, root) }
      : { name: 'calibration', version: benchmarkVersion(root) };
  if (m.harness.name !== want.name || m.harness.version !== want.version)
    throw new RunnerInputError(
      `${file}: harness: ${m.harness.name}@${m.harness.version}, but this tree runs ${want.name}@${want.version}`,
      `set "harness": ${JSON.stringify(want)}, or run it from the commit the manifest was written for`,
    );
}

/** One finished trial, as the progress display is told of it. */
export interface FinishedTrial {
  trial: PlannedTrial;
  record: TrialRecord;
  wallMs: number;
  /** Processes that survived the trial's cleanup (the runner notes them in the log). */
  leftovers: number;
}

export interface ShardRun {
  root: string;
  manifest: RunManifest;
  /** This shard's trials, in plan order. */
  trials: readonly PlannedTrial[];
  scenarios: ReadonlyMap<string, Scenario>;
  bundle: OpenBundle;
  /** Trials at once. */
  jobs: number;
  isolation: IsolationChoice;
  specDir: string;
  specCommit: string;
  onFinished?: (f: FinishedTrial) => void;
}

/**
 * Run the shard's trials the bundle does not list yet, `jobs` at a time in plan order; each finished trial's files go
 * into the bundle at once (an infra-error trial too: it is recorded, and excluded everywhere downstream).
 */
export async function runShard(o: ShardRun): Promise<void> {
  const todo = o.trials.filter((t) => !o.bundle.has(t.key));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const t = todo[next++]!;
      const scenario = o.scenarios.get(scenarioKey({ revision: t.revision, role: t.role, id: t.scenario }))!;
      const driver = requireDriver(t.revision, t.role);
      const adapter = makeAdapter(adapterArgs(o.manifest, t.agent), driver, scenario);
      const t0 = performance.now();
      const r = await runTrial({
        driver,
        scenario,
        adapter,
        docs: t.docs,
        k: t.k,
        root: o.root,
        specDir: o.specDir,
        specCommit: o.specCommit,
        isolation: o.isolation.isolation,
        docker: o.isolation.docker,
        timeouts: { sessionMs: o.manifest.timeLimitSeconds * 1000 },
        run: o.manifest.id,
        ...(o.manifest.budget ? { budget: o.manifest.budget } : {}),
      });
      o.bundle.add(t.key, r.record.status, allTrialFiles(r.record, r.log, r.transcript, r.snapshot, r.model));
      o.onFinished?.({ trial: t, record: r.record, wallMs: performance.now() - t0, leftovers: r.leftovers.length });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.jobs, todo.length)) }, worker));
}
