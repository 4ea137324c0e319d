// The home page's figures: best rows with their run metadata, the calibration verdict line and the most-missed
// sentences, from small hand-built inputs (figures worked out by hand) and over a whole synthetic data set.
import { describe, expect, it } from 'vitest';
import type { CalibrationRow, TrialRow } from './dataset.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Outcome } from '../schema/verdict.ts';
import { syntheticDataset } from '../../testing/synthetic-dataset.ts';
import { calibrationVerdict, highlights, HOME_ROWS, missedSentences, rowMeta } from './highlights.ts';

const d = syntheticDataset({ seed: 7, subjects: 7, libraries: 2, scenarios: 2, k: 2 });
const base = d.trials.find((t) => t.subject.kind === 'agent' && t.status === 'completed')!;

const trial = (over: Partial<TrialRow> & { v?: Record<string, Outcome> }): TrialRow => {
  const { v = {}, ...rest } = over;
  const verdicts = Object.entries(v).map(([checkpoint, verdict]) => ({ ...base.verdicts[0]!, checkpoint, verdict }));
  return { ...base, verdicts, ...rest };
};

describe('row metadata', () => {
  it('takes the latest end, the distinct versions, sorted, and the trials per isolation kind', () => {
    const at = { benchmarkVersion: '1.0.0', isolation: 'none' } as const;
    const a = trial({ ...at, id: 'trial-a-0001', endedAt: '2026-01-02T00:00:00.000Z', benchmarkVersion: '1.1.0' });
    const b = trial({ ...at, id: 'trial-b-0001', endedAt: '2026-03-01T00:00:00.000Z', isolation: 'netns' });
    const c = trial({ ...at, id: 'trial-c-0001', endedAt: '2026-02-01T00:00:00.000Z' });
    const byId = new Map([a, b, c].map((t) => [t.id, t]));
    expect(rowMeta(['trial-a-0001', 'trial-b-0001', 'trial-c-0001', 'missing-trial'], byId)).toEqual({
      lastRun: '2026-03-01T00:00:00.000Z',
      versions: ['1.0.0', '1.1.0'],
      isolation: {
        kinds: [
          { kind: 'none', trials: 2 },
          { kind: 'netns', trials: 1 },
        ],
        mixed: true,
      },
    });
    expect(rowMeta([], byId)).toEqual({ lastRun: null, versions: [], isolation: { kinds: [], mixed: false } });
  });
});

describe('calibration verdict', () => {
  it('reports the worst oracle, null and cheater figures and sums the kills', () => {
    const row = d.calibration[0]!;
    const mk = (
      oracle: number,
      nul: number,
      killed: number,
      checkpoints: number,
      contaminated = 0,
    ): CalibrationRow => ({
      ...row,
      cheater: { ...row.cheater, contaminated },
      ok: oracle === 1 && nul === 0 && killed === checkpoints,
      summary: {
        oracle: { min: oracle, max: 1 },
        null: { min: 0, max: nul },
        cheater: { min: 0, max: 0 },
        killed,
        checkpoints,
      },
    });
    expect(calibrationVerdict([mk(1, 0, 5, 5), mk(0.75, 0.25, 3, 4, 1)])).toEqual({
      scenarios: 2,
      passing: 1,
      oracleMin: 0.75,
      nullMax: 0.25,
      cheaterMax: 0,
      contaminated: 1,
      killed: 8,
      checkpoints: 9,
    });
    expect(calibrationVerdict([])).toMatchObject({ scenarios: 0, oracleMin: null, nullMax: null, killed: 0 });
  });
});

