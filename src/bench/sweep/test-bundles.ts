// Test-only: a run over the fixture scenario and its bundles, built in memory from fixture trials that re-judge with
// the fixture judges (src/bench/derive/test-fixtures.ts). Never written into a real results/ or bundles/ folder.
import {
  CALIBRATION,
  calibrationSubject,
  FX_REV,
  FX_SCENARIO_ID,
  trialFiles,
  type Behaviour,
} from '../derive/test-fixtures.ts';
import { cmp } from '../problems.ts';
import type { DocsAxis } from '../schema/common.ts';
import { RUN_MANIFEST_FORMAT, type RunManifest } from '../schema/run-manifest.ts';
import { SWEEP_BUNDLE_FORMAT, type BundleTrial, type SweepBundle } from '../schema/sweep-bundle.ts';
import { BUNDLE_INDEX, digestOf, type BundleFolder, type RunRef } from './bundle-files.ts';
import type { MergePlanTrial } from './merge-check.ts';

export const FX_RUN = 'fixture-run';

/** The fixture run: oracle and null (and the one mutant given) on the fixture scenario, docs none, k1–k2. */
export function fxManifest(over: Partial<RunManifest> = {}): RunManifest {
  return {
    format: RUN_MANIFEST_FORMAT,
    id: FX_RUN,
    ranBy: 'tests',
    createdAt: '2026-12-01T00:00:00.000Z',
    harness: { name: 'calibration', version: '1.0.0' },
    agents: ['oracle', 'null'],
    revisions: [FX_REV],
    roles: ['server'],
    scenarios: [FX_SCENARIO_ID],
    docs: ['none'],
    k: 2,
    kFrom: 1,
    timeLimitSeconds: 600,
    isolation: 'none',
    repositoryCommit: '0'.repeat(40),
    deviations: [],
    ...over,
  };
}

/** The manifest file as merge finds it: `runs/<id>.json`, the hash of its bytes. */
export function fxRunRef(m: RunManifest = fxManifest()): RunRef {
  return { id: m.id, path: `runs/${m.id}.json`, sha256: digestOf(JSON.stringify(m, null, 2) + '\n').sha256 };
}

/** `oracle` → `calibration/oracle`, `mutant:no-extra` → `calibration/mutant-no-extra` (as the oracle adapter names them). */
const subjectName = (agent: string) => agent.replace(/^mutant:/, 'mutant-');

/** A planned trial of the fixture scenario, keyed as the sweep keys it. */
export function fxPlanned(agent: string, k: number, docs: DocsAxis = 'none'): MergePlanTrial {
  return {
    key: `${FX_REV}/server/${FX_SCENARIO_ID}/${docs}/${agent}/k${k}`,
    revision: FX_REV,
    role: 'server',
    scenario: FX_SCENARIO_ID,
    docs,
    agent,
    k,
    subject: `calibration/${subjectName(agent)}`,
  };
}

/** The manifest's plan: agents × docs × k, in the manifest's order. */
export const fxPlan = (m: RunManifest = fxManifest()): MergePlanTrial[] =>
  m.agents.flatMap((a) => m.docs.flatMap((d) => Array.from({ length: m.k }, (_, i) => fxPlanned(a, m.kFrom + i, d))));

/** A finished trial as a shard holds it: its bundle entry and its files. */
export interface FxTrial {
  entry: BundleTrial;
  files: [string, string][];
}

/** Run one planned trial "as the sweep would": a fixture record of the run (or of `run`), with its wire log. */
export function fxTrial(
  t: MergePlanTrial,
  o: { run?: string | null; behaviour?: Behaviour; infraReason?: string } = {},
): FxTrial {
  const name = subjectName(t.agent);
  const r = trialFiles({
    subject: calibrationSubject(name),
    behaviour: o.behaviour ?? CALIBRATION[name] ?? {},
    k: t.k,
    docs: t.docs,
    ...(o.run === null ? {} : { run: o.run ?? FX_RUN }),
    ...(o.infraReason !== undefined ? { infraReason: o.infraReason } : {}),
  });
  return { entry: { key: t.key, record: r.recordPath, status: r.record.status }, files: r.files };
}

/** A bundle folder holding `trials`, with an index listing every file's hash (as the sweep writes it). */
export function fxBundle(
  dir: string,
  shard: { index: number; count: number },
  trials: readonly FxTrial[],
  run: RunRef = fxRunRef(),
): BundleFolder & { index: SweepBundle } {
  const files = new Map(trials.flatMap((t) => t.files));
  const index: SweepBundle = {
    format: SWEEP_BUNDLE_FORMAT,
    run: run.id,
    manifestSha256: run.sha256,
    shard,
    updatedAt: '2026-12-01T01:00:00.000Z',
    trials: trials.map((t) => t.entry),
    files: [...files].sort(([a], [b]) => cmp(a, b)).map(([path, text]) => ({ path, ...digestOf(text) })),
  };
  files.set(BUNDLE_INDEX, JSON.stringify(index, null, 2) + '\n');
  return { dir, files, refused: [], index };
}

/** The same folder with its index rewritten from `index` (to plant an inconsistency the hashes do not catch). */
export function withIndex(b: BundleFolder, index: SweepBundle): BundleFolder {
  const files = new Map(b.files);
  files.set(BUNDLE_INDEX, JSON.stringify(index, null, 2) + '\n');
  return { ...b, files };
}
