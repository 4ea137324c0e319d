import type { SourceFile } from '../derive/scenarios.ts';
import { cmp, type Problem } from '../problems.ts';
import { REVISIONS, ROLES, type Level, type Revision, type Role } from '../schema/common.ts';
import { EXCLUSION_REASONS, type CoverageExclusion } from '../schema/coverage.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { SentenceRow } from '../spec/tsv.ts';
import { ledgerPath, parseLedgers, roleIdKey, type ParsedLedger } from './ledger.ts';
import { sentenceUrl } from '../spec/links.ts';
import { COVERAGE_REPORT_FORMAT } from '../schema/coverage-report.ts';
import type { CoverageCheckpoint, CoverageReport, RevisionCoverage, SentenceCoverage } from './types.ts';
import { countAll, levelCounts, MUST_SHARE, observableMusts } from './counts.ts';

export interface CoverageInput {
  /** `scenarios/<revision>/coverage.json` files. */
  ledgers: readonly SourceFile[];
  /** Validated scenarios (all revisions). */
  scenarios: readonly Scenario[];
  /** Pinned TSV rows per revision, when the spec is present: enables the full check. */
  spec?: Partial<Record<Revision, readonly SentenceRow[]>>;
  /** Pinned commit per GitHub repository (`owner/name`), for line links. */
}

/** A checkpoint's citation, kept for sentences the (absent) TSV cannot describe. */
interface Cite extends CoverageCheckpoint {
  level: Level;
  file: string;
  line: number;
  quote: string;
}

/** Checkpoints citing each sentence, per role: `<role>\0<id>` → citations in scenario, slug order. */
function testedBy(scenarios: readonly Scenario[], rev: Revision): Map<string, Cite[]> {
  const out = new Map<string, Cite[]>();
  const mine = scenarios.filter((s) => s.revision === rev).sort((a, b) => cmp(a.id, b.id));
  for (const s of mine) {
    for (const c of s.checkpoints) {
      if (c.kind !== 'spec' || !c.spec) continue;
      const key = roleIdKey(s.role, c.spec.id);
      const cite: Cite = {
        scenario: s.id,
        slug: c.slug,
        level: c.level,
        file: c.spec.file,
        line: c.spec.line,
        quote: c.spec.quote,
      };
      (out.get(key) ?? out.set(key, []).get(key)!).push(cite);
    }
  }
  for (const cites of out.values()) cites.sort((a, b) => cmp(a.scenario, b.scenario) || cmp(a.slug, b.slug));
  return out;
}

/** In scope for a role: the TSV says this role or `both`, or a checkpoint of this role cites it anyway. */
const inScope = (row: SentenceRow, role: Role, tested: boolean) =>
  tested || row.appliesTo === role || row.appliesTo === 'both';

/**
 * The coverage check. Per revision and role, every TSV sentence in scope is tested (a checkpoint of that role's
 * scenarios cites it) or excluded by the ledger — never both, never neither — and the ledger names only TSV ids.
 * Without the spec only the ledger's own consistency and "excluded yet tested" are checked.
 * `problems`: the ledger files themselves are invalid (always fatal). `gaps`: the accounting does not balance (fatal
 * unless the gate is off, like the calibration gate, so scenario authors can iterate).
 */
export function checkCoverage(input: CoverageInput): { report: CoverageReport; problems: Problem[]; gaps: Problem[] } {
  const { ledgers, problems } = parseLedgers(input.ledgers);
  const gaps: Problem[] = [];
  const present = new Set(input.ledgers.map((f) => f.path));
  const revisions: RevisionCoverage[] = [];
  for (const rev of REVISIONS) {
    const rows = input.spec?.[rev];
    const ledger = ledgers.get(rev);
    const tested = testedBy(input.scenarios, rev);
    if (!ledger) {
      if (rows && !present.has(ledgerPath(rev))) {
        // An invalid ledger already has its own problems; only a truly absent one is reported here.
        gaps.push({
          file: ledgerPath(rev),
          message: `missing coverage ledger: the pinned ${rev} TSV has ${rows.length} sentences to test or exclude`,
          hint: `create it: {"format": "mcpfs.coverage/1", "revision": "${rev}", "exclusions": []}, then run derive for the list`,
        });
      }
      revisions.push({
        revision: rev,
        ledger: null,
        specPresent: !!rows,
        counts: [],
        levelCounts: [],
        observableMusts: [],
        sentences: [],
      });
      continue;
    }
    gaps.push(...conflicts(ledger, tested, rows));
    const sentences = rows ? fromSpec(rev, rows, ledger, tested, gaps) : fromLedger(rev, ledger, tested);
    revisions.push({
      revision: rev,
      ledger: ledger.path,
      specPresent: !!rows,
      counts: countAll(sentences, !!rows),
      levelCounts: levelCounts(sentences, !!rows),
      observableMusts: observableMusts(sentences, !!rows),
      sentences,
    });
  }
  return {
    report: {
      format: COVERAGE_REPORT_FORMAT,
      reasons: [...EXCLUSION_REASONS],
      mustShare: { ...MUST_SHARE },
      revisions,
    },
    problems,
    gaps,
  };
}

