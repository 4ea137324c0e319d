// Plain words for a failing library verdict's review class (src/bench/schema/review.ts), shared by every page that
// shows one: the trial's verdict table, the libraries' failure table and evidence list. Pure.
import type { ReviewClass } from '../bench/schema/review.ts';

/** The class as a reader sees it, and one line on what it means. */
export const REVIEW_TEXT: Record<ReviewClass, { label: string; means: string }> = {
  violation: { label: 'violation', means: 'the sentence admits no other reading' },
  acknowledged: {
    label: 'acknowledged upstream',
    means: 'the library’s maintainers or its upstream agree it is a defect',
  },
  contested: {
    label: 'contested reading',
    means: 'fails only the strict reading of a sentence a careful implementer reads another way: shown, never scored',
  },
  consequence: {
    label: 'consequence',
    means: 'failed only because another checkpoint of the trial failed: not counted twice',
  },
  glue: { label: 'our glue', means: 'our glue’s defect (never published: it is fixed and re-run)' },
  judge: { label: 'our judge', means: 'our judge’s defect (never published: it is fixed and re-run)' },
};
