// The spec coverage report (`dataset.extra.coverage`): computed by src/bench/coverage from the ledgers, the scenarios
// and the pinned TSV; the methodology page shows it as is.
import { z } from 'zod';
import { LevelSchema, RevisionSchema, RoleSchema, SentenceIdSchema, SlugSchema } from './common.ts';
import { ExclusionReasonSchema } from './coverage.ts';

export const COVERAGE_REPORT_FORMAT = 'mcpfs.coverage-report/1';

/** A checkpoint that cites a sentence. */
export const CoverageCheckpointSchema = z.strictObject({
  /** Scenario id (of the sentence's role and revision). */
  scenario: SlugSchema,
  /** Checkpoint slug. */
  slug: SlugSchema,
});
export type CoverageCheckpoint = z.infer<typeof CoverageCheckpointSchema>;

/** One sentence as one role sees it: tested by checkpoints, or excluded with a reason. */
export const SentenceCoverageSchema = z.strictObject({
  /** Sentence id from the TSV. */
  id: SentenceIdSchema,
  /** The role this row is for (a `both` sentence has a row per role). */
  role: RoleSchema,
  /** Folded level (MUST NOT → MUST, …); `null` for an excluded sentence when the spec is absent (the ledger holds ids only). */
  level: LevelSchema.nullable(),
  /** Level as the TSV writes it (`MUST NOT`); absent when the spec is not present. */
  rawLevel: z.string().min(1).optional(),
  /** TSV `applies_to`; absent without the spec. */
  appliesTo: z.enum(['server', 'client', 'both']).optional(),
  /** File relative to the revision folder: from the TSV, else from a citing checkpoint. */
  file: z.string().min(1).optional(),
  /** 1-based line of the sentence in `file`. */
  line: z.int().positive().optional(),
  /** The sentence text. */
  quote: z.string().min(1).optional(),
  /** Link to the line at the pinned commit, when the commit is known. */
  url: z.string().min(1).optional(),
  /** Citing checkpoints of this role's scenarios, by scenario then slug. Empty when excluded (or unaccounted). */
  checkpoints: z.array(CoverageCheckpointSchema),
  /** Why the role does not test it, when the ledger excludes it. */
  exclusion: z
    .strictObject({
      /** Reason class. */
      reason: ExclusionReasonSchema,
      /** One line of explanation. */
      why: z.string().min(1),
      /** With `restated-elsewhere`: the sentence that says the same and is tested. */
      sameAs: SentenceIdSchema.optional(),
    })
    .optional(),
});
export type SentenceCoverage = z.infer<typeof SentenceCoverageSchema>;

/** Counts for one revision × role × level: `inScope = tested + excludedTotal + unaccounted`. */
export const CoverageCountSchema = z.strictObject({
  /** The role counted. */
  role: RoleSchema,
  /** `all` = the role's total over every level (sentences of unknown level included). */
  level: z.union([LevelSchema, z.literal('all')]),
  /** `null` when the spec is absent (the TSV decides scope). */
  inScope: z.int().nonnegative().nullable(),
  /** Sentences some checkpoint of the role cites. */
  tested: z.int().nonnegative(),
  /** Excluded, by reason class; every class present with 0 so tables have fixed columns. */
  excluded: z.record(ExclusionReasonSchema, z.int().nonnegative()),
  /** Sum of `excluded`. */
  excludedTotal: z.int().nonnegative(),
  /** Neither tested nor excluded: 0 in every published build (derive fails otherwise, unless the gate is off). */
  unaccounted: z.int().nonnegative(),
});
export type CoverageCount = z.infer<typeof CoverageCountSchema>;

/**
 * Counts for one revision × role × level as the TSV writes it (`MUST NOT` apart from `MUST`): the methodology index's
 * figures. `inScope = tested + excludedTotal + unaccounted`; the role's total is its `counts` row of level `all`.
 */
