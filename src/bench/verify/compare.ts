// Re-run verification compares outcomes, not messages: a message quotes timings and ids that differ run to run, while
// pass / fail / not-applicable per checkpoint is what the score is made of.
import type { Verdict } from '../schema/verdict.ts';
import type { CheckpointMatch } from '../schema/verification-row.ts';

// The type is the data set's (one schema per concept): what derive publishes is what this returns.
export type { CheckpointMatch };

/** Checkpoint by checkpoint, in the stored record's order, then any the re-run alone has. */
export function compareVerdicts(stored: readonly Verdict[], rerun: readonly Verdict[]): CheckpointMatch[] {
  const again = new Map(rerun.map((v) => [v.checkpoint, v.verdict] as const));
  const out: CheckpointMatch[] = stored.map((v) => {
    const r = again.get(v.checkpoint) ?? 'missing';
    return { checkpoint: v.checkpoint, stored: v.verdict, rerun: r, match: r === v.verdict };
  });
  const seen = new Set(stored.map((v) => v.checkpoint));
  for (const v of rerun)
    if (!seen.has(v.checkpoint))
      out.push({ checkpoint: v.checkpoint, stored: 'missing', rerun: v.verdict, match: false });
  return out;
}
