// The coverage ledger's figures as the methodology index and the ledger pages show them: per revision a compact table
// of role × level (tested, excluded by reason, in scope), and per role the share of observable in-scope MUSTs tested.
// Pure: every number comes from `dataset.extra.coverage` (src/bench/coverage/counts.ts); this picks, labels, formats.
import type { CoverageCount, CoverageReport, ObservableMusts, RevisionCoverage } from '../bench/coverage/types.ts';
import type { MustShareTreatment } from '../bench/schema/coverage-report.ts';
import { EXCLUSION_REASONS, type ExclusionReason } from '../bench/schema/coverage.ts';
import type { Revision, Role } from '../bench/schema/common.ts';
import { floorPct } from './format.ts';
import { coverageUrl, methodologyUrl } from './urls.ts';

/** Where the methodology index defines "observable in-scope MUST" (the share lines link there). */
export const mustShareDefinitionUrl = (): string => `${methodologyUrl()}#observable-musts`;

/** One row of a figures table: a level of a role, or the role's total. */
export interface FiguresRow {
  /** `MUST NOT`, `unknown level`, or `all levels` on the total row. */
  label: string;
  total: boolean;
  tested: number;
  /** Per reason column of the table, in its order. */
  excluded: number[];
  unaccounted: number;
  /** `—` when the spec is absent (scope unknown). */
  inScope: string;
}

/** The share of observable in-scope MUSTs tested, as a line of text and its parts. */
export interface MustShareView {
  role: Role;
  /** `28/74 = 37%` (rounded down); `28 tested (no denominator …)` without the spec; `0/0 (…)` with no observable MUST. */
  figure: string;
  /** Every observable MUST is tested (the goal); false when there is none to test. */
  complete: boolean;
  /** The untested part of the denominator by cause, e.g. `{ count: 19, cause: 'not-yet-scenarioed' }`. */
  untested: { count: number; cause: ExclusionReason | 'unaccounted' }[];
  /** MUST rows left out of the denominator, e.g. `15 MUST rows not counted`. */
  notCounted: string;
}

export interface FiguresRole {
  role: Role;
  /** The role's ledger page. */
  href: string;
  rows: FiguresRow[];
  share?: MustShareView;
}

export type FiguresView =
  | { ledger: false; revision: Revision; specMissing: boolean }
  | {
      ledger: true;
      revision: Revision;
      specPresent: boolean;
      /** Reason columns: the classes this revision uses, in the report's order. */
      reasons: ExclusionReason[];
      /** Some sentence is neither tested nor excluded (a build with the gate off): an extra column. */
      gaps: boolean;
      /** Server first, then client; roles with sentences only. */
      roles: FiguresRole[];
    };

const ROLE_ORDER: readonly Role[] = ['server', 'client'];

const revisionOf = (report: CoverageReport | undefined, revision: Revision): RevisionCoverage | undefined =>
  report?.revisions.find((r) => r.revision === revision);

/** The share line of one role, formatted. */
export function mustShareView(s: ObservableMusts): MustShareView {
  return {
    role: s.role,
    figure:
      s.observable === null
        ? `${s.tested} tested (no denominator without the pinned spec)`
        : s.observable === 0
          ? '0/0 (no observable MUST)'
          : `${s.tested}/${s.observable} = ${floorPct(s.share)}`,
    complete: s.observable !== null && s.observable > 0 && s.tested === s.observable,
    untested: s.untested.map((u) => ({ count: u.sentences, cause: u.cause })),
    notCounted: `${s.notCounted} MUST ${s.notCounted === 1 ? 'row' : 'rows'} not counted`,
  };
}

/** The share line of `revision` × `role`, when the report has a ledger for it. */
export function mustShareOf(
  report: CoverageReport | undefined,
  revision: Revision,
  role: Role,
): MustShareView | undefined {
  const s = revisionOf(report, revision)?.observableMusts.find((m) => m.role === role);
  return s ? mustShareView(s) : undefined;
}

/** Which exclusion reasons keep a MUST row in the denominator (untested) and which leave it out, in report order. */
export function mustShareDefinition(report: CoverageReport | undefined): Record<MustShareTreatment, ExclusionReason[]> {
  const of = (t: MustShareTreatment) => EXCLUSION_REASONS.filter((r) => report?.mustShare[r] === t);
  return { untested: of('untested'), 'not-counted': of('not-counted') };
}

const row = (
  label: string,
  total: boolean,
  c: Omit<CoverageCount, 'role' | 'level'>,
  reasons: ExclusionReason[],
): FiguresRow => ({
  label,
  total,
  tested: c.tested,
  excluded: reasons.map((r) => c.excluded[r]),
  unaccounted: c.unaccounted,
  inScope: c.inScope === null ? '—' : String(c.inScope),
});

/** The figures table of `revision`: per role its levels as the TSV writes them, its total and its share line. */
export function figuresView(report: CoverageReport | undefined, revision: Revision): FiguresView {
  const rev = revisionOf(report, revision);
  if (!rev || rev.ledger === null)
    return { ledger: false, revision, specMissing: rev !== undefined && !rev.specPresent };
  const reasons = (report?.reasons ?? []).filter((r) => rev.counts.some((c) => c.excluded[r] > 0));
  const roles = ROLE_ORDER.flatMap((role): FiguresRole[] => {
    const levels = rev.levelCounts.filter((c) => c.role === role);
    const total = rev.counts.find((c) => c.role === role && c.level === 'all');
    if (levels.length === 0 || !total) return [];
    const share = rev.observableMusts.find((m) => m.role === role);
    return [
      {
        role,
        href: coverageUrl(revision, role),
        rows: [
          ...levels.map((c) => row(c.rawLevel ?? 'unknown level', false, c, reasons)),
          row('all levels', true, total, reasons),
        ],
        ...(share ? { share: mustShareView(share) } : {}),
      },
    ];
  });
  return {
    ledger: true,
    revision,
    specPresent: rev.specPresent,
    reasons,
    gaps: rev.counts.some((c) => c.unaccounted > 0),
    roles,
  };
}
