// `npm run check`: the records a pull request adds or changes, validated as derive validates them (schema, layout,
// sidecars, integrity, re-judging, canaries, scenario version, one wire log and transcript per trial), without
// deriving the rest of the tree: only the selected records are parsed and re-judged; the others are read for their
// trial ids, seals and transcripts (what a copied or relabelled trial would collide with).
import { checkRecord, sidecarPath, type ReadSidecars } from '../derive/records.ts';
import { conventionalSidecars } from '../derive/sidecar-names.ts';
import { verificationPath } from '../derive/verification.ts';
import type { CalibrationSubjects } from '../derive/integrity.ts';
import { checkScenarios, type SourceFile } from '../derive/scenarios.ts';
import { treeProblems, uniquenessProblems } from '../derive/tree-checks.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import { cmp, formatProblem, sortProblems, type Problem } from '../problems.ts';
import { recordContextProblems } from '../derive/record-context.ts';
import { checkVersions } from '../versions/check.ts';
import { scenarioHash, scenarioKey } from '../versions/hash.ts';
import {
  archiveProblems,
  classifyChanges,
  recordOf,
  scopeProblems,
  verificationScopeProblems,
  type ChangeSet,
  type FileChange,
} from './changes.ts';
import { manifestProblems } from './manifest.ts';

/** What check reads: the head tree's results and scenarios (by harness/io) and the changes against the base (git). */
export interface CheckInput extends TreeInput {
  /** Paths changed against the base (empty when not in a git checkout and paths were given). */
  changes: readonly FileChange[];
  /** Explicit record files or folders to check instead of the changed records (project-relative). */
  select?: readonly string[];
  /** Maintainers: calibration records, scenarios and code may change alongside records. */
  allowCalibration?: boolean;
  /** Verification files may be among the changes (pr-report, after the workflow's own `npm run verify`). */
  allowVerifications?: boolean;
}

/** The tree a record is checked against (`npm run check`, `npm run merge`): its results, scenarios and judges. */
export interface TreeInput {
  /** Every file under `results/` in the head tree, by project-relative path. */
  results: ReadonlyMap<string, string>;
  /** What harness/io refused to read under `results/` or `scenarios/`. */
  refused?: readonly Problem[];
  /** `scenarios/<revision>/<role>/<id>.json` files. */
  scenarios: readonly SourceFile[];
  /** `scenarios/versions.json` (null: missing); undefined = no history (records must run the current scenarios). */
  versions?: SourceFile | null;
  /** package.json `version`. */
  packageVersion?: string;
  judges: JudgeRegistry;
  /** The calibration subjects the harness runs (undefined: not checked). */
  calibrationSubjects?: CalibrationSubjects;
}

export interface CheckOutput {
  /** Every problem, sorted, path-first; none = the pull request's records pass. */
  problems: Problem[];
  /** The changes, classified. */
  changes: ChangeSet;
  /** Record paths validated (and re-judged when completed), sorted. */
  checked: string[];
}

/** The records to validate: the explicit selection (files, folders, sidecars), else the added and changed ones. */
export function selectedRecords(
  changes: ChangeSet,
  results: ReadonlyMap<string, string>,
  select?: readonly string[],
): string[] {
  const records = [...results.keys()].filter((p) => /\/k\d+\.json$/.test(p));
  if (select && select.length > 0) {
    const want = select.map((s) => recordOf(s.replace(/\/+$/, '')));
    return records.filter((p) => want.some((w) => p === w || p.startsWith(`${w}/`))).sort(cmp);
  }
  // A changed sidecar is checked through its record.
  const touched = new Set([
    ...changes.records.added,
    ...changes.records.changed,
    ...changes.otherResults.filter((c) => c.status !== 'D').map((c) => recordOf(c.path)),
  ]);
  return records.filter((p) => touched.has(p)).sort(cmp);
}

/** Parse another record only as far as the checks across records need: its id, wire log seal and transcript. */
function peek(path: string, text: string): { id?: string; read?: ReadSidecars } {
  try {
    const r = JSON.parse(text) as {
      trial?: { id?: unknown };
      sidecars?: { wire?: unknown; transcript?: unknown; snapshot?: unknown };
      wireChain?: { head?: unknown };
    };
    const wire = r.sidecars?.wire;
    const transcript = r.sidecars?.transcript;
    const snapshot = r.sidecars?.snapshot;
    const head = r.wireChain?.head;
    return {
      id: typeof r.trial?.id === 'string' ? r.trial.id : undefined,
      // A published record's seal is its wire log's content head (derive checked it when it was merged).
      read:
        typeof wire === 'string'
          ? {
              record: path,
              wirePath: sidecarPath(path, wire),
              ...(typeof head === 'string' ? { contentHead: head } : {}),
              ...(typeof transcript === 'string' ? { transcriptPath: sidecarPath(path, transcript) } : {}),
              ...(typeof snapshot === 'string' ? { snapshotPath: sidecarPath(path, snapshot) } : {}),
            }
          : undefined,
    };
  } catch {
    return {};
  }
}

