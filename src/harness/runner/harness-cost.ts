// What each agent harness costs per trial, measured: pi and every installed harness driven by the scripted model
// through the real runner, proxy and sandbox, interleaved round by round so all see the same machine load. Figures:
// sandbox + harness start up to the first model request (the proxy starts just before the sandbox, so its first
// exchange's time is exactly that), the agent session, and the whole trial. For `npm run bench`.
import { PRIMARY_SOURCE } from '../../bench/spec/revisions.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { parseModelTraffic } from '../../bench/model-traffic/parse.ts';
import { specDir } from '../io/paths.ts';
import { driverFor } from '../roles/registry.ts';
import type { SandboxImage } from '../sandbox-image/build.ts';
import { scriptedHarnessAdapter, harnessInstalled } from './adapters/harness.ts';
import { HARNESSES } from './adapters/harnesses/registry.ts';
import { scriptedPiAdapter } from './adapters/pi-scripted.ts';
import type { Adapter } from './adapters/types.ts';
import { runTrial } from './trial.ts';

export interface HarnessCost {
  harness: string;
  /** Per round: ms from the proxy's start (just before the sandbox) to the harness's first model request. */
  firstRequestMs: number[];
  /** Per round: the agent session's wall time. */
  sessionMs: number[];
  /** Per round: the whole trial, sandbox and cleanup included. */
  trialMs: number[];
  /** Rounds that did not complete with score inputs (infra-error or no model request), with why. */
  failures: string[];
}

/** `rounds` scripted trials per harness on one client-role scenario (it ends when the client is done, not on a timer). */
export async function harnessCosts(
  root: string,
  scenario: Scenario,
  rounds: number,
  isolation: { kind: 'docker'; image: SandboxImage } | { kind: 'netns' },
): Promise<HarnessCost[]> {
  const driver = driverFor(scenario.revision, scenario.role)!;
  const subjects: { harness: string; adapter: () => Adapter }[] = [
    { harness: 'pi', adapter: () => scriptedPiAdapter(driver, scenario) },
    ...Object.values(HARNESSES)
      .filter((spec) => harnessInstalled(spec, root))
      .map((spec) => ({ harness: spec.name, adapter: () => scriptedHarnessAdapter(spec, driver, scenario, root) })),
  ];
  const out = subjects.map((s) => ({
    harness: s.harness,
    firstRequestMs: [] as number[],
    sessionMs: [] as number[],
    trialMs: [] as number[],
    failures: [] as string[],
  }));
  for (let i = 0; i < rounds; i++)
    for (const [j, s] of subjects.entries()) {
      const c = out[j]!;
      const r = await runTrial({
        driver,
        scenario,
        adapter: s.adapter(),
        docs: 'none',
        k: 1,
        root,
        specDir: specDir(root),
        specCommit: PRIMARY_SOURCE.commit,
        isolation: isolation.kind,
        ...(isolation.kind === 'docker' ? { docker: { image: isolation.image } } : {}),
        snapshot: false,
        timeouts: { sessionMs: 120_000 },
      });
      const first = r.model ? parseModelTraffic('model.jsonl', r.model).traffic?.exchanges[0] : undefined;
      if (r.record.status !== 'completed' || !first) {
        c.failures.push(r.record.infraReason ?? `${r.record.status}, no model request`);
        continue;
      }
      c.firstRequestMs.push(first.t);
      c.sessionMs.push(r.record.usage.wallTimeMs ?? 0);
      c.trialMs.push(Date.parse(r.record.trial.endedAt) - Date.parse(r.record.trial.startedAt));
    }
  return out;
}
