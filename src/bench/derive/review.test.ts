import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../schema/checkpoint.ts';
import type { EvidenceEntry } from '../schema/library.ts';
import type { Review } from '../schema/review.ts';
import { reviewProblems } from './review.ts';

const plain: Checkpoint = { slug: 'c', kind: 'spec', level: 'MUST', spec: null, rule: 'r' };
const contested: Checkpoint = {
  ...plain,
  contested: {
    strict: 'the strict reading of the sentence, at length',
    otherReading: 'the other reading, held by an official SDK',
    sources: [{ label: 'sdk PR', url: 'https://example.org/pr' }],
    settledBy: 'a spec decision',
  },
};
const REASON = 'a reason of at least twenty characters';
const entry = (review: Review) => ({ review }) as EvidenceEntry;
type Row = Parameters<typeof reviewProblems>[4];
const fails: Row = { verdict: 'fail', strict: null, consequenceOf: null };
const strictOnly: Row = { verdict: 'pass', strict: { verdict: 'fail', message: 'm' }, consequenceOf: null };
const consequence: Row = { verdict: 'fail', strict: null, consequenceOf: 'cause' };
const check = (review: Review, c: Checkpoint, row: Row) =>
  reviewProblems(entry(review), 'entries[0].review', 'k', c, row).map((p) => `${p.field}: ${p.message}`);

describe('a failing library verdict’s review class, checked against the verdict', () => {
  it('accepts a violation or an acknowledged defect on a counted failure', () => {
    expect(check({ class: 'violation', reason: REASON }, plain, fails)).toEqual([]);
    const upstream = [{ label: 'issue #1', url: 'https://example.org/1' }];
    expect(check({ class: 'acknowledged', reason: REASON, upstream }, plain, fails)).toEqual([]);
  });

  it('refuses a violation on a strict-only failure (contested) and on a consequence', () => {
    expect(check({ class: 'violation', reason: REASON }, contested, strictOnly)).toEqual([
      'entries[0].review.class: k: only the strict reading of a contested checkpoint fails',
    ]);
    expect(check({ class: 'violation', reason: REASON }, plain, consequence)).toEqual([
      'entries[0].review.class: k: the verdict follows from cause and is not counted',
    ]);
  });

  it('accepts contested only on a contested checkpoint whose scored reading passes', () => {
    expect(check({ class: 'contested', reason: REASON }, contested, strictOnly)).toEqual([]);
    expect(check({ class: 'contested', reason: REASON }, plain, fails)).toEqual([
      'entries[0].review.class: k: checkpoint c is not contested',
    ]);
    expect(check({ class: 'contested', reason: REASON }, contested, fails)).toEqual([
      'entries[0].review.class: k: the scored (lenient) reading fails too, so the failure does not rest on the contested reading',
    ]);
  });

  it('accepts a consequence only with the cause its verdict names', () => {
    expect(check({ class: 'consequence', reason: REASON, cause: 'cause' }, plain, consequence)).toEqual([]);
    expect(check({ class: 'consequence', reason: REASON, cause: 'other' }, plain, consequence)).toEqual([
      'entries[0].review.cause: k: the verdict follows from cause, the review says other',
    ]);
    expect(check({ class: 'consequence', reason: REASON, cause: 'cause' }, plain, fails)).toEqual([
      'entries[0].review.cause: k: the verdict is not marked a consequence of cause',
    ]);
  });

  it('refuses our own defects (glue, judge) on any published failure', () => {
    for (const c of ['glue', 'judge'] as const)
      expect(check({ class: c, reason: REASON }, plain, fails)).toEqual([
        `entries[0].review.class: k: reviewed as our own defect (${c}), yet the failure is still published`,
      ]);
  });
});