/** Validate the pull request's records. Pure: everything is read by harness/io and git beforehand. */
export function checkChanges(input: CheckInput): CheckOutput {
  const changes = classifyChanges(input.changes);
  const problems: Problem[] = [
    ...scopeProblems(changes, input.allowCalibration ?? false),
    ...verificationScopeProblems(
      input.changes,
      (input.allowCalibration ?? false) || (input.allowVerifications ?? false),
    ),
    ...archiveProblems(input.changes),
  ];
  const { scenarios, problems: sp, broken } = checkScenarios(input.scenarios, undefined);
  problems.push(...sp);
  const history =
    input.versions === undefined
      ? undefined
      : checkVersions(input.versions ?? undefined, scenarios, input.packageVersion);
  problems.push(...(history?.problems ?? []));
  const currentHash = new Map([...scenarios.values()].map((s) => [scenarioKey(s), scenarioHash(s)]));
  const tree = treeProblems(input.results, input.refused ?? []);
  const selected = selectedRecords(changes, tree.files, input.select);
  const mine = new Set(selected.flatMap((p) => [p, ...conventionalSidecars(p)]));
  const changedPaths = new Set(input.changes.map((c) => c.path));
  // Refusals of this pull request's files (and of scenario files, which every record depends on) only.
  problems.push(
    ...tree.problems.filter((p) => mine.has(p.file) || changedPaths.has(p.file) || p.file.startsWith('scenarios/')),
  );
  const ctx = {
    files: tree.files,
    scenarios,
    judges: input.judges,
    rejudge: true,
    brokenScenarios: broken,
    refused: tree.refused,
    calibration: input.calibrationSubjects,
  };
  const rctx = { files: tree.files, versions: history?.versions, currentHash: history ? undefined : currentHash };
  const ids = new Map<string, string>();
  const reads: ReadSidecars[] = [];
  const referenced = new Set<string>();
  for (const [path, text] of tree.files) {
    if (mine.has(path) || !/\/k\d+\.json$/.test(path)) continue;
    const o = peek(path, text);
    if (o.id !== undefined) ids.set(o.id, path);
    if (o.read) {
      reads.push(o.read);
      referenced.add(o.read.wirePath);
      if (o.read.transcriptPath) referenced.add(o.read.transcriptPath);
      if (o.read.snapshotPath) referenced.add(o.read.snapshotPath);
      // Beside its record, a verification is the record's (not named by it: `npm run verify` writes it later).
      referenced.add(verificationPath(path));
    }
  }
  const added = new Set(changes.records.added);
  for (const path of selected) {
    const r = checkRecord(path, tree.files.get(path)!, ctx);
    problems.push(...r.problems);
    r.sidecars.forEach((s) => referenced.add(s));
    if (r.read) reads.push(r.read);
    if (!r.checked) continue;
    const { record } = r.checked;
    const t = record.trial;
    const prev = ids.get(t.id);
    if (prev)
      problems.push({ file: path, field: 'trial.id', message: `duplicate trial id "${t.id}" (also in ${prev})` });
    ids.set(t.id, path);
    problems.push(...recordContextProblems(path, r.checked, rctx));
    if (added.has(path)) problems.push(...manifestProblems(path, record));
  }
  // Copies: only the ones involving this pull request's sidecars.
  problems.push(
    ...uniquenessProblems(reads, tree.files).filter(
      (p) => mine.has(p.file) || [...mine].some((m) => p.message.includes(m)),
    ),
  );
  for (const c of changes.otherResults) {
    if (c.status === 'D' || referenced.has(c.path) || tree.refused.has(c.path) || !tree.files.has(c.path)) continue;
    problems.push({
      file: c.path,
      message: 'orphan file: no record names it as a sidecar',
      hint: c.path.endsWith('.verification.jsonl')
        ? `a verification lies beside the record it verifies (${recordOf(c.path)}): commit it with its record, or delete it`
        : 'add only what `npm run trial` wrote: a record and the sidecars it names',
    });
  }
  // A removed record takes its sidecars with it.
  for (const rec of changes.records.removed)
    for (const side of conventionalSidecars(rec))
      if (tree.files.has(side) && !referenced.has(side))
        problems.push({
          file: side,
          message: `orphan file: its record ${rec} is removed`,
          hint: 'remove the sidecar with its record',
        });
  const sorted = sortProblems(problems).filter(
    (p, i, all) => i === 0 || formatProblem(p) !== formatProblem(all[i - 1]!),
  );
  return { problems: sorted, changes, checked: selected };
}