export const CoverageLevelCountSchema = z.strictObject({
  /** The role counted. */
  role: RoleSchema,
  /**
   * Level as the TSV writes it (`MUST`, `MUST NOT`, `SHOULD`, `SHOULD NOT`, `MAY`); without the spec, the folded level
   * of a citing checkpoint; `null` when unknown (an excluded sentence without the spec).
   */
  rawLevel: z.string().min(1).nullable(),
  /** In scope, tested, excluded by reason, unaccounted: as in `CoverageCountSchema`. */
  ...CoverageCountSchema.omit({ role: true, level: true }).shape,
});
export type CoverageLevelCount = z.infer<typeof CoverageLevelCountSchema>;

/** How the observable-MUST share treats an in-scope MUST row that is not tested. */
export const MustShareTreatmentSchema = z.enum(['untested', 'not-counted']);
export type MustShareTreatment = z.infer<typeof MustShareTreatmentSchema>;

/**
 * The share of observable in-scope MUSTs tested, for one revision × role (goal: 1). Observable in-scope MUST: a
 * sentence in scope for the role (a row of its ledger) at folded level MUST (`MUST`, `MUST NOT`), unless excluded for
 * a reason `CoverageReport.mustShare` marks `not-counted`; tested, excluded for an `untested` reason, or unaccounted.
 */
export const ObservableMustsSchema = z.strictObject({
  /** The role. */
  role: RoleSchema,
  /** Observable in-scope MUST rows some checkpoint of the role cites (the numerator). */
  tested: z.int().nonnegative(),
  /** Observable in-scope MUST rows (the denominator); `null` when the spec is absent (the TSV decides scope and level). */
  observable: z.int().nonnegative().nullable(),
  /** `tested / observable`, in [0, 1]; `null` when `observable` is `null` or 0. */
  share: z.number().min(0).max(1).nullable(),
  /** The untested part of the denominator by cause: its `untested` reasons, then `unaccounted`; only causes with rows. */
  untested: z.array(
    z.strictObject({
      /** An exclusion reason marked `untested`, or `unaccounted` (neither tested nor excluded: a build with the gate off). */
      cause: z.union([ExclusionReasonSchema, z.literal('unaccounted')]),
      /** Rows. */
      sentences: z.int().positive(),
    }),
  ),
  /** MUST rows left out of the denominator (excluded for a `not-counted` reason). Without the spec, `tested`,
   * `untested` and this count only rows whose level a citing checkpoint gives. */
  notCounted: z.int().nonnegative(),
});
export type ObservableMusts = z.infer<typeof ObservableMustsSchema>;

/** Coverage of one revision. */
export const RevisionCoverageSchema = z.strictObject({
  /** The revision. */
  revision: RevisionSchema,
  /** `scenarios/<revision>/coverage.json`, or `null` when there is none (allowed only without the spec). */
  ledger: z.string().min(1).nullable(),
  /** Whether the pinned TSV was present, i.e. whether the full check ran. */
  specPresent: z.boolean(),
  /** Per role × level, then per role over all levels. */
  counts: z.array(CoverageCountSchema),
  /**
   * Per role (as `counts`) × level as the TSV writes it, the levels a role has in `MUST`, `MUST NOT`, `SHOULD`,
   * `SHOULD NOT`, `MAY` order (other spellings after, by name; unknown last).
   */
  levelCounts: z.array(CoverageLevelCountSchema),
  /** Per role (as `counts`): the share of observable in-scope MUSTs tested. */
  observableMusts: z.array(ObservableMustsSchema),
  /** Per role, in TSV order (ids the TSV lacks last, by id). */
  sentences: z.array(SentenceCoverageSchema),
});
export type RevisionCoverage = z.infer<typeof RevisionCoverageSchema>;

/** `dataset.extra.coverage`. */
export const CoverageReportSchema = z.strictObject({
  /** Format tag, `mcpfs.coverage-report/1`. */
  format: z.literal(COVERAGE_REPORT_FORMAT),
  /** Reason classes in display order. */
  reasons: z.array(ExclusionReasonSchema),
  /** How `observableMusts` treats a MUST row excluded for each reason: still in the denominator, or not counted. */
  mustShare: z.record(ExclusionReasonSchema, MustShareTreatmentSchema),
  /** One entry per revision. */
  revisions: z.array(RevisionCoverageSchema),
});
export type CoverageReport = z.infer<typeof CoverageReportSchema>;
