import { supersededSubjects } from './releases.ts';
import { cmp, formatProblem, sortProblems, zodProblems, type Problem } from '../problems.ts';
import { DatasetSchema } from '../schema/dataset.ts';
import type { Revision } from '../schema/common.ts';
import type { Subject } from '../schema/subject.ts';
import type { JudgeRegistry } from '../judge/types.ts';
import type { SentenceRow } from '../spec/tsv.ts';
import { checkCoverage } from '../coverage/check.ts';
import { buildBoards, buildCells, orderScenarios } from './boards.ts';
import { DATASET_FORMAT, type Dataset, type TrialRow } from './dataset.ts';
import { datasetStats } from './stats.ts';
import { calibrationGate } from './gate.ts';
import { recordContextProblems } from './record-context.ts';
import { checkVersions } from '../versions/check.ts';
import { checkArchives } from './archives.ts';
import { scenarioHash, scenarioKey } from '../versions/hash.ts';
import { checkLibraries, type LibrariesInput } from './libraries.ts';
import { type CheckedRecord, type ReadSidecars } from './records.ts';
import { checkForMemo, memoFingerprint, recordCheckContext, scenarioDigestOf } from './memo-entries.ts';
import { conventionalRecord } from './sidecar-names.ts';
import { type CalibrationSubjects } from './integrity.ts';
import { treeProblems, uniquenessProblems } from './tree-checks.ts';
import { checkScenarios, type SourceFile } from './scenarios.ts';
import { schemaGate, withDeclarations, type SchemaExemptions } from '../wire-schema/gate.ts';
import { schemaStatuses } from '../wire-schema/trial.ts';
import type { SchemaSet, TrialSchemaReport } from '../wire-schema/types.ts';
import { REVISIONS } from '../schema/common.ts';
import type { PriceTable } from '../schema/prices.ts';
import { PRICE_TABLE } from '../cost/prices.ts';
import { methodOf } from './method.ts';
import { cachedRecord, DERIVE_CACHE_FORMAT, type CachedRecord, type DeriveCache } from './record-cache.ts';
import { trialRow } from './trial-row.ts';

export { trialDurationMs, trialRow } from './trial-row.ts';

/** Everything derive needs, already read from disk by harness/io. Derive itself never touches fs. */
export interface DeriveInput {
  /** `scenarios/<revision>/<role>/<id>.json` files. */
  scenarios: readonly SourceFile[];
  /** Every file under `results/` (records and sidecars), by project-relative path. */
  results: ReadonlyMap<string, string>;
  judges: JudgeRegistry;
  /** Pinned spec TSV rows, when the spec is present: enables citation checks and the full coverage check. */
  spec?: Partial<Record<Revision, readonly SentenceRow[]>>;
  /** `scenarios/<revision>/coverage.json` ledgers (absent = none; required per revision when its TSV is present). */
  coverage?: readonly SourceFile[];
  /** `libraries/registry.json`, `libraries/evidence/index.json` and the evidence transcripts' paths. */
  libraries?: LibrariesInput;
  /**
   * Pinned JSON Schemas per revision (parsed by harness/io): every trial's messages are validated against them. A
   * revision without one is reported as skipped in the data set (`schema.revisions`), never silently.
   */
  schemas?: SchemaSet;
  /** Probe steps and mutants declared deliberately schema-invalid (data beside the probe plans and mutants). */
  schemaExemptions?: SchemaExemptions;
  /**
   * `scenarios/versions.json` (null: the file is missing, a problem). Undefined = no history given (synthetic trees,
   * unit tests): then every record must have run its scenario's current version and versions are not listed.
   */
  versions?: SourceFile | null;
  /** package.json `version`: must equal the history's current version. */
  packageVersion?: string;
  /** `archive/<version>.json`: the boards of earlier benchmark versions (absent = none). */
  archives?: readonly SourceFile[];
  /** Run the calibration gate, the schema gate and the coverage gate (default true). */
  gate?: boolean;
  /** Re-judge every record from its wire log and compare (default true). */
  rejudge?: boolean;
  /**
   * What harness/io refused to read (symlinks, FIFOs and other non-regular files, files past their size limit, text
   * that is not UTF-8, hidden entries): path-first problems, each file absent from `results`/`scenarios`.
   */
  refused?: readonly Problem[];
  /** The calibration subjects the harness runs (data from harness/io); undefined = calibration subjects not checked. */
  calibrationSubjects?: CalibrationSubjects;
  /** The price table costs fall back on (default: the committed, dated `PRICE_TABLE`). */
  prices?: PriceTable;
  /**
   * Reuse per-record results of an earlier run (record-cache.ts): `fingerprint` must change whenever the code that
   * checks records, the pinned schemas or the calibration subjects do (src/harness/io/derive-cache.ts makes it), and
   * `previous` is the memo that run returned. Absent: every record is checked, as always.
   */
  cache?: { fingerprint: string; previous?: DeriveCache };
}

