import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { CalibrationRow, TrialRow } from '../../bench/derive/dataset.ts';
import { calibrationGate } from '../../bench/derive/gate.ts';
import { schemaGateTrials, trialRow } from '../../bench/derive/derive.ts';
import { recordSchemaReport } from '../../bench/derive/memo-entries.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { schemaGate, type SchemaExemptions } from '../../bench/wire-schema/gate.ts';
import type { SchemaSet } from '../../bench/wire-schema/types.ts';
import { expectedRecordPath, sidecarPath } from '../../bench/derive/records.ts';
import { requestCount } from '../../bench/derive/trial-digest.ts';
import type { Problem } from '../../bench/problems.ts';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { writeTrial } from '../io/trial-files.ts';
import type { RoleDriver } from '../roles/types.ts';
import { nullAdapter, oracleAdapter } from './adapters/basic.ts';
import { scriptedPiAdapter } from './adapters/pi-scripted.ts';
import { scriptedHarnessAdapter } from './adapters/harness.ts';
import { HARNESS_CALIBRATION_SCENARIOS, HARNESSES } from './adapters/harnesses/registry.ts';
import { cheaterAdapter } from './adapters/cheater.ts';
import type { Adapter } from './adapters/types.ts';
import { runTrial, type TrialOptions, type TrialResult } from './trial.ts';

/** One calibration trial to run. */
export interface CalibrationJob {
  scenario: Scenario;
  driver: RoleDriver;
  adapter: Adapter;
  /**
   * `none` for our own subjects (oracle, null, mutants): this repository's code, whose verdicts do not depend on a
   * sandbox, so calibration skips the container's cost for them and the record says so. Absent: the run's isolation
   * (the cheater and pi + scripted model keep it: the sandbox is what they test).
   */
  isolation?: 'none';
  /** Repetition index within its cell (default 1): the libraries run each cell k times to show flaky verdicts. */
  k?: number;
}

export interface CalibrationFilter {
  revision?: Revision;
  role?: Role;
  /** One scenario id (within the revision / role picked); absent = every scenario. */
  scenario?: string;
}

/**
 * For every selected scenario: oracle, null, every mutant the driver lists for that scenario, and pi driven by the
 * scripted model; on each harness calibration scenario, every agent harness driven by it too. Scenarios without a driver are reported as problems (they cannot be calibrated).
 */
export function planCalibration(
  scenarios: readonly Scenario[],
  driverFor: (r: Revision, role: Role) => RoleDriver | undefined,
  f: CalibrationFilter = {},
): { jobs: CalibrationJob[]; problems: Problem[] } {
  const jobs: CalibrationJob[] = [];
  const problems: Problem[] = [];
  const picked = scenarios.filter(
    (s) =>
      (!f.revision || s.revision === f.revision) &&
      (!f.role || s.role === f.role) &&
      (!f.scenario || s.id === f.scenario),
  );
  for (const scenario of [...picked].sort((a, b) =>
    `${a.revision}/${a.role}/${a.id}`.localeCompare(`${b.revision}/${b.role}/${b.id}`),
  )) {
    const driver = driverFor(scenario.revision, scenario.role);
    if (!driver) {
      problems.push({
        file: `scenarios/${scenario.revision}/${scenario.role}/${scenario.id}.json`,
        message: `no role driver for ${scenario.revision} ${scenario.role}`,
        hint: 'register one in src/harness/roles/registry.ts',
      });
      continue;
    }
    const own = [
      oracleAdapter(driver),
      nullAdapter(),
      ...driver.mutants.filter((m) => m.scenarios.includes(scenario.id)).map((m) => oracleAdapter(driver, m.id)),
    ];
    for (const adapter of own) jobs.push({ scenario, driver, adapter, isolation: 'none' });
    for (const adapter of [scriptedPiAdapter(driver, scenario), cheaterAdapter(scenario.role)])
      jobs.push({ scenario, driver, adapter });
    const key = `${scenario.revision}/${scenario.role}/${scenario.id}`;
    if ((HARNESS_CALIBRATION_SCENARIOS as readonly string[]).includes(key))
      for (const spec of Object.values(HARNESSES))
        jobs.push({ scenario, driver, adapter: scriptedHarnessAdapter(spec, driver, scenario) });
  }
  return { jobs, problems };
}

