import { describe, expect, it } from 'vitest';
import type { CoverageCount, CoverageReport } from '../bench/coverage/types.ts';
import { MUST_SHARE } from '../bench/coverage/counts.ts';
import { EXCLUSION_REASONS, type ExclusionReason } from '../bench/schema/coverage.ts';
import { coverageView } from './coverage.ts';

const excluded = (over: Partial<Record<ExclusionReason, number>> = {}) =>
  ({ ...Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])), ...over }) as Record<ExclusionReason, number>;
const count = (role: 'server' | 'client', over: Partial<CoverageCount> = {}): CoverageCount => ({
  role,
  level: 'all',
  inScope: 3,
  tested: 1,
  excluded: excluded({ umbrella: 1, 'restated-elsewhere': 1 }),
  excludedTotal: 2,
  unaccounted: 0,
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
      counts: [count('server')],
      levelCounts: [],
      observableMusts: [],
      sentences: [
        {
          id: '251125-transports-79a',
          role: 'server',
          level: 'MUST',
          rawLevel: 'MUST NOT',
          file: 'basic/transports.mdx',
          line: 79,
          quote: 'Servers **MUST** …',
          url: 'https://example/x#L79',
          checkpoints: [{ scenario: 'tools-basics', slug: 'origin-check' }],
        },
        {
          id: '251125-transports-80',
          role: 'server',
          level: 'MUST',
          checkpoints: [],
          exclusion: { reason: 'restated-elsewhere', why: 'same as 79a', sameAs: '251125-transports-79a' },
        },
        {
          id: '251125-basic-1',
          role: 'server',
          level: null,
          checkpoints: [],
          exclusion: { reason: 'umbrella', why: 'summary' },
        },
      ],
    },
    {
      revision: '2026-07-28',
      ledger: null,
      specPresent: false,
      counts: [],
      levelCounts: [],
      observableMusts: [],
      sentences: [],
    },
  ],
};

describe('coverageView', () => {
  it('keeps only the reason columns in use, in the report order, and only the roles with sentences', () => {
    const v = coverageView(report, '2025-11-25');
    if (!v.ledger) throw new Error('expected a ledger');
    expect(v.reasons).toEqual(['umbrella', 'restated-elsewhere']);
    expect(v.gaps).toBe(false);
    expect(v.roles.map((r) => r.role)).toEqual(['server']);
    expect(v.roles[0]!.sentences).toHaveLength(3);
  });

  it('builds anchors, spec locations, checkpoint links and same-as links', () => {
    const v = coverageView(report, '2025-11-25');
    if (!v.ledger) throw new Error('expected a ledger');
    const [tested, restated, umbrella] = v.roles[0]!.sentences;
    expect(tested).toMatchObject({
      anchor: 'cov-2025-11-25-server-251125-transports-79a',
      level: 'MUST NOT',
      location: { text: 'basic/transports.mdx:79', href: 'https://example/x#L79' },
    });
    expect(tested!.checkpoints).toEqual([
      { text: 'tools-basics / origin-check', href: '/2025-11-25/server/tools-basics/origin-check/' },
    ]);
    expect(restated!.exclusion!.sameAs).toEqual({
      id: '251125-transports-79a',
      href: '/methodology/coverage/2025-11-25/server/transports/#cov-2025-11-25-server-251125-transports-79a',
    });
    expect(restated!.location).toBeUndefined();
    expect(umbrella!.level).toBe('—');
  });

  it('flags unaccounted sentences as gaps', () => {
    const gappy: CoverageReport = {
      ...report,
      revisions: [{ ...report.revisions[0]!, counts: [count('server', { unaccounted: 1 })] }],
    };
    const v = coverageView(gappy, '2025-11-25');
    expect(v.ledger && v.gaps).toBe(true);
  });

  it('is an empty state without a report, a revision entry or a ledger', () => {
    expect(coverageView(undefined, '2025-11-25')).toEqual({
      ledger: false,
      revision: '2025-11-25',
      specMissing: false,
    });
    expect(coverageView(report, '2026-07-28')).toEqual({ ledger: false, revision: '2026-07-28', specMissing: true });
    expect(coverageView({ ...report, revisions: [] }, '2026-07-28')).toEqual({
      ledger: false,
      revision: '2026-07-28',
      specMissing: false,
    });
  });
});
