// Libraries board data: the registry's not-attempted scenarios (shown instead of a score, never as 0) and every
// failing MUST/SHOULD verdict of a library trial joined with its raw evidence (`libraries/evidence/index.json`).
// Pure: the files arrive as text from harness/io.
import { registeredLibraries, releaseHistories } from './releases.ts';
import { cmp, type Problem } from '../problems.ts';
import { canonicalJson } from '../canonical-json.ts';
import {
  EvidenceIndexSchema,
  LibraryRegistrySchema,
  type EvidenceEntry,
  type LibraryEntry,
  type LibraryRegistry,
} from '../schema/library.ts';
import type { LibrariesView, LibraryFailureRow, NotAttemptedRow } from '../schema/library-view.ts';
import type { Revision, Role } from '../schema/common.ts';
import type { Subject } from '../schema/subject.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import { failsAnyReading } from '../scoring/score.ts';
import { reviewProblems } from './review.ts';
import type { TrialRow } from './dataset.ts';
import { parseWith } from './parse.ts';
import type { SourceFile } from './scenarios.ts';

export const REGISTRY_PATH = 'libraries/registry.json';
export const EVIDENCE_INDEX_PATH = 'libraries/evidence/index.json';

/** What derive reads for the libraries board (all optional: a tree without libraries has none). */
export interface LibrariesInput {
  registry?: SourceFile;
  evidence?: SourceFile;
  /** The transcripts under `libraries/evidence/` (`*.txt`), project-relative paths and text. */
  transcripts?: readonly SourceFile[];
}

// The board's rows are the data set's contract: zod schemas in src/bench/schema/library-view.ts.
export type { LibrariesView, LibraryFailureRow, NotAttemptedRow } from '../schema/library-view.ts';

export const librarySubjectId = (library: string, version: string): string => `library/${library}@${version}`;

/** The subject the harness gives a registry entry's trials. */
export function librarySubject(e: LibraryEntry): Subject {
  return {
    kind: 'library',
    id: librarySubjectId(e.library, e.libraryVersion),
    label: e.label,
    library: e.library,
    libraryVersion: e.libraryVersion,
  };
}

/**
 * A library trial's subject is a registry entry at that exact version, as the harness describes it, on a revision and
 * role the entry has glue for (anything else cannot have come from `npm run libraries`).
 */
function librarySubjectProblems(reg: LibraryRegistry, trials: readonly TrialRow[]): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map(reg.libraries.map((e) => [librarySubjectId(e.library, e.libraryVersion), e]));
  for (const t of trials) {
    if (t.subject.kind !== 'library') continue;
    const e = byId.get(t.subject.id);
    if (!e) {
      problems.push({
        file: t.files.record,
        field: 'subject.id',
        message: `"${t.subject.id}" is not in ${REGISTRY_PATH} (at that version)`,
        hint: `registered: ${[...byId.keys()].join(', ') || '(none)'}`,
      });
      continue;
    }
    const want = librarySubject(e) as Record<string, unknown>;
    const have = t.subject as Record<string, unknown>;
    if (canonicalJson(want) !== canonicalJson(have)) {
      const keys = [...new Set([...Object.keys(want), ...Object.keys(have)])].filter((k) => want[k] !== have[k]).sort();
      problems.push({
        file: t.files.record,
        field: 'subject',
        message: `does not match ${REGISTRY_PATH}'s ${t.subject.id} (${keys.join(', ')} differ${keys.length === 1 ? 's' : ''})`,
        hint: 'library records are written by `npm run libraries` from the registry',
      });
    }
    if (!e.glue[t.revision]?.[t.role])
      problems.push({
        file: t.files.record,
        field: 'trial.role',
        message: `${e.library} ${e.libraryVersion} has no ${t.revision} ${t.role} glue in ${REGISTRY_PATH}: the harness cannot have run it`,
      });
  }
  return problems;
}