export interface Ran {
  job: CalibrationJob;
  result: TrialResult;
}

/**
 * The order to start jobs of these expected durations in: the longest and the shortest alternately (ties in plan
 * order). The longest start early, so the run does not end waiting on one long trial that started last; the long ones
 * mostly wait on the peer's clock, so each is paired with a short one, which is mostly CPU: started longest-first
 * alone, the first quarter of a run left half of a 2-core machine idle.
 */
export function startOrder(ms: readonly number[]): number[] {
  const byLength = ms.map((_, i) => i).sort((a, b) => ms[b]! - ms[a]! || a - b);
  const out: number[] = [];
  for (let lo = 0, hi = byLength.length - 1; lo <= hi; lo++, hi--) {
    out.push(byLength[lo]!);
    if (hi > lo) out.push(byLength[hi]!);
  }
  return out;
}

/**
 * Run the jobs through the trial runner (docs none, the job's k, default 1), `concurrency` at a time; results in plan order. `expectedMs`
 * (e.g. the committed record's duration) sets the start order (`startOrder`); without it, jobs start in plan order.
 */
export async function runCalibration(
  jobs: readonly CalibrationJob[],
  base: Omit<TrialOptions, 'driver' | 'scenario' | 'adapter' | 'docs' | 'k'>,
  concurrency = 1,
  onDone?: (r: Ran, i: number) => void,
  expectedMs?: (job: CalibrationJob) => number,
): Promise<Ran[]> {
  const out: Ran[] = new Array(jobs.length);
  const order = expectedMs ? startOrder(jobs.map(expectedMs)) : jobs.map((_, i) => i);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < order.length) {
      const i = order[next++]!;
      const job = jobs[i]!;
      const result = await runTrial({
        ...base,
        driver: job.driver,
        scenario: job.scenario,
        adapter: job.adapter,
        isolation: job.isolation ?? base.isolation,
        docs: 'none',
        k: job.k ?? 1,
      });
      out[i] = { job, result };
      onDone?.(out[i]!, done++);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return out;
}

function toRow(r: TrialRecord, log: WireLog, schemas: SchemaSet | undefined): TrialRow {
  const path = expectedRecordPath(r);
  return trialRow(
    {
      path,
      record: r,
      wirePath: sidecarPath(path, r.sidecars.wire),
      transcriptPath: r.sidecars.transcript && sidecarPath(path, r.sidecars.transcript),
      requests: requestCount(log),
    },
    recordSchemaReport({ record: r, log }, schemas),
  );
}

/** What the schema gate needs beside fresh results: the pinned schemas and the declared exemptions. */
export interface SchemaGateInput {
  schemas: SchemaSet;
  exemptions: SchemaExemptions;
}

/**
 * The calibration gate on fresh results (the same gate derive applies), the schema gate when `schema` is given (as
 * derive applies it), plus: no infra-error, no process left over, and pi + scripted model scoring what the oracle
 * scores (it runs the oracle through pi's tools).
 */
