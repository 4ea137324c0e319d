// The spec coverage ledger of one revision as coverage-table.astro shows it. Pure: every number comes from
// `dataset.extra.coverage` (computed by src/bench/coverage); this only picks columns, groups by role and builds links.
import type { CoverageCount, CoverageReport, SentenceCoverage } from '../bench/coverage/types.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import type { ExclusionReason } from '../bench/schema/coverage.ts';
import type { Revision, Role } from '../bench/schema/common.ts';
import { pinnedQuote, specLocation } from './spec-link.ts';
import { checkpointUrl, coverageUrl, ledgerAnchor, ledgerSection, ledgerUrl, readingsUrl } from './urls.ts';

export interface CoverageSentenceView {
  /** Row id (`cov-<revision>-<role>-<sentence id>`), the target of ledgerUrl. */
  anchor: string;
  id: string;
  /** `file:line` and its pinned link, when known. */
  location?: { text: string; href?: string };
  /** TSV level (`MUST NOT`), else the folded level, else `—`. */
  level: string;
  quote?: string;
  checkpoints: { text: string; href: string }[];
  exclusion?: {
    reason: ExclusionReason;
    /** Where the reason is explained, when it points elsewhere (`ambiguous-see-CONTEXT` → the readings page). */
    reasonHref?: string;
    why: string;
    sameAs?: { id: string; href: string };
  };
}

/** One spec section (file key) of a role's ledger: its page, how many sentences it holds and how many are tested. */
export interface LedgerSection {
  role: Role;
  key: string;
  href: string;
  sentences: number;
  tested: number;
}

export type CoverageView =
  | {
      ledger: false;
      revision: Revision;
      /** A revision entry exists but the pinned spec was absent. */ specMissing: boolean;
    }
  | {
      ledger: true;
      revision: Revision;
      specPresent: boolean;
      counts: CoverageCount[];
      /** Reason columns: the classes this revision uses, in the report's order (all-zero columns only add noise). */
      reasons: ExclusionReason[];
      /** Some sentence is neither tested nor excluded (a build with the gate off). */
      gaps: boolean;
      /** Server first, then client; only roles with sentences. */
      roles: { role: Role; sentences: CoverageSentenceView[] }[];
      /** Per role, its ledger sections (spec file keys) in first-seen order, with how many sentences and tested. */
      sections: LedgerSection[];
    };

function sentenceView(revision: Revision, role: Role, s: SentenceCoverage): CoverageSentenceView {
  return {
    anchor: ledgerAnchor(revision, role, s.id),
    id: s.id,
    ...(s.file && s.line !== undefined
      ? { location: { text: specLocation(s.file, s.line), ...(s.url ? { href: s.url } : {}) } }
      : {}),
    level: s.rawLevel ?? s.level ?? '—',
    ...(s.quote ? { quote: s.file ? pinnedQuote(revision, s.file, s.quote) : s.quote } : {}),
    checkpoints: s.checkpoints.map((c) => ({
      text: `${c.scenario} / ${c.slug}`,
      href: checkpointUrl(revision, role, c.scenario, c.slug),
    })),
    ...(s.exclusion
      ? {
          exclusion: {
            reason: s.exclusion.reason,
            ...(s.exclusion.reason === 'ambiguous-see-CONTEXT'
              ? { reasonHref: `${readingsUrl(revision, role)}#ambiguous` }
              : {}),
            why: s.exclusion.why,
            ...(s.exclusion.sameAs
              ? { sameAs: { id: s.exclusion.sameAs, href: ledgerUrl(revision, role, s.exclusion.sameAs) } }
              : {}),
          },
        }
      : {}),
  };
}

/**
 * The ledger of `revision` from the data set's coverage report (absent report or ledger: an empty state); with `only`,
 * the sentence list of that role alone (the summary counts stay whole: they are one small table).
 */
export function coverageView(
  report: CoverageReport | undefined,
  revision: Revision,
  only?: Role,
  section?: string,
): CoverageView {
  const rev = report?.revisions.find((r) => r.revision === revision);
  if (!rev || rev.ledger === null)
    return { ledger: false, revision, specMissing: rev !== undefined && !rev.specPresent };
  const roles = (['server', 'client'] as const)
    .filter((role) => !only || role === only)
    .map((role) => ({
      role,
      sentences: rev.sentences
        .filter((s) => s.role === role && (!section || ledgerSection(s.id) === section))
        .map((s) => sentenceView(revision, role, s)),
    }))
    .filter((r) => r.sentences.length > 0);
  return {
    ledger: true,
    revision,
    specPresent: rev.specPresent,
    counts: rev.counts,
    reasons: (report?.reasons ?? []).filter((r) => rev.counts.some((c) => c.excluded[r] > 0)),
    gaps: rev.counts.some((c) => c.unaccounted > 0),
    roles,
    sections: ledgerSections(rev.sentences, revision).filter((x) => !only || x.role === only),
  };
}

function ledgerSections(sentences: readonly SentenceCoverage[], revision: Revision): LedgerSection[] {
  const out = new Map<string, LedgerSection>();
  for (const s of sentences) {
    const key = ledgerSection(s.id);
    const id = `${s.role}/${key}`;
    const row = out.get(id) ?? { role: s.role, key, href: coverageUrl(revision, s.role, key), sentences: 0, tested: 0 };
    row.sentences++;
    if (s.checkpoints.length > 0) row.tested++;
    out.set(id, row);
  }
  return [...out.values()];
}

/**
 * The ledger sections of one revision × role (the section pages' static paths): those of the report, and those of
 * every sentence a checkpoint cites, so a checkpoint's ledger link always lands on a page, even in a build without
 * the ledger (the page then says so).
 */
export function ledgerSectionKeys(
  report: CoverageReport | undefined,
  revision: Revision,
  role: Role,
  cited: readonly string[] = [],
): string[] {
  const rev = report?.revisions.find((r) => r.revision === revision);
  const keys = rev
    ? ledgerSections(rev.sentences, revision)
        .filter((x) => x.role === role)
        .map((x) => x.key)
    : [];
  return [...new Set([...keys, ...cited.map(ledgerSection)])];
}

/** Sentence ids the checkpoints of one revision × role cite. */
export const citedSentences = (d: Pick<Dataset, 'scenarios'>, revision: Revision, role: Role): string[] =>
  d.scenarios
    .filter((s) => s.revision === revision && s.role === role)
    .flatMap((s) => s.checkpoints.flatMap((c) => (c.spec ? [c.spec.id] : [])));

/**
 * The coverage-ledger row of a cited sentence, when the ledger shows one (a build without the pinned spec, or a
 * sentence outside the ledger, has none: no link rather than a link to a missing anchor).
 */
export function ledgerLink(
  report: CoverageReport | undefined,
  revision: Revision,
  role: Role,
  sentenceId: string,
): string | undefined {
  const rev = report?.revisions.find((r) => r.revision === revision);
  if (!rev || rev.ledger === null) return undefined;
  return rev.sentences.some((x) => x.role === role && x.id === sentenceId)
    ? ledgerUrl(revision, role, sentenceId)
    : undefined;
}
