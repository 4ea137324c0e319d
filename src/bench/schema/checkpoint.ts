import { z } from 'zod';
import { LevelSchema, SentenceIdSchema, SlugSchema } from './common.ts';
import { ContestSchema } from './contest.ts';

/** The one spec sentence a checkpoint asserts, located in the pinned spec. */
export const SpecRefSchema = z.strictObject({
  /** Sentence id from `<revision>/normative-sentences.tsv`, e.g. `251125-transports-211`. */
  id: SentenceIdSchema,
  /** Path of the spec file relative to the revision folder of the pinned spec (`MCP_SPEC_DIR/<revision>/`). */
  file: z.string().min(1),
  /** 1-based line on which the sentence starts in `file`. */
  line: z.int().positive(),
  /** The sentence exactly as in the TSV (markdown emphasis kept). Verified against the pinned spec by tests. */
  quote: z.string().min(1),
});
export type SpecRef = z.infer<typeof SpecRefSchema>;

/**
 * One checkpoint: asserts one RFC 2119 sentence of the pinned spec, decided by exactly one pure judge.
 * The judge registry is keyed by `slug`, so a slug names its judge.
 */
export const CheckpointSchema = z
  .strictObject({
    /** Stable kebab-case slug `<area>-<subject>-<behaviour>`; the same text appears on pass and fail (Ctrl+F-able). */
    slug: SlugSchema,
    /** `task` = finishing the task (always MUST, cites no sentence); `spec` = asserts `spec`'s sentence. */
    kind: z.enum(['task', 'spec']).default('spec'),
    /** RFC 2119 level; for `spec` checkpoints it must equal the TSV level of the cited sentence. */
    level: LevelSchema,
    /** The cited sentence; `null` only for the `task` checkpoint (finishing the task is not a spec sentence). */
    spec: SpecRefSchema.nullable(),
    /** The judge's rule in one line, shown on checkpoint pages, e.g. "A request with a terminated session id gets 404". */
    rule: z.string().min(1),
    /**
     * When the checkpoint applies, in words (e.g. "only if the server issued a session id").
     * Absent = always. When the condition does not hold the judge returns `not-applicable`, never a silent pass.
     */
    appliesWhen: z.string().min(1).optional(),
    /**
     * The judge's decision where the sentence is ambiguous, conditional or not fully observable, in one or two
     * sentences; absent when the sentence is read literally. Inline markdown (code spans); shown on the checkpoint page
     * and in CONTEXT.md's generated deviations section. Not part of the scenario hash: rewording it is a minor version.
     */
    reading: z.string().min(1).optional(),
    /**
     * Present when the sentence has a second reading a careful implementer holds and no upstream decision settles it:
     * the judge scores the lenient reading (`rule`, `reading`) and also judges the strict one, shown beside the score
     * and never counted. The judge registers both (`judge(slug, lenient, strict)`); derive refuses one without the other.
     */
    contested: ContestSchema.optional(),
    /**
     * Checkpoints of the same scenario whose failure makes this one fail by itself (e.g. a client that never opens a
     * new session cannot finish a task that needs one). When one of them failed, this verdict is marked a consequence
     * of it: shown, never counted a second time in the score.
     */
    consequenceOf: z.array(SlugSchema).min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'task' && c.level !== 'MUST') {
      ctx.addIssue({ code: 'custom', path: ['level'], message: 'a task checkpoint is always MUST' });
    }
    if (c.kind === 'task' && c.spec !== null) {
      // A task checkpoint citing a sentence would count as testing it in the coverage ledger.
      ctx.addIssue({
        code: 'custom',
        path: ['spec'],
        message: 'a task checkpoint cites no sentence: set "spec": null',
      });
    }
    if (c.consequenceOf?.includes(c.slug)) {
      ctx.addIssue({ code: 'custom', path: ['consequenceOf'], message: 'a checkpoint cannot be its own cause' });
    }
    if (c.kind === 'task' && c.contested) {
      ctx.addIssue({ code: 'custom', path: ['contested'], message: 'the task has one reading: the prompt' });
    }
    if (c.kind === 'spec' && c.spec === null) {
      ctx.addIssue({ code: 'custom', path: ['spec'], message: 'a spec checkpoint must cite a sentence' });
    }
  });
export type Checkpoint = z.infer<typeof CheckpointSchema>;