export interface DeriveOutput {
  /** Present only when there are no problems. */
  dataset?: Dataset;
  /** Every problem found, sorted, path-first. */
  problems: Problem[];
  /**
   * Records that passed all checks (for tools such as rejudge and the site's replay pages). With a `cache`, only the
   * records checked in this run: a reused one's wire log was not parsed again.
   */
  records: CheckedRecord[];
  /** With a `cache`: the memo for the next run (every record that passed, reused or checked), and how many were reused. */
  cache?: { next: DeriveCache; reused: number };
}

/** The schema gate's view of data-set rows. */
export const schemaGateTrials = (trials: readonly TrialRow[]) =>
  trials.map((t) => ({
    wire: t.files.wire,
    revision: t.revision,
    role: t.role,
    subject: t.subject.id,
    schema: t.schema,
  }));

const NO_EXEMPTIONS: SchemaExemptions = { steps: {}, mutants: {} };

/** Where the data set is written (project-relative), as problems with it are reported. */
export const DATASET_FILE = 'generated/dataset.json';

/** records → validate → re-judge → score → calibration gate → one deterministic data set. Collects all problems. */
export function derive(input: DeriveInput): DeriveOutput {
  const problems: Problem[] = [];
  const { scenarios, problems: sp, broken } = checkScenarios(input.scenarios, input.spec);
  problems.push(...sp);
  const coverage = checkCoverage({
    ledgers: input.coverage ?? [],
    scenarios: [...scenarios.values()],
    spec: input.spec,
  });
  problems.push(...coverage.problems);
  if (input.gate ?? true) problems.push(...coverage.gaps);
  const history =
    input.versions === undefined
      ? undefined
      : checkVersions(input.versions ?? undefined, scenarios, input.packageVersion);
  problems.push(...(history?.problems ?? []));
  const versions = { current: history?.versions?.current ?? null, rows: history?.versions?.rows ?? [] };
  const archives = checkArchives(input.archives ?? [], versions);
  problems.push(...archives.problems);
  const currentHash = new Map([...scenarios.values()].map((s) => [scenarioKey(s), scenarioHash(s)]));
  const referenced = new Set<string>();
  const records: CheckedRecord[] = [];
  const ids = new Map<string, string>();
  // Files refused by harness/io or here (hidden, too large) are reported once and read no further.
  const tree = treeProblems(input.results, input.refused ?? []);
  problems.push(...tree.problems);
  const results = tree.files;
  // A scenario file harness/io refused is reported on itself, like an invalid one: not again as "unknown" per record.
  for (const p of input.refused ?? []) {
    const m = /^scenarios\/(.+\/(?:client|server)\/[^/]+)\.json$/.exec(p.file);
    if (m) broken.add(m[1]!);
  }
  const ctx = recordCheckContext(input, scenarios, broken, tree);
  const rctx = { files: results, versions: history?.versions, currentHash: history ? undefined : currentHash };
  const recordPaths = [...results.keys()].filter((p) => p.endsWith('.json')).sort(cmp);
  const read: ReadSidecars[] = [];
  const fingerprint = input.cache && memoFingerprint(input.cache.fingerprint, ctx.rejudge);
  const memo: Record<string, CachedRecord> = {};
  let reused = 0;
  const hashOf = fingerprint === undefined ? () => undefined : scenarioDigestOf(scenarios);
  const passed: { c: Omit<CheckedRecord, 'log'>; schema: TrialSchemaReport }[] = [];
  for (const path of recordPaths) {
    const hit =
      fingerprint === undefined
        ? undefined
        : cachedRecord(input.cache?.previous, fingerprint, path, results, (c) => hashOf(c.checked.record.trial));
    let c: Omit<CheckedRecord, 'log'>;
    let schema: TrialSchemaReport;
    if (hit) {
      reused++;
      read.push(hit.read);
      hit.sidecars.forEach((s) => referenced.add(s));
      ({ checked: c, schema } = hit);
      memo[path] = hit;
    } else {
      const r = checkForMemo(path, results.get(path)!, ctx, input.schemas, hashOf);
      problems.push(...r.problems);
      if (r.read) read.push(r.read);
      r.sidecars.forEach((s) => referenced.add(s));
      if (!r.checked) continue;
      c = r.checked;
      schema = r.schema;
      records.push(r.checked);
      if (r.entry) memo[path] = r.entry;
    }
    const prev = ids.get(c.record.trial.id);
    if (prev) {
      problems.push({
        file: path,
        field: 'trial.id',
        message: `duplicate trial id "${c.record.trial.id}" (also in ${prev})`,
      });
      continue;
    }
    ids.set(c.record.trial.id, path);
    problems.push(...recordContextProblems(path, c, rctx));
    passed.push({ c, schema });
  }
  problems.push(...uniquenessProblems(read, results));
  for (const p of [...results.keys()].sort(cmp)) {
    if (p.endsWith('.json')) continue;
    // The sidecar of a refused record is not an orphan: its record was reported already.
    if (tree.refused.has(conventionalRecord(p))) continue;
    if (!referenced.has(p))
      problems.push({
        file: p,
        message: 'orphan file: no record names it as a sidecar',
        hint: p.endsWith('.verification.jsonl')
          ? `a verification lies beside the record it verifies (${conventionalRecord(p)}): delete it, or commit it with its record`
          : 'delete it, or add it to its record\'s "sidecars"',
      });
  }
  const exemptions = input.schemaExemptions ?? NO_EXEMPTIONS;
  const trials: TrialRow[] = passed.map(({ c: r, schema }) => {
    const t = r.record.trial;
    const row = trialRow(r, schema, currentHash.get(`${t.revision}/${t.role}/${t.scenario}`) === t.scenarioHash);
    return { ...row, schema: withDeclarations(schemaGateTrials([row])[0]!, exemptions) };
  });
  trials.sort((a, b) => cmp(a.files.record, b.files.record));
  const subjectMap = new Map<string, Subject>();
  for (const t of trials) if (!subjectMap.has(t.subject.id)) subjectMap.set(t.subject.id, t.subject);
  const subjects = [...subjectMap.values()].sort((a, b) => cmp(a.id, b.id));
  const scenarioList = orderScenarios([...scenarios.values()]).sort((a, b) => cmp(a.revision, b.revision));
  // Boards and the calibration gate count only trials of each scenario's current version: cells never mix versions.
  const counted = trials.filter((t) => t.current);
  const gate = calibrationGate(scenarioList, counted);
  if (input.gate ?? true) problems.push(...gate.problems, ...schemaGate(schemaGateTrials(trials), exemptions));
  const cells = buildCells(counted);
  const libraries = checkLibraries(input.libraries ?? {}, scenarios, trials);
  problems.push(...libraries.problems);
  const parts: Omit<Dataset, 'stats'> = {
    format: DATASET_FORMAT,
    scenarios: scenarioList,
    subjects,
    trials,
    cells,
    boards: buildBoards(
      scenarioList,
      subjects,
      cells,
      counted,
      input.prices ?? PRICE_TABLE,
      libraries.view.notAttempted,
      supersededSubjects(libraries.view.registered),
    ),
    calibration: gate.rows,
    schema: {
      revisions: schemaStatuses(REVISIONS, input.schemas),
      findings: {
        harness: trials.reduce((n, t) => n + t.schema.findings.filter((f) => f.sender === 'harness').length, 0),
        subject: trials.reduce((n, t) => n + t.schema.findings.filter((f) => f.sender === 'subject').length, 0),
      },
    },
    libraries: libraries.view,
    versions,
    archives: archives.rows,
    extra: { coverage: coverage.report },
    method: methodOf(input.prices ?? PRICE_TABLE),
  };
  const dataset: Dataset = { ...parts, stats: datasetStats(parts) };
  // The data set's contract, checked where the data set is made: the site refuses a file that does not match it.
  const contract = DatasetSchema.safeParse(dataset);
  if (!contract.success)
    problems.push(
      ...zodProblems(DATASET_FILE, contract.error).map((p) => ({
        ...p,
        hint: 'derive built a data set that src/bench/schema/dataset.ts refuses: fix whichever of the two is wrong',
      })),
    );
  // The same defect (e.g. a missing judge) is met once per record: report it once.
  const sorted = sortProblems(problems).filter(
    (p, i, all) => i === 0 || formatProblem(p) !== formatProblem(all[i - 1]!),
  );
  const cache =
    fingerprint === undefined
      ? {}
      : { cache: { next: { format: DERIVE_CACHE_FORMAT, fingerprint, records: memo }, reused } };
  return sorted.length ? { problems: sorted, records, ...cache } : { dataset, problems: [], records, ...cache };
}

/** Stable serialisation: keys in insertion order (derive builds them deterministically), 1-space indent, final newline. */
export function serializeDataset(d: Dataset): string {
  return JSON.stringify(d, null, 1) + '\n';
}