/** Validate the registry and the evidence index against the scenarios and records; build the board's rows. */
export function checkLibraries(
  input: LibrariesInput,
  scenarios: ReadonlyMap<string, Scenario>,
  trials: readonly TrialRow[],
): { view: LibrariesView; problems: Problem[] } {
  const problems: Problem[] = [];
  const registry = input.registry
    ? parseWith(input.registry.path, input.registry.text, LibraryRegistrySchema)
    : undefined;
  problems.push(...(registry?.problems ?? []));
  if (registry?.value) problems.push(...librarySubjectProblems(registry.value, trials));
  const notAttempted = registry?.value ? notAttemptedRows(registry.value, scenarios, trials, problems) : [];
  const evidence = input.evidence
    ? parseWith(input.evidence.path, input.evidence.text, EvidenceIndexSchema)
    : undefined;
  problems.push(...(evidence?.problems ?? []));
  const failures = failureRows(
    registry?.value,
    evidence?.value?.entries ?? [],
    new Map((input.transcripts ?? []).map((f) => [f.path, f.text])),
    scenarios,
    trials,
    problems,
  );
  return {
    view: {
      notAttempted,
      failures,
      releases: releaseHistories(registry?.value, trials),
      registered: registeredLibraries(registry?.value),
    },
    problems,
  };
}

const scenarioKey = (revision: string, role: string, id: string) => `${revision}/${role}/${id}`;

/** Numeric order of two exact versions (`1.2.3`, `1.2.3-rc.1`); a prerelease sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const at = v.indexOf('-');
    return { nums: (at < 0 ? v : v.slice(0, at)).split('.').map(Number), pre: at < 0 ? undefined : v.slice(at + 1) };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/** Every registered release's subject id → the subject id of the newest registered release of the same library. */
export function newestSubjects(reg: LibraryRegistry | undefined): Map<string, string> {
  const newest = new Map<string, LibraryEntry>();
  for (const e of reg?.libraries ?? []) {
    const have = newest.get(e.library);
    if (!have || compareVersions(e.libraryVersion, have.libraryVersion) > 0) newest.set(e.library, e);
  }
  return new Map(
    (reg?.libraries ?? []).map((e) => [
      librarySubjectId(e.library, e.libraryVersion),
      librarySubjectId(e.library, newest.get(e.library)!.libraryVersion),
    ]),
  );
}

function notAttemptedRows(
  reg: LibraryRegistry,
  scenarios: ReadonlyMap<string, Scenario>,
  trials: readonly TrialRow[],
  problems: Problem[],
): NotAttemptedRow[] {
  const rows: NotAttemptedRow[] = [];
  const ran = new Set(trials.map((t) => `${t.subject.id} ${scenarioKey(t.revision, t.role, t.scenario)}`));
  reg.libraries.forEach((e, i) => {
    const subject = librarySubjectId(e.library, e.libraryVersion);
    e.notAttempted.forEach((n, j) => {
      const field = `libraries[${i}].notAttempted[${j}]`;
      const key = scenarioKey(n.revision, n.role, n.scenario);
      if (!scenarios.has(key))
        problems.push({
          file: REGISTRY_PATH,
          field,
          message: `unknown scenario "${key}"`,
          hint: `expected a file scenarios/${key}.json; remove the entry if the scenario is gone`,
        });
      if (!e.glue[n.revision]?.[n.role])
        problems.push({
          file: REGISTRY_PATH,
          field,
          message: `${e.library} has no ${n.revision} ${n.role} glue, so nothing of that role is attempted anyway`,
          hint: 'remove the entry',
        });
      if (ran.has(`${subject} ${key}`))
        problems.push({
          file: REGISTRY_PATH,
          field,
          message: `results/ holds a trial of ${subject} on ${key}, which the registry says is not attempted`,
          hint: "run `npm run libraries` (it removes the subject's stale records), or remove the entry",
        });
      rows.push({
        revision: n.revision,
        role: n.role,
        scenario: n.scenario,
        subject,
        label: e.label,
        reason: n.reason,
        ...(n.negotiates ? { negotiates: n.negotiates } : {}),
      });
    });
  });
  return rows.sort((a, b) =>
    cmp(`${a.revision}/${a.role}/${a.scenario}/${a.subject}`, `${b.revision}/${b.role}/${b.scenario}/${b.subject}`),
  );
}

/** A contested checkpoint's strict verdict as a failure row shows it (`null`: not contested, or no trial). */
const strictOfRow = (v: Verdict | undefined): LibraryFailureRow['strict'] =>
  v?.strict ? { verdict: v.strict.verdict, message: v.strict.message } : null;

