import type { Problem } from '../problems.ts';
import type { Revision, Role } from '../schema/common.ts';
import type { SchemaFinding, TrialSchemaReport } from './types.ts';

/** A mutant whose switch makes some of its messages schema-invalid on purpose. */
export interface MutantSchemaDeclaration {
  /** One line: why the mutant's messages are invalid (what the switch breaks). */
  reason: string;
  /** Definitions its findings may name (`ListToolsResult`, `ext-tasks:GetTaskResult`); findings in any other still fail. */
  defs: readonly string[];
}

/** What the schema gate tolerates, declared as data beside the probe plans and the mutants. */
export interface SchemaExemptions {
  /** Per revision: probe step → why its request is deliberately schema-invalid (the prober's messages there are exempt). */
  steps: Partial<Record<Revision, Readonly<Record<string, string>>>>;
  /**
   * Per revision: reference label → why the client-role reference server's answer on exchanges with that label is
   * deliberately schema-invalid (e.g. a result without resultType, played as a server of an earlier revision).
   */
  labels?: Partial<Record<Revision, Readonly<Record<string, string>>>>;
  /** Per revision and role: mutant id → its declaration. */
  mutants: Partial<Record<Revision, Partial<Record<Role, Readonly<Record<string, MutantSchemaDeclaration>>>>>>;
}

/** One trial as the gate sees it. */
export interface SchemaGateTrial {
  /** Project-relative path of the wire log (problems are reported on it). */
  wire: string;
  revision: Revision;
  role: Role;
  subject: string;
  schema: TrialSchemaReport;
}

/** Subjects that run our own oracle code: their messages must validate. */
const OURS = new Set(['calibration/oracle', 'calibration/pi+scripted-model']);
const MUTANT = 'calibration/mutant-';

/** `x12 response body`, `x3 sse event 2`, `x0 request body[1]`: where a finding is, for a problem's field. */
export function findingPlace(f: Pick<SchemaFinding, 'x' | 'where' | 'sse' | 'batch'>): string {
  const place = f.where === 'sse' ? `sse event ${f.sse ?? 0}` : `${f.where} body`;
  return `x${f.x} ${place}${f.batch !== undefined ? `[${f.batch}]` : ''}`;
}

/** `ListToolsResult /result: must have required property 'ttlMs' (required)`, errors joined with `; `. */
export function findingText(f: SchemaFinding): string {
  const errs = f.errors.map((e) => `${e.pointer === '' ? '(message)' : e.pointer}: ${e.message} (${e.keyword})`);
  return `${f.def} ${errs.join('; ')}${f.moreErrors ? `; and ${f.moreErrors} more` : ''}`;
}

const problem = (t: SchemaGateTrial, f: SchemaFinding, hint: string): Problem => ({
  file: t.wire,
  field: findingPlace(f),
  message: findingText(f),
  hint,
});

/** The mutant id of a `calibration/mutant-<id>` subject. */
const mutantOf = (subject: string) => (subject.startsWith(MUTANT) ? subject.slice(MUTANT.length) : undefined);

/**
 * Why a finding is deliberate, when it is: the prober's message on a declared probe step, or a declared mutant's
 * message in one of the definitions its declaration names. Undefined for every other finding.
 */
export function declaredReason(
  t: Pick<SchemaGateTrial, 'revision' | 'role' | 'subject'>,
  f: SchemaFinding,
  ex: SchemaExemptions,
): string | undefined {
  if (f.sender === 'harness')
    return f.step === undefined
      ? undefined
      : t.role === 'server'
        ? ex.steps[t.revision]?.[f.step]
        : ex.labels?.[t.revision]?.[f.step];
  const mutant = mutantOf(t.subject);
  const decl = mutant === undefined ? undefined : ex.mutants[t.revision]?.[t.role]?.[mutant];
  return decl?.defs.includes(f.def) ? decl.reason : undefined;
}

/** The trial's report with each deliberate finding's reason filled in (`declared`), for the data set and the replay. */
export function withDeclarations<T extends SchemaGateTrial>(t: T, ex: SchemaExemptions): TrialSchemaReport {
  return {
    ...t.schema,
    findings: t.schema.findings.map((f) => {
      const why = declaredReason(t, f, ex);
      return why === undefined ? f : { ...f, declared: why };
    }),
  };
}

/** A record made before the fix still holds the old message. */
const RERUN =
  ' (fixed already? then the record is older than the fix: re-run it with `npm run calibrate`, or `npm run libraries` for library records)';

/** The file to fix for a violation on our side. */
function fixHint(t: SchemaGateTrial, f: SchemaFinding): string {
  const rev = t.revision;
  if (f.sender === 'harness') {
    if (t.role === 'server') {
      return `the prober sent it: fix src/harness/probe/${rev}/${f.step ? ` (step "${f.step}")` : ''}, or, if the step breaks the schema on purpose, declare it with a reason in src/harness/probe/${rev}/schema-invalid-steps.ts${RERUN}`;
    }
    return `the reference server sent it: fix src/harness/reference/${rev}/${RERUN}`;
  }
  return `the ${t.role === 'server' ? 'oracle server' : 'oracle client'} sent it: fix src/harness/oracle/${rev}/${t.role}/${RERUN}`;
}

