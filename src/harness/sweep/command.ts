// `npm run sweep`: a run manifest → its plan → this shard's trials into a resumable bundle (or, with --dry-run, the
// plan as JSON for an engine to fan out over). Input errors are thrown path-first before anything is written.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { formatProblem } from '../../bench/problems.ts';
import type { Shard } from '../../bench/schema/sweep-bundle.ts';
import { planSweep, shardMatrix, type SweepPlan } from '../../bench/sweep/plan.ts';
import { parseCli } from '../cli-args.ts';
import { RunnerInputError } from '../errors.ts';
import { projectRoot } from '../io/paths.ts';
import { displayName, loadRunManifest, type LoadedManifest } from '../io/run-manifest.ts';
import { pinnedSpec } from '../io/spec.ts';
import { chooseIsolation, type IsolationChoice } from '../runner/isolation.ts';
import { defaultBundleDir, openBundle } from './bundle.ts';
import { sweepInputs, type SweepInputs } from './plan-inputs.ts';
import { progressView, type ProgressSink } from './progress-view.ts';
import { checkHarness, runShard } from './run.ts';

export const SWEEP_USAGE =
  'npm run sweep -- --manifest runs/<id>.json [--jobs n] [--shard i/n] [--out dir]  |  --manifest … --dry-run [--shards n]';

/** Where the command writes: the JSON plan and the summary (stdout), progress and notices (stderr). */
export interface SweepIo {
  out: (line: string) => void;
  err: ProgressSink;
}

const positive = (flag: string, v: string): number => {
  const n = Number(v);
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1)
    throw new RunnerInputError(`${flag} "${v}": must be a positive integer`);
  return n;
};

/** `--shard i/n` (1 ≤ i ≤ n). */
export function parseShard(v: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index < 1 || index > count)
    throw new RunnerInputError(`--shard "${v}": must be i/n with 1 ≤ i ≤ n`, 'e.g. --shard 2/3 (the second of three)');
  return { index, count };
}

function plan(loaded: LoadedManifest, inputs: SweepInputs, shards: number): SweepPlan {
  const r = planSweep(loaded.manifest, loaded.file, inputs.universe, shards);
  if (!r.plan) throw new RunnerInputError(r.problems.map(formatProblem).join('\n'));
  return r.plan;
}

/** The manifest's isolation, or an input error naming the manifest's field (no engine, no image). */
function isolationOf(root: string, loaded: LoadedManifest, log: (l: string) => void): IsolationChoice {
  try {
    return chooseIsolation(root, loaded.manifest.isolation, log);
  } catch (e) {
    if (!(e instanceof RunnerInputError)) throw e;
    throw new RunnerInputError(`${loaded.file}: isolation: ${e.message}`, e.hint);
  }
}

/** The plan as an engine consumes it: every trial with its key and shard, the skips, and the shard matrix. */
export function dryRunJson(loaded: LoadedManifest, p: SweepPlan): string {
  return JSON.stringify(
    {
      run: p.run,
      manifest: loaded.file,
      manifestSha256: loaded.sha256,
      shards: p.shards,
      trials: p.trials,
      skips: p.skips,
      matrix: shardMatrix(p.shards),
    },
    null,
    2,
  );
}

/** Run the command; the exit code: 0, or 1 when the bundle lists an infra-error trial. */
export async function sweepCommand(argv: string[], io: SweepIo): Promise<number> {
  const a = parseCli(
    argv,
    {
      manifest: { type: 'string' },
      jobs: { type: 'string' },
      shard: { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
      shards: { type: 'string' },
    },
    SWEEP_USAGE,
  );
  if (a.manifest === undefined) throw new RunnerInputError('--manifest: required', SWEEP_USAGE);
  const root = projectRoot();
  const loaded = loadRunManifest(root, a.manifest);
  const m = loaded.manifest;
  checkHarness(root, m, loaded.file);
  const inputs = sweepInputs(root);
  if (a['dry-run']) {
    for (const f of ['shard', 'jobs', 'out'] as const)
      if (a[f] !== undefined)
        throw new RunnerInputError(`--${f}: not with --dry-run`, 'a dry run plans every shard: --shards n');
    io.out(dryRunJson(loaded, plan(loaded, inputs, positive('--shards', a.shards ?? '1'))));
    return 0;
  }
  if (a.shards !== undefined) throw new RunnerInputError('--shards: only with --dry-run', 'run one shard: --shard i/n');
  const shard = parseShard(a.shard ?? '1/1');
  const jobs = positive('--jobs', a.jobs ?? '1');
  const p = plan(loaded, inputs, shard.count);
  const mine = p.trials.filter((t) => t.shard === shard.index);
  const dir = a.out !== undefined ? resolve(a.out) : defaultBundleDir(root, m.id, shard);
  const label = displayName(root, dir);
  const note = (l: string) => io.err.write(`sweep: ${l}\n`);
  const bundle = openBundle(
    dir,
    label,
    { run: m.id, manifestSha256: loaded.sha256, shard },
    new Map(mine.map((t) => [t.key, t.index])),
    note,
  );
  // The manifest names the commit it was written for; running another is allowed (a top-up, an example run on a
  // later tree) but said, since scenarios and judges may have changed in between (records carry their own version).
  const head = spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  if (head && head !== m.repositoryCommit)
    note(
      `${loaded.file}: repositoryCommit ${m.repositoryCommit.slice(0, 12)}, but this tree is at ${head.slice(0, 12)}`,
    );
  const resumed = bundle.finished().length;
  const todo = mine.length - resumed;
  note(
    `run ${m.id}, shard ${shard.index}/${shard.count}: ${mine.length} of ${p.trials.length} trials` +
      `${resumed ? `, ${resumed} already in the bundle` : ''}${p.skips.length ? `; ${p.skips.length} skipped (see --dry-run)` : ''}; bundle ${label}`,
  );
  if (todo > 0) {
    const { spec, specCommit } = pinnedSpec(root, { text: m.docs.includes('full') });
    const isolation = isolationOf(root, loaded, note);
    note(`${todo} to run, ${Math.min(jobs, todo)} at a time, isolation ${isolation.isolation}`);
    const view = progressView(io.err, mine.length, bundle.finishedRecords());
    try {
      await runShard({
        root,
        manifest: m,
        trials: mine,
        scenarios: inputs.scenarios,
        bundle,
        jobs,
        isolation,
        specDir: spec,
        specCommit,
        onFinished: (f) => view.finished(f),
      });
    } finally {
      view.end();
    }
  }
  const trials = bundle.finished();
  const infra = trials.filter((t) => t.status === 'infra-error');
  io.out(
    `sweep: shard ${shard.index}/${shard.count} of run ${m.id}: ${trials.length}/${mine.length} trials in ${label}` +
      `${infra.length ? `; ${infra.length} infra-error: ${infra.map((t) => t.key).join(', ')}` : ''}`,
  );
  return infra.length ? 1 : 0;
}