export function checkCalibration(
  scenarios: readonly Scenario[],
  ran: readonly Ran[],
  schema?: SchemaGateInput,
): { rows: CalibrationRow[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const keys = new Set(ran.map((r) => `${r.job.scenario.revision}/${r.job.scenario.role}/${r.job.scenario.id}`));
  const selected = scenarios.filter((s) => keys.has(`${s.revision}/${s.role}/${s.id}`));
  const rows = ran.map((r) => toRow(r.result.record, r.result.log, schema?.schemas));
  const gate = calibrationGate(selected, rows);
  problems.push(...gate.problems);
  if (schema) problems.push(...schemaGate(schemaGateTrials(rows), schema.exemptions));
  for (const {
    result: { record: r, leftovers },
  } of ran) {
    const file = expectedRecordPath(r);
    if (r.status === 'infra-error') problems.push({ file, field: 'status', message: `infra-error: ${r.infraReason}` });
    if (leftovers.length)
      problems.push({ file, message: `${leftovers.length} process(es) survived the trial's cleanup` });
    if (r.subject.id.endsWith('+scripted-model') && r.status === 'completed') {
      const s = scoreTrial(r.verdicts);
      if (s.score !== 1)
        problems.push({
          file,
          field: 'verdicts',
          message: `${r.subject.id.slice('calibration/'.length)} scored ${s.score}; it runs the oracle and must score 1 (failed: ${s.mustFailed.join(', ')})`,
        });
    }
  }
  return { rows: gate.rows, problems };
}

/** Where a scenario's calibration records live. */
const calibrationDir = (s: Scenario) => `results/${s.revision}/${s.role}/${s.id}/none/calibration`;

/** Replace the calibration records of the calibrated scenarios with the fresh ones. Returns the written paths. */
export function writeCalibration(root: string, ran: readonly Ran[]): string[] {
  const scenarios = new Map(ran.map((r) => [calibrationDir(r.job.scenario), r.job.scenario]));
  for (const dir of scenarios.keys()) rmSync(join(root, dir), { recursive: true, force: true });
  return ran.map((r) =>
    writeTrial(root, r.result.record, r.result.log, r.result.transcript, r.result.snapshot, r.result.model),
  );
}

/** How long the committed record of this job's trial took (0 when there is none): the start order's weight. */
export function committedMs(root: string, job: CalibrationJob): number {
  const path = join(
    root,
    calibrationDir(job.scenario),
    job.adapter.subject.id.replace(/^calibration\//, ''),
    'k1.json',
  );
  try {
    const r = JSON.parse(readFileSync(path, 'utf8')) as TrialRecord;
    return Math.max(0, Date.parse(r.trial.endedAt) - Date.parse(r.trial.startedAt)) || 0;
  } catch {
    return 0;
  }
}

/** What `--check` compares: status, and each checkpoint's verdict in order (ids, timings, messages aside). */
export function verdictKey(r: Pick<TrialRecord, 'status' | 'verdicts'>): string {
  return [r.status, ...r.verdicts.map((v) => `${v.checkpoint}=${v.verdict}`)].join(' ');
}

/**
 * Differences between fresh results and the committed records (missing, extra, changed), path-first. `dirOf` names
 * the folder (glob) whose committed records the run replaces: calibration by default; `npm run libraries -- --check`
 * passes the library subject's folders. `who` names the producer in the "no longer produces it" line.
 */
export function compareWithCommitted(
  root: string,
  ran: readonly Ran[],
  dirOf: (r: Ran) => string = (r) => calibrationDir(r.job.scenario),
  who = 'calibration',
): string[] {
  const diffs: string[] = [];
  const fresh = new Set<string>();
  for (const { result } of ran) {
    const path = expectedRecordPath(result.record);
    fresh.add(path);
    if (!existsSync(join(root, path))) {
      diffs.push(`${path}: not committed (fresh: ${verdictKey(result.record)})`);
      continue;
    }
    const old = JSON.parse(readFileSync(join(root, path), 'utf8')) as TrialRecord;
    if (verdictKey(old) !== verdictKey(result.record))
      diffs.push(`${path}: committed ${verdictKey(old)}\n  fresh:     ${verdictKey(result.record)}`);
  }
  const dirs = [...new Set(ran.map(dirOf))];
  for (const p of fg
    .sync(
      dirs.map((d) => `${d}/**/k*.json`),
      { cwd: root },
    )
    .sort()) {
    if (!fresh.has(p)) diffs.push(`${p}: committed, but ${who} no longer produces it`);
  }
  return diffs;
}