function failureRows(
  reg: LibraryRegistry | undefined,
  entries: readonly EvidenceEntry[],
  transcripts: ReadonlyMap<string, string>,
  scenarios: ReadonlyMap<string, Scenario>,
  trials: readonly TrialRow[],
  problems: Problem[],
): LibraryFailureRow[] {
  const labels = new Map((reg?.libraries ?? []).map((e) => [librarySubjectId(e.library, e.libraryVersion), e.label]));
  const registered = new Map((reg?.libraries ?? []).map((e) => [librarySubjectId(e.library, e.libraryVersion), e]));
  const glueOf = (subject: string, revision: Revision, role: Role): string | null => {
    const g = registered.get(subject)?.glue[revision]?.[role];
    return g ? `libraries/${g}` : null;
  };
  const byKey = new Map<string, LibraryFailureRow>();
  // By k: with repetitions, a failure row cites the first repetition that fails (a flaky failure is still one).
  const libraryTrials = trials
    .filter((t) => t.subject.kind === 'library' && t.status === 'completed' && t.docs === 'none')
    .sort((a, b) => a.k - b.k);
  for (const t of libraryTrials) {
    const checkpoints = scenarios.get(scenarioKey(t.revision, t.role, t.scenario))?.checkpoints ?? [];
    for (const v of t.verdicts) {
      const c = checkpoints.find((x) => x.slug === v.checkpoint);
      // A failure is published when the scored verdict fails, or a contested checkpoint's strict reading does.
      const k = `${t.subject.id} ${scenarioKey(t.revision, t.role, t.scenario)} ${v.checkpoint}`;
      if (!failsAnyReading(v) || !c || c.level === 'MAY' || byKey.has(k)) continue;
      byKey.set(k, {
        revision: t.revision,
        role: t.role,
        scenario: t.scenario,
        subject: t.subject.id,
        label: t.subject.label,
        checkpoint: v.checkpoint,
        level: c.level,
        sentence: c.spec?.id ?? null,
        verdict: v.verdict,
        message: v.message,
        strict: strictOfRow(v),
        consequenceOf: v.consequenceOf ?? null,
        glue: glueOf(t.subject.id, t.revision, t.role),
        trial: t.id,
        evidence: null,
      });
    }
  }
  entries.forEach((e, i) => {
    const field = `entries[${i}]`;
    const subject = librarySubjectId(e.library, e.libraryVersion);
    const key = scenarioKey(e.revision, e.role, e.scenario);
    const c = scenarios.get(key)?.checkpoints.find((x) => x.slug === e.checkpoint);
    if (!c)
      return void problems.push({
        file: EVIDENCE_INDEX_PATH,
        field: `${field}.checkpoint`,
        message: `no checkpoint "${e.checkpoint}" in scenario ${key}`,
        hint: 'fix the slug, or remove the entry if the checkpoint is gone',
      });
    if ((c.spec?.id ?? null) !== e.sentence)
      problems.push({
        file: EVIDENCE_INDEX_PATH,
        field: `${field}.sentence`,
        message: `checkpoint ${e.checkpoint} cites ${c.spec?.id ?? 'no sentence'}, the entry says ${e.sentence ?? 'none'}`,
      });
    const file = `libraries/evidence/${e.transcript}`;
    const text = transcripts.get(file);
    if (text === undefined)
      problems.push({
        file: EVIDENCE_INDEX_PATH,
        field: `${field}.transcript`,
        message: `missing transcript ${file}`,
        hint: 'run `npm run libraries -- --evidence --write` to record it',
      });
    else if (!new RegExp(e.expect).test(text))
      problems.push({
        file,
        message: `does not match the entry's expect /${e.expect}/ (${EVIDENCE_INDEX_PATH} ${field})`,
        hint: 're-record it with `npm run libraries -- --evidence --write`, or fix the entry',
      });
    const k = `${subject} ${key} ${e.checkpoint}`;
    if (byKey.get(k)?.evidence)
      return void problems.push({
        file: EVIDENCE_INDEX_PATH,
        field,
        message: `a second entry for ${k}`,
        hint: 'keep one entry per failing verdict',
      });
    const failing = byKey.get(k)?.trial;
    const t = trials.find(
      (x) =>
        (failing === undefined || failing === null || x.id === failing) &&
        x.subject.id === subject &&
        x.revision === e.revision &&
        x.role === e.role &&
        x.scenario === e.scenario &&
        x.docs === 'none' &&
        x.status === 'completed',
    );
    const v = t?.verdicts.find((x) => x.checkpoint === e.checkpoint);
    const {
      library: _l,
      libraryVersion: _v,
      revision: _r,
      role: _o,
      scenario: _s,
      checkpoint: _c,
      sentence: _n,
      ...rest
    } = e;
    const row =
      byKey.get(k) ??
      ({
        revision: e.revision,
        role: e.role,
        scenario: e.scenario,
        subject,
        label: labels.get(subject) ?? subject,
        checkpoint: e.checkpoint,
        level: c.level,
        sentence: e.sentence,
        verdict: v?.verdict ?? 'missing',
        message: v?.message ?? null,
        strict: strictOfRow(v),
        consequenceOf: v?.consequenceOf ?? null,
        glue: glueOf(subject, e.revision, e.role),
        trial: t?.id ?? null,
        evidence: null,
      } satisfies LibraryFailureRow);
    // The script beside the transcript, when the command is exactly `bash <it>` (what --evidence --write records).
    const sh = e.transcript.replace(/\.txt$/, '.sh');
    const script = e.command === `bash ${sh}` ? `libraries/evidence/${sh}` : null;
    byKey.set(k, { ...row, evidence: { ...rest, file, script, text: text ?? '' } });
    // Evidence exists to back a failure we publish: an entry whose verdict no longer fails is stale.
    if (!failsAnyReading(row))
      problems.push({
        file: EVIDENCE_INDEX_PATH,
        field,
        message: `${k}: the verdict is now ${row.verdict}, so there is no failure for this evidence to back`,
        hint: 'remove the entry and its transcript (or re-run `npm run libraries` if the record is stale)',
      });
    else {
      if (e.status !== 'confirmed')
        problems.push({
          file: EVIDENCE_INDEX_PATH,
          field: `${field}.status`,
          message: `${k}: the raw exchange does not show the violation (${e.status}), yet the verdict fails`,
          hint: 'fix the judge (or the prober), re-run `npm run libraries`, then remove the entry',
        });
      problems.push(...reviewProblems(e, `${field}.review`, k, c, row));
    }
  });
  // An earlier release's failure that the newest release of the library shares (same checkpoint failing the same way,
  // with its evidence) is covered by that evidence and review: only a failure an earlier release alone shows (a regression
  // or a fix between releases) needs evidence recorded on that release.
  const newest = newestSubjects(reg);
  for (const [k, row] of byKey) {
    const head = newest.get(row.subject);
    if (row.evidence || !head || head === row.subject || !failsAnyReading(row)) continue;
    const covering = byKey.get(`${head} ${k.slice(row.subject.length + 1)}`);
    // The same way: scored and strict verdicts and the consequence alike, so the review's class still fits the row.
    if (
      covering?.evidence &&
      covering.verdict === row.verdict &&
      covering.strict?.verdict === row.strict?.verdict &&
      covering.consequenceOf === row.consequenceOf
    )
      byKey.set(k, { ...row, evidence: { ...covering.evidence, fromSubject: head } });
  }
  // Every failure reported on a library is backed by raw evidence observed without our prober or reference server
  // (in a tree that registers its libraries: synthetic test trees have library subjects but no registry).
  for (const [k, row] of reg ? byKey : []) {
    if (failsAnyReading(row) && !row.evidence)
      problems.push({
        file: EVIDENCE_INDEX_PATH,
        message: `${k}: a failing ${row.level} verdict${row.verdict === 'fail' ? '' : ' (strict reading)'} with no raw evidence and review (${row.trial ?? 'no trial'})`,
        hint: 'record it: add a .sh under libraries/evidence/ and an entry with its review, then `npm run libraries -- --evidence --write --library <name>`',
      });
  }
  return [...byKey.values()].sort((a, b) =>
    cmp(
      `${a.revision}/${a.subject}/${a.role}/${a.scenario}/${a.checkpoint}`,
      `${b.revision}/${b.subject}/${b.role}/${b.scenario}/${b.checkpoint}`,
    ),
  );
}