describe('most-missed sentences', () => {
  // Two checkpoints of one scenario cite the same sentence; a third cites another; the task checkpoint cites none.
  const s0 = d.scenarios.find((s) => s.revision === base.revision && s.role === base.role && s.id === base.scenario)!;
  const [c0, c1, c2] = s0.checkpoints.filter((c) => c.spec);
  const shared = c0!.spec!;
  const s: Scenario = {
    ...s0,
    checkpoints: s0.checkpoints.map((c) => (c === c1 ? { ...c, level: c0!.level, spec: shared } : c)),
  };
  const at = (subject: string, v: Record<string, Outcome>) =>
    trial({ subject: { ...base.subject, id: subject }, v, revision: s.revision, role: s.role, scenario: s.id });

  it('sums verdicts over the checkpoints citing a sentence and counts failing and judged subjects', () => {
    const trials = [
      at('agent/a', { [c0!.slug]: 'fail', [c1!.slug]: 'pass', [c2!.slug]: 'fail' }),
      at('agent/b', { [c0!.slug]: 'pass', [c1!.slug]: 'not-applicable', [c2!.slug]: 'pass' }),
      at('agent/c', { [c0!.slug]: 'fail', [c1!.slug]: 'fail' }),
      { ...at('agent/d', { [c0!.slug]: 'fail' }), status: 'infra-error' as const },
      {
        ...at('library/x@1', { [c2!.slug]: 'fail' }),
        subject: { kind: 'library' as const, id: 'library/x@1', label: 'x' },
      },
    ];
    const got = missedSentences([s], trials, s.revision, 'agent');
    // Shared sentence: a fail + pass, b pass (n/a left out), c fail + fail; the infra-error trial counts for nothing.
    expect(got.map((m) => [m.sentence, m.fail, m.applicable, m.failRate, m.failedBy, m.judged])).toEqual([
      [shared.id, 3, 5, 3 / 5, 2, 3],
      [c2!.spec!.id, 1, 2, 1 / 2, 1, 2],
    ]);
    expect(got[0]!.checkpoints.map((c) => c.checkpoint).sort()).toEqual([c0!.slug, c1!.slug].sort());
    expect(missedSentences([s], trials, s.revision, 'library').map((m) => [m.sentence, m.failedBy])).toEqual([
      [c2!.spec!.id, 1],
    ]);
  });

  it('leaves out sentences nobody failed', () => {
    expect(missedSentences([s], [at('agent/a', { [c0!.slug]: 'pass' })], s.revision, 'agent')).toEqual([]);
  });
});

describe('highlights over a synthetic data set', () => {
  const h = highlights(d);

  it('lists the first rows of every agent and library board with rows, in board order, agents first', () => {
    for (const r of h) {
      const want = d.boards.filter((b) => b.revision === r.revision && b.kind !== 'calibration' && b.rows.length);
      expect(r.leaders.map((l) => `${l.kind}/${l.docs}`).sort()).toEqual(want.map((b) => `${b.kind}/${b.docs}`).sort());
      expect(r.leaders.findIndex((l) => l.kind === 'library')).not.toBeLessThan(
        r.leaders.filter((l) => l.kind === 'agent').length,
      );
      for (const l of r.leaders) {
        const b = want.find((x) => x.kind === l.kind && x.docs === l.docs)!;
        expect(l.total).toBe(b.rows.length);
        expect(l.rows.map((x) => x.subject)).toEqual(b.rows.slice(0, HOME_ROWS).map((x) => x.subject));
        for (const x of l.rows) {
          expect(x.meta.lastRun).not.toBeNull();
          expect(x.meta.versions.length).toBeGreaterThan(0);
        }
      }
    }
    // The data set has more agents than the home page shows: the cut is real.
    expect(h.some((r) => r.leaders.some((l) => l.total > l.rows.length))).toBe(true);
  });

  it('has a gate line per revision that passes, and missed strips sorted by fail rate', () => {
    for (const r of h) {
      expect(r.calibration.passing).toBe(r.calibration.scenarios);
      expect(r.calibration.oracleMin).toBe(1);
      for (const m of r.missed) {
        const rates = m.sentences.map((x) => x.failRate);
        expect(rates).toEqual([...rates].sort((a, b) => b - a));
        expect(m.sentences.length).toBeLessThanOrEqual(HOME_ROWS);
      }
    }
    expect(h.flatMap((r) => r.missed).some((m) => m.kind === 'agent' && m.sentences.length > 0)).toBe(true);
  });
});
