import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { fixtureCalibrationSubjects, fixtureRegistry, FX_REV, scenarioFile } from '../../bench/derive/test-fixtures.ts';
import { formatProblem } from '../../bench/problems.ts';
import { scenarioHash, scenarioKey } from '../../bench/versions/hash.ts';
import { fixtureScenario } from '../../bench/derive/test-fixtures.ts';
import type { BundleFolder } from '../../bench/sweep/bundle-files.ts';
import { mergeSummary } from '../../bench/sweep/merge-summary.ts';
import { fxBundle, fxManifest, fxPlan, fxTrial, FX_RUN } from '../../bench/sweep/test-bundles.ts';
import { mergeBundles, type MergeOptions, type RunPlanner } from './merge.ts';

// Real folders and real writes in a temporary project (the fixture scenario and its judges, fixture records that
// re-judge); nothing here touches the repository's results/ or bundles/.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const manifest = fxManifest();
const manifestText = JSON.stringify(manifest, null, 2) + '\n';
const plan = fxPlan(manifest);
const trials = plan.map((t) => fxTrial(t));
/** The test's stand-in for the sweep's plan expansion: the fixture run's trials, without subjects (merge adds them). */
const planner: RunPlanner = () => ({ trials: plan.map(({ subject: _s, ...t }) => t), problems: [] });

