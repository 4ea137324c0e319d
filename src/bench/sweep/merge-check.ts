// `npm run merge`: every bundle of a run validated against the run's plan and the published results before one file
// is written. Each bundle's own index and bytes (bundle-files.ts); its trials against the plan (no foreign trial, none
// twice across bundles, records where the plan puts them, `trial.run` the manifest's id); its records and sidecars as
// `npm run check` validates a pull request's (schema, layout, sidecars, integrity, re-judging, scenario version, copies
// of other trials: checkChanges, reused as is); files already in results/ byte for byte are a no-op, with other bytes a
// refusal; and every planned trial in some bundle or already merged. Pure: harness/sweep reads and writes.
import type { CalibrationSubjects } from '../derive/integrity.ts';
import { expectedRecordPath } from '../derive/records.ts';
import type { SourceFile } from '../derive/scenarios.ts';
import { conventionalRecord } from '../derive/sidecar-names.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import { checkChanges, type TreeInput } from '../pr/check.ts';
import { cmp, formatProblem, sortProblems, type Problem } from '../problems.ts';
import type { DocsAxis, Revision, Role } from '../schema/common.ts';
import type { BundleTrial } from '../schema/sweep-bundle.ts';
import { TrialRecordSchema } from '../schema/trial.ts';
import { BUNDLE_INDEX, checkBundleFiles, inBundle, type BundleFolder, type RunRef } from './bundle-files.ts';

/** One trial of the run's plan, as merge checks a bundle against it (the sweep's plan entries carry these fields). */
export interface MergePlanTrial {
  /** Stable key, `<revision>/<role>/<scenario>/<docs>/<agent>/k<k>`. */
  key: string;
  revision: Revision;
  role: Role;
  scenario: string;
  docs: DocsAxis;
  /** The manifest's agent value (`oracle`, `mutant:<id>`, `pi`…). */
  agent: string;
  k: number;
  /** The subject id the agent records under (`calibration/oracle`, `agent/pi@…/…`): harness/sweep fills it in. */
  subject: string;
}

export interface MergeInput extends TreeInput {
  bundles: readonly BundleFolder[];
  run: RunRef;
  /** The run's whole plan (every shard's trials). */
  plan: readonly MergePlanTrial[];
  /** List planned trials no bundle has instead of refusing them (merging shards one at a time). */
  allowMissing?: boolean;
}

/** A trial the merge takes from a bundle. */
export interface MergedTrial extends BundleTrial {
  /** The bundle folder it comes from (as messages name it). */
  bundle: string;
  revision: Revision;
  role: Role;
  /** All its files are in results/ already, byte for byte. */
  present: boolean;
}

export interface MergeOutput {
  /** Every problem, sorted, path-first (bundle files named inside their folder); none = the merge may write. */
  problems: Problem[];
  /** Files to write into the project, sorted by path; empty when there is any problem. */
  add: { path: string; content: string }[];
  /** Bundle files already in results/ with the same bytes (merging them again changes nothing). */
  present: string[];
  /** Planned trials in no bundle and not in results/ (refused unless `allowMissing`). */
  missing: MergePlanTrial[];
  /** The bundles' trials, in bundle then plan order. */
  trials: MergedTrial[];
}

const RECORD = /^results\/.+\/k\d+\.json$/;

/** The record's `trial.run` and `status`, when it parses (checkChanges reports every way it does not). */
function peekRecord(text: string | undefined): { run?: string; status?: string } | undefined {
  if (text === undefined) return undefined;
  try {
    const r = TrialRecordSchema.safeParse(JSON.parse(text));
    return r.success ? { run: r.data.trial.run, status: r.data.status } : undefined;
  } catch {
    return undefined;
  }
}

