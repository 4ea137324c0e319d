// A shard's bundle folder: its trials' files at their `results/…` paths and `bundle.json`, the index of what is
// finished. The index is rewritten atomically after each trial, only once that trial's files are all in place, so at
// any moment (a kill included) it lists exactly the finished trials; anything else in the folder is debris of a write
// that was cut short, removed when the shard resumes.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parseWith } from '../../bench/derive/parse.ts';
import { cmp, formatProblem } from '../../bench/problems.ts';
import {
  SWEEP_BUNDLE_FORMAT,
  SweepBundleSchema,
  type BundleFile,
  type BundleTrial,
  type Shard,
  type SweepBundle,
} from '../../bench/schema/sweep-bundle.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import { RunnerInputError } from '../errors.ts';
import { writeFilesAtomic } from '../io/write.ts';
import { BUNDLE_INDEX } from '../../bench/sweep/bundle-files.ts';

export { BUNDLE_INDEX };

/** What a bundle belongs to: a run, the exact manifest bytes it was planned from, and a shard. */
export interface BundleIdentity {
  run: string;
  manifestSha256: string;
  shard: Shard;
}

/** `bundles/<run>/shard-<i>-of-<n>` under the project. */
export const defaultBundleDir = (root: string, run: string, shard: Shard): string =>
  join(root, 'bundles', run, `shard-${shard.index}-of-${shard.count}`);

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
const isTemp = (rel: string) => rel.startsWith(`${BUNDLE_INDEX}.tmp-`);

/** The files of a trial: its record `…/k<k>.json` and every sidecar `…/k<k>.<name>` beside it. */
const belongs = (path: string, record: string) => path.startsWith(`${record.replace(/\.json$/, '')}.`);