/** A project with the fixture scenario, its version history and the run's manifest under runs/. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpfs-merge-'));
  dirs.push(root);
  const s = fixtureScenario();
  const put = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  put(scenarioFile().path, scenarioFile().text);
  put(
    'scenarios/versions.json',
    JSON.stringify({
      versions: [
        { version: '1.0.0', date: '2026-11-01', summary: 'fixture', scenarios: { [scenarioKey(s)]: scenarioHash(s) } },
      ],
    }),
  );
  put('package.json', '{"version":"1.0.0"}\n');
  put(`runs/${FX_RUN}.json`, manifestText);
  mkdirSync(join(root, 'results'));
  return root;
}

/** Write a bundle folder's files at `dir` (absolute). */
function writeBundle(dir: string, b: BundleFolder): void {
  for (const [rel, text] of b.files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

const shards = (root: string) => {
  writeBundle(
    join(root, 'bundles', FX_RUN, 'shard-1-of-2'),
    fxBundle('x', { index: 1, count: 2 }, [trials[0]!, trials[2]!]),
  );
  writeBundle(
    join(root, 'bundles', FX_RUN, 'shard-2-of-2'),
    fxBundle('x', { index: 2, count: 2 }, [trials[1]!, trials[3]!]),
  );
};

const run = (root: string, o: Partial<MergeOptions> = {}) =>
  mergeBundles({
    root,
    folders: [],
    planner,
    cwd: root,
    judges: fixtureRegistry(),
    calibrationSubjects: fixtureCalibrationSubjects(),
    ...o,
  });
const resultFiles = (root: string) => fg.sync('results/**', { cwd: root, dot: true }).sort();
const summary = (r: ReturnType<typeof run>, dry = false) =>
  mergeSummary({ bundles: r.bundles, manifest: r.manifest!, check: r.check! }, dry);

describe('mergeBundles', () => {
  it('merges every bundle under bundles/ into results/ byte for byte, then again as a no-op', () => {
    const root = project();
    shards(root);
    const first = run(root);
    expect(first.problems.map(formatProblem)).toEqual([]);
    expect(first.bundles).toEqual([`bundles/${FX_RUN}/shard-1-of-2`, `bundles/${FX_RUN}/shard-2-of-2`]);
    const files = trials.flatMap((t) => t.files).sort(([a], [b]) => (a < b ? -1 : 1));
    expect(first.written).toEqual(files.map(([p]) => p));
    for (const [p, text] of files) expect(readFileSync(join(root, p), 'utf8')).toBe(text);
    expect(resultFiles(root)).toEqual(files.map(([p]) => p));
    expect(summary(first)).toEqual([
      `merge: 2 bundles of runs/${FX_RUN}.json: 4 trials`,
      'merge: added 8 files (4 trials); 0 already present',
      `  ${FX_REV} server: 4 trials`,
      ...files.map(([p]) => `  ${p}`),
    ]);
    const again = run(root);
    expect(again.problems).toEqual([]);
    expect(again.written).toEqual([]);
    expect(summary(again)).toEqual([
      `merge: 2 bundles of runs/${FX_RUN}.json: 4 trials`,
      'merge: added 0 files (0 trials); 8 already present',
    ]);
    expect(resultFiles(root)).toEqual(files.map(([p]) => p));
  });

  it('merges one shard with --allow-missing, listing what is still to come, then the other', () => {
    const root = project();
    shards(root);
    const one = run(root, { folders: [`bundles/${FX_RUN}/shard-1-of-2`] });
    expect(one.problems.map((p) => p.message)).toEqual([
      `trial "${plan[3]!.key}" is planned but in no bundle and not in results/`,
      `trial "${plan[1]!.key}" is planned but in no bundle and not in results/`,
    ]);
    expect(resultFiles(root)).toEqual([]);
    const first = run(root, { folders: [`bundles/${FX_RUN}/shard-1-of-2`], allowMissing: true });
    expect(summary(first).slice(-3)).toEqual([
      'merge: 2 planned trials in no bundle yet (--allow-missing):',
      `  ${plan[1]!.key}`,
      `  ${plan[3]!.key}`,
    ]);
    expect(resultFiles(root)).toHaveLength(4);
    const rest = run(root, { folders: [`bundles/${FX_RUN}/shard-2-of-2`] });
    expect(rest.problems).toEqual([]);
    expect(summary(rest)[1]).toBe('merge: added 4 files (2 trials); 0 already present');
    expect(resultFiles(root)).toHaveLength(8);
  });

  it('writes nothing when one bundle is corrupted, naming the file inside its folder as given', () => {
    const root = project();
    shards(root);
    const wire = join(root, 'bundles', FX_RUN, 'shard-2-of-2', trials[1]!.files[1]![0]);
    writeFileSync(wire, readFileSync(wire, 'utf8').replace('"status":200', '"status":201'));
    const r = run(root, {
      folders: [`bundles/${FX_RUN}/shard-1-of-2`, `bundles/${FX_RUN}/shard-2-of-2/`, `bundles/${FX_RUN}/shard-1-of-2/`],
    });
    expect(r.bundles).toEqual([`bundles/${FX_RUN}/shard-1-of-2`, `bundles/${FX_RUN}/shard-2-of-2`]);
    expect(r.written).toEqual([]);
    expect(formatProblem(r.problems[0]!)).toMatch(
      new RegExp(`^bundles/${FX_RUN}/shard-2-of-2/${trials[1]!.files[1]![0]}: sha256 does not match bundle\\.json`),
    );
    expect(resultFiles(root)).toEqual([]);
  });

  it('refuses a stray file in a bundle folder, hidden ones included', () => {
    const root = project();
    shards(root);
    writeFileSync(join(root, 'bundles', FX_RUN, 'shard-1-of-2', '.DS_Store'), 'x');
    const r = run(root);
    expect(r.problems.map((p) => p.file)).toEqual([`bundles/${FX_RUN}/shard-1-of-2/.DS_Store`]);
    expect(resultFiles(root)).toEqual([]);
  });

  it('finds the manifest in runs/examples/, or takes --manifest; a dry run writes nothing', () => {
    const root = project();
    shards(root);
    mkdirSync(join(root, 'runs', 'examples'));
    renameSync(join(root, 'runs', `${FX_RUN}.json`), join(root, 'runs', 'examples', `${FX_RUN}.json`));
    const dry = run(root, { dryRun: true });
    expect(dry.problems).toEqual([]);
    expect(dry.manifest).toBe(`runs/examples/${FX_RUN}.json`);
    expect(summary(dry, true)[1]).toBe('merge: would add 8 files (4 trials); 0 already present');
    expect(resultFiles(root)).toEqual([]);
    // Bundles and manifest outside the project, named as given.
    const away = mkdtempSync(join(tmpdir(), 'mcpfs-merge-away-'));
    dirs.push(away);
    writeBundle(join(away, 's1'), fxBundle('x', { index: 1, count: 1 }, trials));
    writeFileSync(join(away, 'm.json'), manifestText);
    expect(run(root, { cwd: away, folders: ['s1'], manifest: 'm.json' }).problems.map(formatProblem)).toEqual([
      `m.json: id: "${FX_RUN}" does not match the file name (expected ${FX_RUN}.json)\n  hint: give the manifest file the sweep ran (runs/${FX_RUN}.json)`,
    ]);
    writeFileSync(join(away, `${FX_RUN}.json`), manifestText);
    const r = run(root, { cwd: away, folders: ['s1'], manifest: `${FX_RUN}.json` });
    expect(r.problems).toEqual([]);
    expect(r.manifest).toBe(`${FX_RUN}.json`);
    expect(r.bundles).toEqual(['s1']);
    expect(r.written).toHaveLength(8);
    expect(relative(root, join(root, r.written[0]!))).toMatch(/^results\//);
  });

  it('refuses when the run has no manifest, or the folder is no bundle, writing nothing', () => {
    const root = project();
    shards(root);
    rmSync(join(root, 'runs'), { recursive: true });
    expect(run(root).problems.map(formatProblem)).toEqual([
      `runs/${FX_RUN}.json: missing, and so is runs/examples/${FX_RUN}.json: no manifest for run "${FX_RUN}"\n  hint: commit the manifest the sweep ran, or pass --manifest <file>`,
    ]);
    expect(
      run(root, { folders: ['nowhere'], manifest: 'x.json' }).problems.map((p) => `${p.file}: ${p.message}`),
    ).toEqual(['nowhere: no such folder', 'x.json: cannot read (ENOENT)']);
    expect(existsSync(join(root, 'results', FX_REV))).toBe(false);
  });
});
