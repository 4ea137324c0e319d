import { describe, expect, it } from 'vitest';
import { MUST_SHARE } from '../bench/coverage/counts.ts';
import type { CoverageCount, CoverageLevelCount, CoverageReport, ObservableMusts } from '../bench/coverage/types.ts';
import { EXCLUSION_REASONS, type ExclusionReason } from '../bench/schema/coverage.ts';
import type { Role } from '../bench/schema/common.ts';
import { figuresView, mustShareDefinition, mustShareOf, mustShareView } from './coverage-figures.ts';

const excluded = (over: Partial<Record<ExclusionReason, number>> = {}) =>
  ({ ...Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])), ...over }) as Record<ExclusionReason, number>;
const tally = (tested: number, over: Partial<Record<ExclusionReason, number>>, inScope: number | null) => {
  const ex = excluded(over);
  const excludedTotal = Object.values(ex).reduce((a, b) => a + b, 0);
  return {
    inScope,
    tested,
    excluded: ex,
    excludedTotal,
    unaccounted: inScope === null ? 0 : inScope - tested - excludedTotal,
  };
};
const level = (role: Role, rawLevel: string, tested: number, over = {}, inScope: number | null = null) =>
  ({ role, rawLevel, ...tally(tested, over, inScope) }) as CoverageLevelCount;
const total = (role: Role, tested: number, over = {}, inScope: number | null = null) =>
  ({ role, level: 'all', ...tally(tested, over, inScope) }) as CoverageCount;
const share = (role: Role, tested: number, observable: number | null, over: Partial<ObservableMusts> = {}) => ({
  role,
  tested,
  observable,
  share: observable ? tested / observable : null,
  untested: [],
  notCounted: 0,
  ...over,
});

const report: CoverageReport = {
  format: 'mcpfs.coverage-report/1',
  reasons: [...EXCLUSION_REASONS],
  mustShare: { ...MUST_SHARE },
  revisions: [
    {
      revision: '2025-11-25',
      ledger: 'scenarios/2025-11-25/coverage.json',
      specPresent: true,
      counts: [total('client', 1, { umbrella: 1 }, 2), total('server', 3, { 'not-yet-scenarioed': 2 }, 5)],
      levelCounts: [
        level('client', 'SHOULD', 1, { umbrella: 1 }, 2),
        level('server', 'MUST', 2, { 'not-yet-scenarioed': 1 }, 3),
        level('server', 'MUST NOT', 1, { 'not-yet-scenarioed': 1 }, 2),
      ],
      observableMusts: [
        share('client', 0, 0),
        share('server', 3, 5, { untested: [{ cause: 'not-yet-scenarioed', sentences: 2 }], notCounted: 1 }),
      ],
      sentences: [],
    },
    {
      revision: '2026-07-28',
      ledger: 'scenarios/2026-07-28/coverage.json',
      specPresent: false,
      counts: [total('server', 1)],
      levelCounts: [level('server', 'MUST', 1)],
      observableMusts: [share('server', 1, null)],
      sentences: [],
    },
  ],
};

describe('figuresView', () => {
  it('lays out server then client, each level as the TSV writes it, then the total, with the reasons in use', () => {
    const v = figuresView(report, '2025-11-25');
    if (!v.ledger) throw new Error('expected a ledger');
    expect(v.reasons).toEqual(['not-yet-scenarioed', 'umbrella']);
    expect(v.gaps).toBe(false);
    expect(v.roles.map((r) => [r.role, r.href])).toEqual([
      ['server', '/methodology/coverage/2025-11-25/server/'],
      ['client', '/methodology/coverage/2025-11-25/client/'],
    ]);
    expect(v.roles[0]!.rows).toEqual([
      { label: 'MUST', total: false, tested: 2, excluded: [1, 0], unaccounted: 0, inScope: '3' },
      { label: 'MUST NOT', total: false, tested: 1, excluded: [1, 0], unaccounted: 0, inScope: '2' },
      { label: 'all levels', total: true, tested: 3, excluded: [2, 0], unaccounted: 0, inScope: '5' },
    ]);
    expect(v.roles[0]!.share).toEqual({
      role: 'server',
      figure: '3/5 = 60%',
      complete: false,
      untested: [{ count: 2, cause: 'not-yet-scenarioed' }],
      notCounted: '1 MUST row not counted',
    });
  });

  it('shows an unknown scope as a dash and a share without denominator when the spec is absent', () => {
    const v = figuresView(report, '2026-07-28');
    if (!v.ledger) throw new Error('expected a ledger');
    expect(v.specPresent).toBe(false);
    expect(v.roles.map((r) => r.role)).toEqual(['server']);
    expect(v.roles[0]!.rows.map((r) => r.inScope)).toEqual(['—', '—']);
    expect(v.roles[0]!.share!.figure).toBe('1 tested (no denominator without the pinned spec)');
    expect(v.roles[0]!.share!.complete).toBe(false);
  });

  it('is an empty state without a report or a ledger', () => {
    expect(figuresView(undefined, '2025-11-25')).toEqual({ ledger: false, revision: '2025-11-25', specMissing: false });
    const none: CoverageReport = {
      ...report,
      revisions: [{ ...report.revisions[1]!, ledger: null, counts: [], levelCounts: [], observableMusts: [] }],
    };
    expect(figuresView(none, '2026-07-28')).toEqual({ ledger: false, revision: '2026-07-28', specMissing: true });
  });
});

describe('the observable-MUST share line', () => {
  it('says when the goal is reached and never rounds a shortfall up to 100%', () => {
    expect(mustShareView(share('server', 63, 63))).toMatchObject({ figure: '63/63 = 100%', complete: true });
    expect(mustShareView(share('server', 199, 200))).toMatchObject({ figure: '199/200 = 99%', complete: false });
    expect(mustShareView(share('client', 0, 0, { notCounted: 3 }))).toMatchObject({
      figure: '0/0 (no observable MUST)',
      complete: false,
      notCounted: '3 MUST rows not counted',
    });
  });

  it('finds the line of a revision × role, and none where the report has no ledger', () => {
    expect(mustShareOf(report, '2025-11-25', 'server')!.figure).toBe('3/5 = 60%');
    expect(mustShareOf(report, '2026-07-28', 'client')).toBeUndefined();
    expect(mustShareOf(undefined, '2025-11-25', 'server')).toBeUndefined();
  });

  it('splits the reasons as the data set defines the denominator', () => {
    expect(mustShareDefinition(report)).toEqual({
      untested: ['ambiguous-see-CONTEXT', 'not-yet-scenarioed'],
      'not-counted': [
        'not-observable-on-the-wire',
        'intermediary-only',
        'out-of-task-scope',
        'other-role',
        'not-an-obligation',
        'umbrella',
        'restated-elsewhere',
      ],
    });
    expect(mustShareDefinition(undefined)).toEqual({ untested: [], 'not-counted': [] });
  });
});
