import type { ExclusionReason } from '../schema/coverage.ts';
import type { Level, Revision, Role } from '../schema/common.ts';

/** A checkpoint that cites a sentence. */
export interface CoverageCheckpoint {
  scenario: string;
  slug: string;
}

/** One sentence as one role sees it: tested by checkpoints, or excluded with a reason. */
export interface SentenceCoverage {
  id: string;
  role: Role;
  /** Folded level (MUST NOT → MUST, …); `null` for an excluded sentence when the spec is absent (the ledger holds ids only). */
  level: Level | null;
  /** Level as the TSV writes it (`MUST NOT`); absent when the spec is not present. */
  rawLevel?: string;
  /** TSV `applies_to`; absent without the spec. */
  appliesTo?: 'server' | 'client' | 'both';
  /** File relative to the revision folder, line, and quote: from the TSV, else from a citing checkpoint. */
  file?: string;
  line?: number;
  quote?: string;
  /** Link to the line at the pinned commit, when the commit is known. */
  url?: string;
  /** Citing checkpoints of this role's scenarios, by scenario then slug. Empty when excluded (or unaccounted). */
  checkpoints: CoverageCheckpoint[];
  exclusion?: { reason: ExclusionReason; why: string; sameAs?: string };
}

/** Counts for one revision × role × level: `inScope = tested + excludedTotal + unaccounted`. */
export interface CoverageCount {
  role: Role;
  /** `all` = the role's total over every level (sentences of unknown level included). */
  level: Level | 'all';
  /** `null` when the spec is absent (the TSV decides scope). */
  inScope: number | null;
  tested: number;
  /** Excluded, by reason class; every class present with 0 so tables have fixed columns. */
  excluded: Record<ExclusionReason, number>;
  excludedTotal: number;
  /** Neither tested nor excluded: 0 in every published build (derive fails otherwise, unless the gate is off). */
  unaccounted: number;
}

/** Coverage of one revision. */
export interface RevisionCoverage {
  revision: Revision;
  /** `scenarios/<revision>/coverage.json`, or `null` when there is none (allowed only without the spec). */
  ledger: string | null;
  /** Whether the pinned TSV was present, i.e. whether the full check ran. */
  specPresent: boolean;
  counts: CoverageCount[];
  /** Per role, in TSV order (ids the TSV lacks last, by id). */
  sentences: SentenceCoverage[];
}

/** `dataset.extra.coverage`. */
export interface CoverageReport {
  format: 'mcpfs.coverage-report/1';
  /** Reason classes in display order. */
  reasons: ExclusionReason[];
  revisions: RevisionCoverage[];
}
