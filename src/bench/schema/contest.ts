// A contested reading: a sentence a careful implementer can honestly read two ways, with no upstream decision yet.
// The checkpoint scores the lenient reading and reports the strict one beside it (CONTEXT.md, "Contested readings").
import { z } from 'zod';

/** An https link to a public source a reader can open (a spec issue, an SDK's code or documentation, a suite check). */
export const SourceLinkSchema = z.strictObject({
  /** What the link is, in a few words, e.g. `spec #1398 (open)` or `conformance suite: tolerates id null`. */
  label: z.string().min(3).max(200),
  /** The address; https only. */
  url: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
});
export type SourceLink = z.infer<typeof SourceLinkSchema>;

/**
 * Why a checkpoint's sentence has two readings. The judge scores the lenient one (the checkpoint's `rule` and
 * `reading` describe it) and reports the strict one beside it, never scored. The contest ends when upstream decides:
 * then the strict reading is scored again (a decision for it) or dropped (a decision against it).
 */
export const ContestSchema = z.strictObject({
  /** The strict reading, judged and shown beside the scored verdict, in one or two sentences. */
  strict: z.string().min(20).max(600),
  /** The other reading a careful implementer holds, and what it allows, in one or two sentences. */
  otherReading: z.string().min(20).max(800),
  /** Where the other reading is held: an open spec issue, an official SDK's documented or defended behaviour, the
   * official suite's tolerance, or a sentence elsewhere that allows it. */
  sources: z.array(SourceLinkSchema).min(1),
  /** What would settle it upstream, e.g. "spec #1398 decided". */
  settledBy: z.string().min(10).max(300),
});
export type Contest = z.infer<typeof ContestSchema>;