/** Every file (not folder) under `dir`, as `/`-separated relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => !d.isDirectory())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort(cmp);
}

/** Folders under `dir/results` left empty, deepest first, removed. */
function removeEmptyFolders(dir: string): void {
  const results = join(dir, 'results');
  if (!existsSync(results)) return;
  const folders = readdirSync(results, { recursive: true, withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(d.parentPath, d.name))
    .sort((a, b) => b.length - a.length);
  for (const f of [...folders, results]) if (readdirSync(f).length === 0) rmdirSync(f);
}

/** A bundle open for writing by one shard process. */
export class OpenBundle {
  /** Absolute folder. */
  readonly dir: string;
  private readonly id: BundleIdentity;
  /** This shard's planned keys → plan index (the index lists trials in plan order). */
  private readonly order: ReadonlyMap<string, number>;
  private readonly trials: BundleTrial[];
  private readonly files: Map<string, BundleFile>;
  constructor(
    dir: string,
    id: BundleIdentity,
    order: ReadonlyMap<string, number>,
    index: Pick<SweepBundle, 'trials' | 'files'>,
  ) {
    this.dir = dir;
    this.id = id;
    this.order = order;
    this.trials = [...index.trials];
    this.files = new Map(index.files.map((f) => [f.path, f]));
  }

  /** Trials already finished, in plan order. */
  finished(): readonly BundleTrial[] {
    return this.trials;
  }

  /** The finished trials' records (their files were checked against the index when the bundle was opened). */
  finishedRecords(): TrialRecord[] {
    return this.trials.map((t) => JSON.parse(readFileSync(join(this.dir, t.record), 'utf8')) as TrialRecord);
  }

  has(key: string): boolean {
    return this.trials.some((t) => t.key === key);
  }

  /** Write a finished trial's files (project-relative paths, record first) all-or-nothing, then the index. */
  add(key: string, status: BundleTrial['status'], files: readonly { path: string; content: string }[]): void {
    writeFilesAtomic(files.map((f) => ({ path: join(this.dir, f.path), content: f.content })));
    for (const f of files)
      this.files.set(f.path, { path: f.path, sha256: sha256(f.content), bytes: Buffer.byteLength(f.content) });
    this.trials.push({ key, record: files[0]!.path, status });
    this.save();
  }

  /** Rewrite `bundle.json` atomically (validated first: a bundle this harness writes is always one merge accepts). */
  save(): void {
    const rank = (key: string) => this.order.get(key) ?? Number.MAX_SAFE_INTEGER;
    const index: SweepBundle = SweepBundleSchema.parse({
      format: SWEEP_BUNDLE_FORMAT,
      run: this.id.run,
      manifestSha256: this.id.manifestSha256,
      shard: this.id.shard,
      updatedAt: new Date().toISOString(),
      trials: [...this.trials].sort((a, b) => rank(a.key) - rank(b.key)),
      files: [...this.files.values()].sort((a, b) => cmp(a.path, b.path)),
    });
    writeFilesAtomic([{ path: join(this.dir, BUNDLE_INDEX), content: JSON.stringify(index, null, 2) + '\n' }]);
  }
}

/** A listed file that is still there as listed: a regular file of that size and hash. */
function intact(dir: string, f: BundleFile): boolean {
  const st = lstatSync(join(dir, f.path), { throwIfNoEntry: false });
  return st !== undefined && st.isFile() && st.size === f.bytes && sha256(readFileSync(join(dir, f.path))) === f.sha256;
}

/**
 * Open (or create) a shard's bundle folder. A new or empty folder gets an empty index at once (the folder is a bundle
 * from then on). An existing bundle is resumed: refused (path-first, nothing touched) when its index is invalid,
 * belongs to another run, manifest or shard, lists a trial this shard does not plan, or when the folder holds anything
 * a bundle never contains; otherwise a listed trial whose files are missing or changed is dropped (it runs again), and
 * every file the index does not list is removed (what a killed write left). `label` names the folder in messages.
 */
export function openBundle(
  dir: string,
  label: string,
  id: BundleIdentity,
  order: ReadonlyMap<string, number>,
  log: (line: string) => void,
): OpenBundle {
  const indexFile = `${label}/${BUNDLE_INDEX}`;
  const hint = 'give another --out, or delete the folder to start this shard afresh';
  const present = existsSync(dir) ? filesUnder(dir) : [];
  if (!present.includes(BUNDLE_INDEX)) {
    const foreign = present.filter((p) => !isTemp(p));
    if (foreign.length)
      throw new RunnerInputError(
        `${label}: not a bundle folder: it holds ${foreign[0]}${foreign.length > 1 ? ` and ${foreign.length - 1} more` : ''} but no ${BUNDLE_INDEX}`,
        'give an empty or new --out folder',
      );
    for (const p of present) rmSync(join(dir, p));
    mkdirSync(dir, { recursive: true });
    const b = new OpenBundle(dir, id, order, { trials: [], files: [] });
    b.save();
    return b;
  }
  const { value: index, problems } = parseWith(
    indexFile,
    readFileSync(join(dir, BUNDLE_INDEX), 'utf8'),
    SweepBundleSchema,
  );
  if (!index) throw new RunnerInputError(problems.map(formatProblem).join('\n'), hint);
  const refuse = (field: string, message: string) => {
    throw new RunnerInputError(`${indexFile}: ${field}: ${message}`, hint);
  };
  if (index.run !== id.run) refuse('run', `"${index.run}": the bundle of another run (this is "${id.run}")`);
  if (index.manifestSha256 !== id.manifestSha256)
    refuse(
      'manifestSha256',
      `made from other manifest bytes (${index.manifestSha256.slice(0, 12)}…; the manifest now is ${id.manifestSha256.slice(0, 12)}…): its trials may not be this manifest's`,
    );
  if (index.shard.index !== id.shard.index || index.shard.count !== id.shard.count)
    refuse('shard', `${index.shard.index}/${index.shard.count}, but this is shard ${id.shard.index}/${id.shard.count}`);
  index.trials.forEach((t, i) => {
    if (!order.has(t.key)) refuse(`trials[${i}].key`, `"${t.key}" is not a trial of this shard's plan`);
    const first = index.trials.findIndex((x) => x.key === t.key);
    if (first < i) refuse(`trials[${i}].key`, `"${t.key}" is listed twice (also trials[${first}])`);
  });
  const foreign = present.filter((p) => p !== BUNDLE_INDEX && !isTemp(p) && !p.startsWith('results/'));
  if (foreign.length) throw new RunnerInputError(`${label}/${foreign[0]}: not part of a bundle`, 'move it elsewhere');

  const kept: BundleTrial[] = [];
  const keptFiles: BundleFile[] = [];
  for (const t of index.trials) {
    const own = index.files.filter((f) => belongs(f.path, t.record));
    if (own.some((f) => f.path === t.record) && own.every((f) => intact(dir, f))) {
      kept.push(t);
      keptFiles.push(...own);
    } else log(`${t.key}: its files in the bundle are missing or changed; it runs again`);
  }
  const keep = new Set([BUNDLE_INDEX, ...keptFiles.map((f) => f.path)]);
  const stray = present.filter((p) => !keep.has(p));
  for (const p of stray) rmSync(join(dir, p));
  if (stray.length) log(`removed ${stray.length} file(s) no finished trial owns (left by an interrupted write)`);
  removeEmptyFolders(dir);
  const b = new OpenBundle(dir, id, order, { trials: kept, files: keptFiles });
  if (kept.length !== index.trials.length || keptFiles.length !== index.files.length) b.save();
  return b;
}
