// Contested readings and consequences in judgeTrial: a contested checkpoint gets its strict verdict beside the scored
// one, a failure that follows from a failed cause names it, and the score counts neither twice nor the strict one.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../schema/scenario.ts';
import { scoreTrial } from '../scoring/score.ts';
import { wireLog } from './2025-11-25/server/test-logs.ts';
import { stateless } from './2026-07-28/server/test-logs.ts';
import { judge, strictOf, wrapJudge } from './define.ts';
import { judgeTrial, JudgeError } from './run.ts';
import { fail, pass, type Judge, type JudgeRegistry } from './types.ts';

const CONTEST = {
  strict: 'the strict reading of the sentence, in twenty characters or more',
  otherReading: 'the other reading a careful implementer holds, with its source',
  sources: [{ label: 'spec #1', url: 'https://example.org/1' }],
  settledBy: 'a spec decision',
};

const scenarioOf = (checkpoints: object[]) =>
  ({ id: 's', revision: '2026-07-28', role: 'server', checkpoints }) as unknown as Scenario;
const registryOf = (server: Record<string, Judge>): JudgeRegistry => ({ '2026-07-28': { server } });
const log = wireLog(stateless());

describe('contested checkpoints', () => {
  const lenientPass = judge(
    'c',
    () => pass('lenient'),
    () => fail('strict fails', [2, 1, 2]),
  );

  it('scores the lenient verdict and reports the strict one beside it', () => {
    const [v] = judgeTrial(
      scenarioOf([{ slug: 'c', level: 'MUST', spec: null, contested: CONTEST }]),
      log,
      registryOf({ c: lenientPass }),
    );
    expect(v).toMatchObject({
      verdict: 'pass',
      strict: { verdict: 'fail', evidence: [1, 2], message: 'strict fails' },
    });
    expect(scoreTrial([v!]).score).toBe(1);
  });

  it('reports no strict verdict for a checkpoint that is not contested, even if its judge has a strict form', () => {
    const [v] = judgeTrial(scenarioOf([{ slug: 'c', level: 'MUST', spec: null }]), log, registryOf({ c: lenientPass }));
    expect(v).not.toHaveProperty('strict');
  });

  it('throws JudgeError for a contested checkpoint whose judge has no strict form (a benchmark defect)', () => {
    expect(() =>
      judgeTrial(
        scenarioOf([{ slug: 'c', level: 'MUST', spec: null, contested: CONTEST }]),
        log,
        registryOf({ c: () => pass('only one reading') }),
      ),
    ).toThrow(JudgeError);
  });

  it('keeps the strict form through a wrapper (a revision binding)', () => {
    const wrapped = wrapJudge(lenientPass, (inner) => (input) => inner(input));
    expect(strictOf(wrapped)?.({} as never)).toMatchObject({ verdict: 'fail', message: 'strict fails' });
    expect(strictOf(() => pass('x'))).toBeUndefined();
  });
});

describe('consequences', () => {
  const scenario = scenarioOf([
    { slug: 'task', level: 'MUST', spec: null, consequenceOf: ['cause'] },
    { slug: 'cause', level: 'MUST', spec: null },
    { slug: 'should', level: 'SHOULD', spec: null, consequenceOf: ['other', 'cause'] },
    { slug: 'other', level: 'SHOULD', spec: null },
  ]);
  const run = (outcomes: Record<string, boolean>) =>
    judgeTrial(
      scenario,
      log,
      registryOf(
        Object.fromEntries(
          Object.entries(outcomes).map(([slug, ok]) => [slug, () => (ok ? pass(slug) : fail(slug))] as const),
        ),
      ),
    );

  it('marks a failure whose cause failed with the first failed cause, and scores it out', () => {
    const vs = run({ task: false, cause: false, should: false, other: true });
    expect(vs.map((v) => v.consequenceOf)).toEqual(['cause', undefined, 'cause', undefined]);
    expect(scoreTrial(vs)).toMatchObject({ score: 0, mustFailed: ['cause'], consequences: ['task', 'should'] });
  });

  it('counts a failure whose causes all passed', () => {
    const vs = run({ task: false, cause: true, should: false, other: true });
    expect(vs.every((v) => v.consequenceOf === undefined)).toBe(true);
    expect(scoreTrial(vs)).toMatchObject({ score: 0, mustFailed: ['task'], consequences: [] });
  });

  it('never marks a verdict that passed', () => {
    const vs = run({ task: true, cause: false, should: true, other: false });
    expect(vs.map((v) => v.consequenceOf)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('does not count a SHOULD consequence twice: the score is its cause alone', () => {
    const vs = run({ task: true, cause: true, should: false, other: false });
    expect(vs[2]!.consequenceOf).toBe('other');
    expect(scoreTrial(vs)).toMatchObject({ score: 0, should: { passed: 0, applicable: 1 } });
  });
});
