// Every failing library verdict carries a review class (`libraries/evidence/index.json`, `review`); derive checks the
// class against what the verdict and its checkpoint say, so a class cannot claim what the data contradicts: a
// `contested` verdict must fail only the strict reading of a contested checkpoint, a `consequence` must name the
// cause its verdict names, and our own defects (`glue`, `judge`) may not stand on a published failure. Pure.
import type { Problem } from '../problems.ts';
import type { Checkpoint } from '../schema/checkpoint.ts';
import type { LibraryFailureRow } from '../schema/library-view.ts';
import type { EvidenceEntry } from '../schema/library.ts';

const INDEX = 'libraries/evidence/index.json';

/** Problems of one evidence entry's review, for a row whose scored or strict verdict fails. */
export function reviewProblems(
  e: EvidenceEntry,
  field: string,
  key: string,
  c: Checkpoint,
  row: Pick<LibraryFailureRow, 'verdict' | 'strict' | 'consequenceOf'>,
): Problem[] {
  const at = (message: string, hint: string, sub = 'class'): Problem => ({
    file: INDEX,
    field: `${field}.${sub}`,
    message: `${key}: ${message}`,
    hint,
  });
  const r = e.review;
  const scoredFails = row.verdict === 'fail';
  switch (r.class) {
    case 'glue':
    case 'judge':
      return [
        at(
          `reviewed as our own defect (${r.class}), yet the failure is still published`,
          r.class === 'glue'
            ? "fix the glue (the library's best documented configuration) or add a notAttempted entry, then re-run `npm run libraries`"
            : 'fix the judge or the prober with a test that fails on the old code, re-judge and re-run `npm run libraries`',
        ),
      ];
    case 'contested':
      if (!c.contested)
        return [
          at(
            `checkpoint ${c.slug} is not contested`,
            'give the checkpoint `contested` (the strict reading, the other reading, its sources) and its judge a strict form, or choose another class',
          ),
        ];
      if (scoredFails)
        return [
          at(
            'the scored (lenient) reading fails too, so the failure does not rest on the contested reading',
            'classify it violation, acknowledged or consequence',
          ),
        ];
      return [];
    case 'consequence':
      if (row.consequenceOf !== r.cause)
        return [
          at(
            row.consequenceOf
              ? `the verdict follows from ${row.consequenceOf}, the review says ${r.cause}`
              : `the verdict is not marked a consequence of ${r.cause}`,
            `the checkpoint must list ${r.cause} in consequenceOf and ${r.cause} must fail in the same trial`,
            'cause',
          ),
        ];
      return [];
    case 'violation':
    case 'acknowledged':
      if (!scoredFails) return [at('only the strict reading of a contested checkpoint fails', 'classify it contested')];
      if (row.consequenceOf)
        return [
          at(
            `the verdict follows from ${row.consequenceOf} and is not counted`,
            `classify it consequence with cause ${row.consequenceOf}`,
          ),
        ];
      return [];
  }
}
