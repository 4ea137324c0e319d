import { z } from 'zod';
import { RevisionSchema, RoleSchema, SentenceIdSchema } from './common.ts';

/** Format tag of a coverage ledger. */
export const COVERAGE_FORMAT = 'mcpfs.coverage/1';

/**
 * Why an in-scope sentence has no checkpoint. Each class is a claim a reviewer can check against the sentence:
 * - `not-observable-on-the-wire`: the behaviour happens inside the subject (or its user interface) and leaves no trace
 *   in the HTTP exchanges the harness records.
 * - `intermediary-only`: addressed to proxies/gateways between client and server, not to the subject.
 * - `out-of-task-scope`: a feature no scenario asks the subject to implement (e.g. tasks, stdio); testing it would
 *   grade work the prompt never requested.
 * - `other-role`: tagged `both` (or this role) in the TSV but, in a trial of this role, the party it binds is the harness.
 * - `ambiguous-see-CONTEXT`: the spec text admits readings that would pass and fail the same behaviour; CONTEXT.md
 *   records the sentence id and the reading.
 * - `not-yet-scenarioed`: observable and in scope, but no scenario exercises it yet; a visible gap, not a judgement.
 * - `not-an-obligation`: states a fact or grants a permission whose use cannot be told apart from its absence
 *   (e.g. "Disconnection MAY occur at any time").
 * - `umbrella`: summarises a group of sentences (e.g. "follow JSON-RPC 2.0") that are tested or excluded one by one;
 *   it has no behaviour of its own to judge.
 * - `restated-elsewhere`: the same obligation is restated by the sentence `sameAs`, which a checkpoint of this role
 *   tests (derive checks that it does).
 */
export const ExclusionReasonSchema = z.enum([
  'not-observable-on-the-wire',
  'intermediary-only',
  'out-of-task-scope',
  'other-role',
  'ambiguous-see-CONTEXT',
  'not-yet-scenarioed',
  'not-an-obligation',
  'umbrella',
  'restated-elsewhere',
]);
export type ExclusionReason = z.infer<typeof ExclusionReasonSchema>;
export const EXCLUSION_REASONS = ExclusionReasonSchema.options;

/** One sentence a role deliberately does not test, and why. */
export const CoverageExclusionSchema = z
  .strictObject({
    /** Sentence id from the revision's `normative-sentences.tsv`; ids only, so the build checks it without the spec. */
    id: SentenceIdSchema,
    /** Roles the exclusion is for; a `both` sentence is in scope for each role separately. */
    roles: z
      .array(RoleSchema)
      .min(1)
      .refine((rs) => new Set(rs).size === rs.length, 'roles must not repeat'),
    /** Reason class. */
    reason: ExclusionReasonSchema,
    /** One line of explanation (shown on the methodology page next to the sentence). */
    why: z
      .string()
      .min(1)
      .max(240)
      .regex(/^[^\n\r]*$/, 'must be one line'),
    /** With `restated-elsewhere` only: the sentence that says the same and is tested for every role listed. */
    sameAs: SentenceIdSchema.optional(),
  })
  .superRefine((e, ctx) => {
    if (e.reason === 'restated-elsewhere' && !e.sameAs)
      ctx.addIssue({ code: 'custom', path: ['sameAs'], message: 'required with reason "restated-elsewhere"' });
    if (e.reason !== 'restated-elsewhere' && e.sameAs)
      ctx.addIssue({ code: 'custom', path: ['sameAs'], message: 'only allowed with reason "restated-elsewhere"' });
  });
export type CoverageExclusion = z.infer<typeof CoverageExclusionSchema>;

/**
 * `scenarios/<revision>/coverage.json`: for every sentence of the pinned TSV in scope for a role, either a checkpoint
 * of that role's scenarios cites it (tested; derived from the scenarios, never listed here) or an exclusion below.
 */
export const CoverageLedgerSchema = z.strictObject({
  /** JSON Schema for editors (`/schema/coverage.json`). */
  $schema: z.string().optional(),
  /** Format tag, `mcpfs.coverage/1`. */
  format: z.literal(COVERAGE_FORMAT),
  /** Revision; must match the folder. */
  revision: RevisionSchema,
  /** Excluded sentences, ordered by TSV order (derive does not require an order; reviewers read it top-down). */
  exclusions: z.array(CoverageExclusionSchema),
});
export type CoverageLedger = z.infer<typeof CoverageLedgerSchema>;
