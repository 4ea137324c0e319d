// `npm run merge`: read a run's bundle folders, its manifest and the project's results, validate everything
// (src/bench/sweep/merge-check.ts), then add the new files to results/ all-or-nothing. Nothing is written when
// anything is wrong, or with --dry-run.
import { lstatSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import fg from 'fast-glob';
import type { CalibrationSubjects } from '../../bench/derive/integrity.ts';
import { parseWith } from '../../bench/derive/parse.ts';
import { checkScenarios } from '../../bench/derive/scenarios.ts';
import { RESULTS_TOTAL_LIMIT } from '../../bench/derive/limits.ts';
import { JUDGES } from '../../bench/judge/registry.ts';
import type { JudgeRegistry } from '../../bench/judge/types.ts';
import { cmp, type Problem } from '../../bench/problems.ts';
import { RunManifestSchema, type RunManifest } from '../../bench/schema/run-manifest.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { BUNDLE_INDEX, digestOf, type BundleFolder, type RunRef } from '../../bench/sweep/bundle-files.ts';
import { checkMerge, type MergeOutput, type MergePlanTrial } from '../../bench/sweep/merge-check.ts';
import { RunnerInputError } from '../errors.ts';
import { loadPackageVersion, loadResultFiles, loadScenarioSources, loadVersionsFile } from '../io/load.ts';
import { readProjectFile, readTree } from '../io/safe-read.ts';
import { writeNewFilesAtomic } from '../io/write.ts';
import { requireDriver } from '../roles/registry.ts';
import { makeAdapter } from '../runner/adapters/from-flags.ts';
import { calibrationSubjects } from '../runner/calibration-subjects.ts';

/** A trial of the run's plan as the sweep's plan expansion gives it (everything merge needs but the subject id). */
export type PlanTrialRef = Omit<MergePlanTrial, 'subject'>;

/** The run's whole plan from its manifest and the tree's valid scenarios; problems (path-first) mean no plan. */
export type RunPlanner = (input: {
  root: string;
  manifest: RunManifest;
  /** The manifest's project-relative path (problems name it). */
  file: string;
  scenarios: readonly Scenario[];
}) => { trials?: readonly PlanTrialRef[]; problems: Problem[] };

export interface MergeOptions {
  /** The project (its results/, scenarios/ and runs/). */
  root: string;
  /** Bundle folders as given on the command line (relative to `cwd`); none = every `bundles/**\/bundle.json`. */
  folders: readonly string[];
  /** The manifest file (relative to `cwd`); default: `runs/<run id>.json`, then `runs/examples/<run id>.json`. */
  manifest?: string;
  allowMissing?: boolean;
  /** Validate and report, write nothing. */
  dryRun?: boolean;
  planner: RunPlanner;
  /** Where relative folders are resolved from (default: the process's working directory). */
  cwd?: string;
  /** Default: the real judges and calibration subjects (tests of a fixture scenario pass the fixture's). */
  judges?: JudgeRegistry;
  calibrationSubjects?: CalibrationSubjects;
}

export interface MergeReport {
  /** Every problem; none = merged (or would be, with --dry-run). */
  problems: Problem[];
  /** The bundle folders read, as messages name them. */
  bundles: string[];
  /** The manifest merged against, when found. */
  manifest?: string;
  /** The validation's outcome, when it ran. */
  check?: MergeOutput;
  /** Files written into the project (project-relative); empty on a dry run or any problem. */
  written: string[];
}

/** How messages name a path: project-relative inside the project, else relative to cwd as given. */
function display(root: string, cwd: string, p: string): string {
  const abs = resolve(cwd, p);
  const rel = relative(root, abs);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return (inside ? rel : p).split(sep).join('/').replace(/\/+$/, '');
}

/** A bundle folder through the safe reader (no links, no FIFOs, nothing hidden, size limits, UTF-8 only). */
function readBundle(abs: string, dir: string): BundleFolder | Problem {
  let st;
  try {
    st = lstatSync(abs);
  } catch {
    return { file: dir, message: 'no such folder', hint: 'give a bundle folder (one that holds bundle.json)' };
  }
  if (st.isSymbolicLink())
    return { file: dir, message: 'a symbolic link: merge reads no links', hint: 'give the folder itself' };
  if (!st.isDirectory()) return { file: dir, message: 'not a folder', hint: 'give the folder that holds bundle.json' };
  const top = basename(abs);
  const t = readTree(dirname(abs), top, { select: () => true, total: RESULTS_TOTAL_LIMIT });
  const rel = (p: string) => (p.startsWith(`${top}/`) ? p.slice(top.length + 1) : p);
  return {
    dir,
    files: new Map([...t.files].map(([p, text]) => [rel(p), text])),
    refused: t.refused.map((p) => ({ ...p, file: rel(p.file) })),
  };
}

/** The run id a bundle's index names, when it can be read at all (the full check comes later). */
function runOf(b: BundleFolder): string | undefined {
  try {
    const run = (JSON.parse(b.files.get(BUNDLE_INDEX) ?? '') as { run?: unknown }).run;
    return typeof run === 'string' ? run : undefined;
  } catch {
    return undefined;
  }
}

/** The manifest: the given file, or the run's `runs/<id>.json`, then `runs/examples/<id>.json`. */
function findManifest(
  o: MergeOptions,
  cwd: string,
  bundles: readonly BundleFolder[],
): { run?: RunRef; manifest?: RunManifest; problems: Problem[] } {
  let path: string;
  let text: string;
  if (o.manifest !== undefined) {
    path = display(o.root, cwd, o.manifest);
    try {
      text = readFileSync(resolve(cwd, o.manifest), 'utf8');
    } catch (e) {
      return { problems: [{ file: path, message: `cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})` }] };
    }
  } else {
    const ids = new Map<string, string>();
    for (const b of bundles) {
      const id = runOf(b);
      if (id !== undefined && !ids.has(id)) ids.set(id, b.dir);
    }
    if (ids.size !== 1)
      return {
        problems: [
          ids.size === 0
            ? {
                file: bundles[0] ? `${bundles[0].dir}/${BUNDLE_INDEX}` : '--manifest',
                message: 'no run id to find the manifest by',
                hint: 'pass --manifest <file>, or give bundle folders whose bundle.json names their run',
              }
            : {
                file: [...ids.values()][1]!,
                message: `bundles of more than one run: ${[...ids].map(([id, dir]) => `"${id}" (${dir})`).join(', ')}`,
                hint: 'merge one run at a time: pass its bundle folders only',
              },
        ],
      };
    const id = [...ids.keys()][0]!;
    const tries = [`runs/${id}.json`, `runs/examples/${id}.json`];
    const found = tries.map((p) => ({ p, r: readProjectFile(o.root, p) })).find((x) => x.r !== undefined);
    if (!found)
      return {
        problems: [
          {
            file: tries[0]!,
            message: `missing, and so is ${tries[1]}: no manifest for run "${id}"`,
            hint: 'commit the manifest the sweep ran, or pass --manifest <file>',
          },
        ],
      };
    if ('problem' in found.r!) return { problems: [found.r.problem] };
    path = found.p;
    text = found.r!.text;
  }
  const { value: manifest, problems } = parseWith(path, text, RunManifestSchema);
  if (!manifest) return { problems };
  // As `npm run sweep` reads it: the id is how records and bundles name the run, the file name how people find it.
  const stem = basename(path).replace(/\.json$/, '');
  if (manifest.id !== stem)
    return {
      problems: [
        {
          file: path,
          field: 'id',
          message: `"${manifest.id}" does not match the file name (expected ${manifest.id}.json)`,
          hint: `give the manifest file the sweep ran (runs/${manifest.id}.json)`,
        },
      ],
    };
  return { manifest, run: { id: manifest.id, path, sha256: digestOf(text).sha256 }, problems: [] };
}

/** Each plan trial with the subject id its agent records under (the adapter `npm run trial -- --agent` would use). */
function withSubjects(
  trials: readonly PlanTrialRef[],
  m: RunManifest,
  file: string,
  scenarios: ReadonlyMap<string, Scenario>,
): { plan: MergePlanTrial[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const plan: MergePlanTrial[] = [];
  const model = m.provider !== undefined && m.model !== undefined ? `${m.provider}/${m.model}` : undefined;
  for (const t of trials) {
    const scenario = scenarios.get(`${t.revision}/${t.role}/${t.scenario}`);
    if (!scenario) {
      problems.push({ file, message: `trial "${t.key}": no scenario ${t.revision} ${t.role} "${t.scenario}"` });
      continue;
    }
    try {
      const a = makeAdapter(
        { agent: t.agent, model, thinking: m.thinking },
        requireDriver(t.revision, t.role),
        scenario,
      );
      plan.push({ ...t, subject: a.subject.id });
    } catch (e) {
      if (!(e instanceof RunnerInputError)) throw e;
      problems.push({ file, field: 'agents', message: `"${t.agent}": ${e.message}`, hint: e.hint });
    }
  }
  return { plan, problems };
}

/** Validate the bundles against the run and the project; write the new files unless anything is wrong or `dryRun`. */
export function mergeBundles(o: MergeOptions): MergeReport {
  const cwd = o.cwd ?? process.cwd();
  const given = o.folders.length
    ? // A folder named twice (a shell glob and a path) is one bundle, not a bundle with every trial twice.
      [
        ...new Map(
          o.folders.map((f) => [resolve(cwd, f), { abs: resolve(cwd, f), dir: display(o.root, cwd, f) }]),
        ).values(),
      ]
    : fg
        .sync('bundles/**/bundle.json', { cwd: o.root, followSymbolicLinks: false, onlyFiles: true })
        .sort(cmp)
        .map((p) => ({ abs: resolve(o.root, dirname(p)), dir: dirname(p) }));
  if (given.length === 0)
    throw new RunnerInputError(
      'no bundle folders given, and no bundles/**/bundle.json in the project',
      'npm run merge -- <bundle folder…> (the folders `npm run sweep -- --out` wrote)',
    );
  const problems: Problem[] = [];
  const bundles: BundleFolder[] = [];
  for (const g of given) {
    const b = readBundle(g.abs, g.dir);
    if ('files' in b) bundles.push(b);
    else problems.push(b);
  }
  const dirs = given.map((g) => g.dir);
  const found = findManifest(o, cwd, bundles);
  problems.push(...found.problems);
  if (!found.run || !found.manifest) return { problems, bundles: dirs, written: [] };
  const refused: Problem[] = [];
  const sources = loadScenarioSources(o.root, refused).scenarios;
  const { scenarios } = checkScenarios(sources);
  const planned = o.planner({
    root: o.root,
    manifest: found.manifest,
    file: found.run.path,
    scenarios: [...scenarios.values()],
  });
  problems.push(...planned.problems);
  const { plan, problems: sp } = withSubjects(planned.trials ?? [], found.manifest, found.run.path, scenarios);
  problems.push(...sp);
  if (problems.length || !planned.trials) return { problems, bundles: dirs, manifest: found.run.path, written: [] };
  const check = checkMerge({
    bundles,
    run: found.run,
    plan,
    results: loadResultFiles(o.root, refused),
    refused,
    scenarios: sources,
    versions: loadVersionsFile(o.root, refused),
    packageVersion: loadPackageVersion(o.root, refused),
    judges: o.judges ?? JUDGES,
    calibrationSubjects: o.calibrationSubjects ?? calibrationSubjects(),
    allowMissing: o.allowMissing,
  });
  const report = { problems: check.problems, bundles: dirs, manifest: found.run.path, check, written: [] };
  if (check.problems.length || o.dryRun || check.add.length === 0) return report;
  writeNewFilesAtomic(check.add.map((f) => ({ path: resolve(o.root, f.path), content: f.content })));
  return { ...report, written: check.add.map((f) => f.path) };
}
