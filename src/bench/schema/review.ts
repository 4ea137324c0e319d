// The review of one failing library verdict: why it fails, in one of six classes (CONTEXT.md, "Every library
// failure reviewed"). Kept in `libraries/evidence/index.json` beside the raw evidence; derive checks it against the
// verdicts, scoring never reads it (contested and consequence verdicts are already out of the score by the
// checkpoint's own data).
import { z } from 'zod';
import { SlugSchema } from './common.ts';
import { SourceLinkSchema } from './contest.ts';

/** The review classes, in the order the site lists them. */
export const REVIEW_CLASSES = ['violation', 'acknowledged', 'contested', 'consequence', 'glue', 'judge'] as const;

/** One line of reason: shown on the site beside the class. */
const ReasonSchema = z.string().min(20).max(400);

/** Upstream issues or pull requests that bear on the verdict (required for `acknowledged`). */
const UpstreamSchema = z.array(SourceLinkSchema);

/**
 * One failing verdict's class:
 * - `violation`: the sentence admits no other reading (the reason says why);
 * - `acknowledged`: upstream agrees it is a defect (`upstream` links it);
 * - `contested`: the verdict fails only the strict reading of a contested checkpoint (the other reading and its
 *   sources are the checkpoint's `contested`), so it is shown and never scored;
 * - `consequence`: it failed only because `cause` failed in the same trial (the checkpoint's `consequenceOf`);
 * - `glue` / `judge`: our own defect (the glue's configuration, or the judge or prober): derive refuses it on a
 *   failing verdict until it is fixed and re-run.
 */
export const ReviewSchema = z.discriminatedUnion('class', [
  z.strictObject({
    class: z.literal('violation'),
    /** Why no careful implementer could read the sentence otherwise. */
    reason: ReasonSchema,
    /** Upstream threads that bear on it, if any (none agreed or disagreed yet). */
    upstream: UpstreamSchema.optional(),
  }),
  z.strictObject({
    class: z.literal('acknowledged'),
    /** What upstream agreed to. */
    reason: ReasonSchema,
    /** The upstream issue or pull request that agrees (at least one). */
    upstream: UpstreamSchema.min(1),
  }),
  z.strictObject({
    class: z.literal('contested'),
    /** What the library does and which reading it follows. */
    reason: ReasonSchema,
    /** Upstream threads specific to this library, if any (the checkpoint's `contested.sources` hold the general ones). */
    upstream: UpstreamSchema.optional(),
  }),
  z.strictObject({
    class: z.literal('consequence'),
    /** Why the cause's failure makes this one fail by itself. */
    reason: ReasonSchema,
    /** The failed checkpoint of the same trial it follows from (must equal the verdict's `consequenceOf`). */
    cause: SlugSchema,
  }),
  z.strictObject({
    class: z.literal('glue'),
    /** What in our glue made the library fail, and the fix. */
    reason: ReasonSchema,
  }),
  z.strictObject({
    class: z.literal('judge'),
    /** What in our judge or prober is wrong, and the fix. */
    reason: ReasonSchema,
  }),
]);
export type Review = z.infer<typeof ReviewSchema>;
export type ReviewClass = Review['class'];