/** Validate every bundle of a run; the files to add only when nothing is wrong. */
export function checkMerge(input: MergeInput): MergeOutput {
  const problems: Problem[] = [];
  const plan = new Map(input.plan.map((t) => [t.key, t]));
  /** Trial key → the bundle folder that has it; file path → the folder whose copy is taken. */
  const keyOwner = new Map<string, string>();
  const fileOwner = new Map<string, BundleFolder>();
  /** Records of trials refused as duplicates: their files are not reported again one by one. */
  const duplicated = new Set<string>();
  const trials: MergedTrial[] = [];
  const present: string[] = [];
  for (const b of input.bundles) {
    const own = checkBundleFiles(b, input.run);
    problems.push(...own.problems);
    if (!own.bundle) continue;
    const index = inBundle(b, BUNDLE_INDEX);
    const named = new Set<string>();
    own.bundle.trials.forEach((t, i) => {
      named.add(t.record);
      const at = `trials[${i}]`;
      const prev = keyOwner.get(t.key);
      if (prev !== undefined) {
        duplicated.add(t.record);
        problems.push({
          file: index,
          field: `${at}.key`,
          message: `trial "${t.key}" is also in ${prev}/${BUNDLE_INDEX}: a trial is merged once`,
          hint: 'two shards ran the same trial (shards of different plans, or one shard copied twice): merge one of them',
        });
        return;
      }
      keyOwner.set(t.key, b.dir);
      const p = plan.get(t.key);
      if (!p) {
        problems.push({
          file: index,
          field: `${at}.key`,
          message: `"${t.key}" is not a trial of ${input.run.path}: a foreign trial`,
          hint: `a bundle merges only into the run whose plan it came from: merge it with its own manifest (--manifest), or drop it`,
        });
        return;
      }
      const want = expectedRecordPath({
        trial: { revision: p.revision, role: p.role, scenario: p.scenario, docs: p.docs, k: p.k },
        subject: { id: p.subject },
      });
      if (t.record !== want) {
        problems.push({
          file: index,
          field: `${at}.record`,
          message: `"${t.record}" is not where trial "${t.key}" records (${want})`,
          hint: 'records are written by the sweep where the plan puts them: re-run the shard',
        });
        return;
      }
      if (!own.bundle!.files.some((f) => f.path === t.record))
        problems.push({ file: index, field: `${at}.record`, message: `"${t.record}" is not one of files` });
      const rec = peekRecord(b.files.get(t.record));
      if (rec && rec.run !== input.run.id)
        problems.push({
          file: inBundle(b, t.record),
          field: 'trial.run',
          message:
            rec.run === undefined
              ? `missing: the record does not say it belongs to run "${input.run.id}"`
              : `"${rec.run}" is not the run being merged ("${input.run.id}")`,
          hint: 'a sweep writes its run id into every record: re-run the shard',
        });
      if (rec && rec.status !== t.status)
        problems.push({
          file: index,
          field: `${at}.status`,
          message: `"${t.status}" but the record's status is "${rec.status}"`,
          hint: 'the index is rewritten after each trial: re-run the shard',
        });
      const files = own.bundle!.files.filter((f) => conventionalRecord(f.path) === t.record).map((f) => f.path);
      trials.push({
        ...t,
        bundle: b.dir,
        revision: p.revision,
        role: p.role,
        present: files.every((f) => input.results.get(f) === b.files.get(f)),
      });
    });
    for (const f of own.bundle.files) {
      if (RECORD.test(f.path) && !named.has(f.path))
        problems.push({
          file: inBundle(b, f.path),
          message: `a record no trial of ${BUNDLE_INDEX} names`,
          hint: 'the index lists every finished trial: re-run the shard',
        });
      if (f.path.endsWith('.verification.jsonl'))
        problems.push({
          file: inBundle(b, f.path),
          message: 'a verification file in a bundle: a sweep runs trials, `npm run verify` re-runs their solutions',
          hint: 'delete it and re-run the shard; verifications are committed from the project’s own re-run',
        });
      const other = fileOwner.get(f.path);
      if (other) {
        // A duplicated trial is reported once, on its key; a file two different trials share is reported here.
        if (other !== b && !duplicated.has(conventionalRecord(f.path)))
          problems.push({ file: inBundle(b, f.path), message: `also in ${inBundle(other, f.path)}` });
        continue;
      }
      fileOwner.set(f.path, b);
      const have = input.results.get(f.path);
      if (have === undefined) continue;
      if (have === b.files.get(f.path)) present.push(f.path);
      else if (own.sound.has(f.path))
        problems.push({
          file: inBundle(b, f.path),
          message: `${f.path} is already in results/ with other bytes`,
          hint: 'a trial is merged once: if the run re-ran it on purpose, remove the published copy in its own commit first',
        });
    }
  }
  problems.push(...recordProblems(input, fileOwner, new Set(present)));
  const missing = input.plan.filter(
    (t) =>
      !keyOwner.has(t.key) &&
      !input.results.has(
        expectedRecordPath({
          trial: { revision: t.revision, role: t.role, scenario: t.scenario, docs: t.docs, k: t.k },
          subject: { id: t.subject },
        }),
      ),
  );
  if (!input.allowMissing)
    for (const t of missing)
      problems.push({
        file: input.run.path,
        message: `trial "${t.key}" is planned but in no bundle and not in results/`,
        hint: 'run its shard (a re-run resumes), or pass --allow-missing to merge shards one at a time',
      });
  const sorted = sortProblems(problems).filter(
    (p, i, all) => i === 0 || formatProblem(p) !== formatProblem(all[i - 1]!),
  );
  const add =
    sorted.length > 0
      ? []
      : [...fileOwner]
          .filter(([path]) => !input.results.has(path))
          .map(([path, b]) => ({ path, content: b.files.get(path)! }))
          .sort((a, b) => cmp(a.path, b.path));
  return { problems: sorted, add, present: present.sort(cmp), missing, trials };
}

/**
 * The new records and sidecars, validated as `npm run check` validates a pull request's: the tree is results/ plus the
 * bundles' files, the changes are the files not yet in results/. Calibration records are a run's to add (the
 * manifest is the maintainers' say-so), so the pull-request scope rule is off. Problems on bundle files are named
 * inside their bundle.
 */
function recordProblems(
  input: MergeInput,
  fileOwner: ReadonlyMap<string, BundleFolder>,
  present: ReadonlySet<string>,
): Problem[] {
  const tree = new Map(input.results);
  const added: string[] = [];
  for (const [path, b] of fileOwner) {
    const text = b.files.get(path);
    if (text === undefined || present.has(path) || tree.has(path)) continue;
    tree.set(path, text);
    added.push(path);
  }
  if (added.length === 0) return [];
  const out = checkChanges({
    changes: added.map((path) => ({ status: 'A', path })),
    results: tree,
    refused: input.refused,
    scenarios: input.scenarios,
    versions: input.versions,
    packageVersion: input.packageVersion,
    judges: input.judges,
    calibrationSubjects: input.calibrationSubjects,
    allowCalibration: true,
  });
  const mine = new Set(added);
  return out.problems.map((p) => (mine.has(p.file) ? { ...p, file: inBundle(fileOwner.get(p.file)!, p.file) } : p));
}
