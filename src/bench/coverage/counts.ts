// The coverage report's figures per revision × role: counts per level (folded and as the TSV writes it), and the
// share of observable in-scope MUSTs tested. Pure; computed here once so the site only picks and formats them.
import { ROLES, type Level } from '../schema/common.ts';
import { EXCLUSION_REASONS, type ExclusionReason } from '../schema/coverage.ts';
import type { MustShareTreatment, ObservableMusts } from '../schema/coverage-report.ts';
import type { CoverageCount, CoverageLevelCount, SentenceCoverage } from './types.ts';

const LEVELS: Level[] = ['MUST', 'SHOULD', 'MAY'];
/** The TSV's levels in reading order; another spelling sorts after them, by name, and an unknown level last. */
const RAW_LEVELS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'];

type Tally = Omit<CoverageCount, 'role' | 'level'>;

/** In scope, tested, excluded by reason and unaccounted over some sentences of one role. */
function tally(mine: readonly SentenceCoverage[], specPresent: boolean): Tally {
  const excluded = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<ExclusionReason, number>;
  for (const s of mine) if (s.exclusion) excluded[s.exclusion.reason] += 1;
  const tested = mine.filter((s) => s.checkpoints.length > 0).length;
  const excludedTotal = mine.filter((s) => s.exclusion).length;
  return {
    inScope: specPresent ? mine.length : null,
    tested,
    excluded,
    excludedTotal,
    unaccounted: mine.length - tested - excludedTotal,
  };
}

/** Per role × folded level (then the role's total, level `all`): in scope, tested, excluded by reason. */
export function countAll(sentences: readonly SentenceCoverage[], specPresent: boolean): CoverageCount[] {
  return ROLES.flatMap((role) =>
    ([...LEVELS, 'all'] as const).map((level) => ({
      role,
      level,
      ...tally(
        sentences.filter((s) => s.role === role && (level === 'all' || s.level === level)),
        specPresent,
      ),
    })),
  );
}

/** The level a sentence row is shown and counted under: the TSV's spelling, else the folded level, else unknown. */
const levelOf = (s: SentenceCoverage): string | null => s.rawLevel ?? s.level;

function byLevel(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const [i, j] = [RAW_LEVELS.indexOf(a), RAW_LEVELS.indexOf(b)];
  if (i >= 0 || j >= 0) return i < 0 ? 1 : j < 0 ? -1 : i - j;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Per role × level as the TSV writes it (`MUST NOT` apart from `MUST`), only the levels the role has. */
export function levelCounts(sentences: readonly SentenceCoverage[], specPresent: boolean): CoverageLevelCount[] {
  return ROLES.flatMap((role) => {
    const mine = sentences.filter((s) => s.role === role);
    const levels = [...new Set(mine.map(levelOf))].sort(byLevel);
    return levels.map((rawLevel) => ({
      role,
      rawLevel,
      ...tally(
        mine.filter((s) => levelOf(s) === rawLevel),
        specPresent,
      ),
    }));
  });
}

/**
 * How the share of observable in-scope MUSTs treats a MUST row excluded for each reason (a Record, so a new reason
 * cannot be added without deciding). `untested`: the behaviour is the subject's and shows on the wire, so the row stays
 * in the denominator, untested — a transport sentence is in scope even if no task touches it today, and an ambiguous
 * one waits for a reading. `not-counted`: the row has no wire behaviour of the subject's own to test, or is counted
 * once elsewhere (an umbrella through its parts, a restatement through its tested twin).
 */
export const MUST_SHARE: Readonly<Record<ExclusionReason, MustShareTreatment>> = {
  'not-observable-on-the-wire': 'not-counted',
  'intermediary-only': 'not-counted',
  // Outside the transport the tasks measure (auth, stdio, icons, resources…): listed with its why, not counted; a
  // transport sentence wrongly put there is moved to not-yet-scenarioed on review (issue 16), which then shows here.
  'out-of-task-scope': 'not-counted',
  'other-role': 'not-counted',
  'ambiguous-see-CONTEXT': 'untested',
  'not-yet-scenarioed': 'untested',
  'not-an-obligation': 'not-counted',
  umbrella: 'not-counted',
  'restated-elsewhere': 'not-counted',
};

/** Per role: observable in-scope MUST rows, how many are tested, and why the others are not. */
export function observableMusts(sentences: readonly SentenceCoverage[], specPresent: boolean): ObservableMusts[] {
  return ROLES.map((role) => {
    const musts = sentences.filter((s) => s.role === role && s.level === 'MUST');
    const counted = musts.filter((s) => !s.exclusion || MUST_SHARE[s.exclusion.reason] === 'untested');
    const tested = counted.filter((s) => s.checkpoints.length > 0).length;
    const observable = specPresent ? counted.length : null;
    const causes = [
      ...EXCLUSION_REASONS.filter((r) => MUST_SHARE[r] === 'untested').map((cause) => ({
        cause,
        sentences: counted.filter((s) => s.exclusion?.reason === cause).length,
      })),
      {
        cause: 'unaccounted' as const,
        sentences: counted.filter((s) => s.checkpoints.length === 0 && !s.exclusion).length,
      },
    ];
    return {
      role,
      tested,
      observable,
      share: observable ? tested / observable : null,
      untested: causes.filter((c) => c.sentences > 0),
      notCounted: musts.length - counted.length,
    };
  });
}
