import { describe, expect, it } from 'vitest';
import type { Level, Role } from '../schema/common.ts';
import { EXCLUSION_REASONS, type ExclusionReason } from '../schema/coverage.ts';
import { levelCounts, MUST_SHARE, observableMusts } from './counts.ts';
import type { SentenceCoverage } from './types.ts';

let n = 0;
/** A ledger row of one role: tested (`'tested'`), excluded for the reason `by`, or unaccounted (`null`). */
const row = (role: Role, rawLevel: string, level: Level, by: ExclusionReason | 'tested' | null): SentenceCoverage => ({
  id: `251125-transports-${++n}`,
  role,
  level,
  rawLevel,
  checkpoints: by === 'tested' ? [{ scenario: 'tools-basics', slug: `c${n}` }] : [],
  ...(by && by !== 'tested' ? { exclusion: { reason: by, why: 'fixture' } } : {}),
});
const must = (by: ExclusionReason | 'tested' | null, role: Role = 'server', raw = 'MUST') => row(role, raw, 'MUST', by);

describe('observableMusts', () => {
  it('divides tested MUST and MUST NOT rows by the observable ones, naming why the rest are untested', () => {
    const rows = [
      must('tested'),
      must('tested', 'server', 'MUST NOT'),
      must('tested'),
      must('not-yet-scenarioed'),
      must('not-yet-scenarioed', 'server', 'MUST NOT'),
      must('ambiguous-see-CONTEXT'),
      // Not in the denominator: no wire behaviour of the subject's own, or counted once elsewhere.
      must('not-observable-on-the-wire'),
      must('other-role'),
      must('restated-elsewhere'),
      must('umbrella'),
      must('out-of-task-scope'),
      // Not MUSTs, and another role's rows: none of this role's figure.
      row('server', 'SHOULD', 'SHOULD', 'not-yet-scenarioed'),
      row('server', 'MAY', 'MAY', 'tested'),
      must('not-yet-scenarioed', 'client'),
    ];
    const [client, server] = observableMusts(rows, true);
    expect(server).toEqual({
      role: 'server',
      tested: 3,
      observable: 6,
      share: 0.5,
      untested: [
        { cause: 'ambiguous-see-CONTEXT', sentences: 1 },
        { cause: 'not-yet-scenarioed', sentences: 2 },
      ],
      notCounted: 5,
    });
    expect(client).toEqual({
      role: 'client',
      tested: 0,
      observable: 1,
      share: 0,
      untested: [{ cause: 'not-yet-scenarioed', sentences: 1 }],
      notCounted: 0,
    });
  });

  it('reaches 1 only when every observable MUST is tested, and counts an unaccounted row as untested', () => {
    expect(observableMusts([must('tested'), must('umbrella')], true)[1]).toMatchObject({ share: 1, notCounted: 1 });
    expect(observableMusts([must('tested'), must(null)], true)[1]).toMatchObject({
      tested: 1,
      observable: 2,
      share: 0.5,
      untested: [{ cause: 'unaccounted', sentences: 1 }],
    });
  });

  it('has no share without the spec, or without an observable MUST', () => {
    expect(observableMusts([must('tested')], false)[1]).toMatchObject({ tested: 1, observable: null, share: null });
    expect(observableMusts([must('other-role')], true)[1]).toMatchObject({ observable: 0, share: null });
  });

  it('places every exclusion reason on one side of the definition', () => {
    expect(Object.keys(MUST_SHARE).sort()).toEqual([...EXCLUSION_REASONS].sort());
    expect(EXCLUSION_REASONS.filter((r) => MUST_SHARE[r] === 'untested')).toEqual([
      'ambiguous-see-CONTEXT',
      'not-yet-scenarioed',
    ]);
  });
});

describe('levelCounts', () => {
  it('counts each role per level as the TSV writes it, in reading order, only the levels the role has', () => {
    const rows = [
      row('server', 'MAY', 'MAY', 'tested'),
      must('not-yet-scenarioed', 'server', 'MUST NOT'),
      row('server', 'SHOULD NOT', 'SHOULD', 'umbrella'),
      must('tested'),
      must('tested'),
      must('other-role'),
      row('client', 'SHOULD', 'SHOULD', null),
    ];
    const counts = levelCounts(rows, true);
    expect(counts.map((c) => [c.role, c.rawLevel, c.inScope, c.tested, c.excludedTotal, c.unaccounted])).toEqual([
      ['client', 'SHOULD', 1, 0, 0, 1],
      ['server', 'MUST', 3, 2, 1, 0],
      ['server', 'MUST NOT', 1, 0, 1, 0],
      ['server', 'SHOULD NOT', 1, 0, 1, 0],
      ['server', 'MAY', 1, 1, 0, 0],
    ]);
    expect(counts[1]!.excluded['other-role']).toBe(1);
    expect(counts[2]!.excluded['not-yet-scenarioed']).toBe(1);
  });

  it('without the spec falls back to the folded level, then to an unknown level last, with unknown scope', () => {
    const rows: SentenceCoverage[] = [
      {
        id: '251125-basic-1',
        role: 'server',
        level: null,
        checkpoints: [],
        exclusion: { reason: 'umbrella', why: 'x' },
      },
      { id: '251125-basic-2', role: 'server', level: 'MUST', checkpoints: [{ scenario: 's', slug: 'a' }] },
    ];
    expect(levelCounts(rows, false).map((c) => [c.rawLevel, c.inScope, c.tested, c.excludedTotal])).toEqual([
      ['MUST', null, 1, 0],
      [null, null, 0, 1],
    ]);
  });
});