/** Exclusions of tested sentences; with the spec, also unknown ids and roles the sentence is not in scope for. */
function conflicts(ledger: ParsedLedger, tested: Map<string, Cite[]>, rows?: readonly SentenceRow[]): Problem[] {
  const problems: Problem[] = [];
  const byId = rows ? new Map(rows.map((r) => [r.id, r])) : undefined;
  ledger.ledger.exclusions.forEach((e, i) => {
    const row = byId?.get(e.id);
    if (byId && !row) {
      problems.push({
        file: ledger.path,
        field: `exclusions[${i}].id`,
        message: `unknown sentence "${e.id}" in the pinned ${ledger.ledger.revision} TSV`,
        hint: 'remove it, or fix the id',
      });
      return;
    }
    for (const role of e.roles) {
      if (e.sameAs && !tested.has(roleIdKey(role, e.sameAs))) {
        problems.push({
          file: ledger.path,
          field: `exclusions[${i}].sameAs`,
          message: `"${e.sameAs}" is not tested by any ${role} checkpoint, so it cannot stand in for "${e.id}"`,
          hint: 'pick another reason',
        });
      }
      const cites = tested.get(roleIdKey(role, e.id));
      if (cites) {
        problems.push({
          file: ledger.path,
          field: `exclusions[${i}]`,
          message: `"${e.id}" is excluded for ${role} but tested by ${cites.map((c) => `${c.scenario}/${c.slug}`).join(', ')}`,
          hint: `remove "${role}" from its roles`,
        });
      } else if (row && !inScope(row, role, false)) {
        problems.push({
          file: ledger.path,
          field: `exclusions[${i}].roles`,
          message: `"${e.id}" applies to ${row.appliesTo} only; it is not in scope for ${role}`,
          hint: `remove "${role}" from its roles`,
        });
      }
    }
  });
  return problems;
}

/** Full check: every in-scope TSV sentence of each role is accounted for. */
function fromSpec(
  rev: Revision,
  rows: readonly SentenceRow[],
  ledger: ParsedLedger,
  tested: Map<string, Cite[]>,
  problems: Problem[],
): SentenceCoverage[] {
  const out: SentenceCoverage[] = [];
  for (const role of ROLES) {
    for (const row of rows) {
      const cites = tested.get(roleIdKey(role, row.id));
      if (!inScope(row, role, !!cites)) continue;
      const ex = ledger.byRoleId.get(roleIdKey(role, row.id));
      // An uncovered sentence is still listed (and counted as unaccounted) so a build with the gate off never understates the scope.
      out.push({
        id: row.id,
        role,
        level: row.level,
        rawLevel: row.rawLevel,
        appliesTo: row.appliesTo,
        file: row.file,
        line: row.line,
        quote: row.sentence,
        ...link(rev, row.file, row.line),
        checkpoints: (cites ?? []).map(({ scenario, slug }) => ({ scenario, slug })),
        ...(!cites && ex ? { exclusion: exclusionView(ex.exclusion) } : {}),
      });
      if (!cites && !ex) {
        problems.push({
          file: ledger.path,
          field: 'exclusions',
          message: `sentence "${row.id}" (${role}, ${row.rawLevel}, ${row.file}:${row.line}) is neither tested by a ${role} checkpoint nor excluded`,
          hint: `cite it from a ${rev} ${role} checkpoint, or add {"id": "${row.id}", "roles": ["${role}"], "reason": "…", "why": "…"}`,
        });
      }
    }
  }
  return out;
}

/** Without the spec: what the scenarios and the ledger say, nothing more (scope is the TSV's to decide). */
function fromLedger(rev: Revision, ledger: ParsedLedger, tested: Map<string, Cite[]>): SentenceCoverage[] {
  const out: SentenceCoverage[] = [];
  for (const role of ROLES) {
    const ids = new Set<string>();
    for (const key of [...tested.keys(), ...ledger.byRoleId.keys()])
      if (key.startsWith(`${role}\u0000`)) ids.add(key.slice(role.length + 1));
    for (const id of [...ids].sort(cmp)) {
      const cites = tested.get(roleIdKey(role, id));
      const ex = ledger.byRoleId.get(roleIdKey(role, id));
      const c = cites?.[0];
      out.push({
        id,
        role,
        level: c ? c.level : null,
        ...(c ? { file: c.file, line: c.line, quote: c.quote, ...link(rev, c.file, c.line) } : {}),
        checkpoints: (cites ?? []).map(({ scenario, slug }) => ({ scenario, slug })),
        ...(cites || !ex ? {} : { exclusion: exclusionView(ex.exclusion) }),
      });
    }
  }
  return out;
}

function exclusionView(e: CoverageExclusion): NonNullable<SentenceCoverage['exclusion']> {
  return { reason: e.reason, why: e.why, ...(e.sameAs ? { sameAs: e.sameAs } : {}) };
}

function link(rev: Revision, file: string, line: number): { url?: string } {
  const url = sentenceUrl(rev, file, line);
  return url ? { url } : {};
}