/**
 * The schema gate: every message our side sends validates. That is the prober's messages in every server-role trial
 * (except steps declared deliberately invalid), the reference server's in every client-role trial, and the subject's
 * in trials of our own oracle. A mutant's findings must be declared on its MutantInfo (`schemaInvalid`), and only in
 * the definitions it names; a declaration (step or mutant definition) that no finding uses, in trials where it ran,
 * is stale and fails too. Trials whose schema check was skipped are not gated (derive reports the skip).
 */
export function schemaGate(trials: readonly SchemaGateTrial[], ex: SchemaExemptions): Problem[] {
  const problems: Problem[] = [];
  const stepsRan = new Set<string>();
  const stepsUsed = new Set<string>();
  const mutantsRan = new Set<string>();
  const defsUsed = new Set<string>();
  const labelsRan = new Set<string>();
  const labelsUsed = new Set<string>();
  for (const t of trials) {
    if (t.schema.status !== 'checked') continue;
    const steps = ex.steps[t.revision] ?? {};
    const labels = ex.labels?.[t.revision] ?? {};
    if (t.role === 'server') for (const s of t.schema.steps) if (s in steps) stepsRan.add(`${t.revision}\u0000${s}`);
    if (t.role === 'client') for (const s of t.schema.steps) if (s in labels) labelsRan.add(`${t.revision}\u0000${s}`);
    const mutant = mutantOf(t.subject);
    const decl = mutant === undefined ? undefined : ex.mutants[t.revision]?.[t.role]?.[mutant];
    if (mutant !== undefined) mutantsRan.add(`${t.revision}\u0000${t.role}\u0000${mutant}`);
    for (const f of t.schema.findings) {
      if (f.sender === 'harness') {
        if (t.role === 'server' && f.step !== undefined && f.step in steps) {
          stepsUsed.add(`${t.revision}\u0000${f.step}`);
          continue;
        }
        if (t.role === 'client' && f.step !== undefined && f.step in labels) {
          labelsUsed.add(`${t.revision}\u0000${f.step}`);
          continue;
        }
        problems.push(problem(t, f, fixHint(t, f)));
        continue;
      }
      if (OURS.has(t.subject)) problems.push(problem(t, f, fixHint(t, f)));
      else if (mutant !== undefined) {
        const file = `src/harness/oracle/${t.revision}/${t.role}/mutants.ts`;
        if (decl?.defs.includes(f.def)) defsUsed.add(`${t.revision}\u0000${t.role}\u0000${mutant}\u0000${f.def}`);
        else if (decl)
          problems.push(
            problem(
              t,
              f,
              `mutant "${mutant}" declares schemaInvalid only for ${decl.defs.join(', ')} in ${file}: add "${f.def}" if its switch breaks it, else fix the mutant`,
            ),
          );
        else
          problems.push(
            problem(
              t,
              f,
              `mutant "${mutant}" is not declared schema-invalid: if its switch breaks the schema on purpose, set schemaInvalid: { reason, defs: ["${f.def}"] } on it in ${file}; else fix src/harness/oracle/${t.revision}/${t.role}/`,
            ),
          );
      }
    }
  }
  for (const [rev, steps] of Object.entries(ex.steps) as [Revision, Readonly<Record<string, string>>][]) {
    for (const step of Object.keys(steps).sort()) {
      const key = `${rev}\u0000${step}`;
      if (stepsRan.has(key) && !stepsUsed.has(key)) {
        problems.push({
          file: `src/harness/probe/${rev}/schema-invalid-steps.ts`,
          field: step,
          message: `stale declaration: step "${step}" is declared schema-invalid, but its requests validate`,
          hint: 'remove the entry (the step no longer breaks the schema)',
        });
      }
    }
  }
  for (const [rev, labels] of Object.entries(ex.labels ?? {}) as [Revision, Readonly<Record<string, string>>][]) {
    for (const label of Object.keys(labels).sort()) {
      const key = `${rev}\u0000${label}`;
      if (labelsRan.has(key) && !labelsUsed.has(key)) {
        problems.push({
          file: `src/harness/reference/${rev}/scripts.ts`,
          field: label,
          message: `stale declaration: reference label "${label}" is declared schema-invalid, but its answers validate`,
          hint: 'remove the entry from SCHEMA_INVALID_LABELS (the reference no longer breaks the schema there)',
        });
      }
    }
  }
  for (const [rev, roles] of Object.entries(ex.mutants) as [
    Revision,
    Partial<Record<Role, Readonly<Record<string, MutantSchemaDeclaration>>>>,
  ][]) {
    for (const [role, mutants] of Object.entries(roles) as [
      Role,
      Readonly<Record<string, MutantSchemaDeclaration>>,
    ][]) {
      for (const [id, decl] of Object.entries(mutants).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (!mutantsRan.has(`${rev}\u0000${role}\u0000${id}`)) continue;
        const stale = decl.defs.filter((d) => !defsUsed.has(`${rev}\u0000${role}\u0000${id}\u0000${d}`));
        if (stale.length) {
          problems.push({
            file: `src/harness/oracle/${rev}/${role}/mutants.ts`,
            field: id,
            message: `stale declaration: mutant "${id}" declares schemaInvalid for ${stale.join(', ')}, but none of its trials has such a finding`,
            hint: 'remove those definitions from schemaInvalid.defs (or the whole schemaInvalid), or recalibrate if the records are old',
          });
        }
      }
    }
  }
  return problems;
}
