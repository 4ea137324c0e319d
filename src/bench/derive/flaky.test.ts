import { describe, expect, it } from 'vitest';
import type { TrialRow } from '../schema/trial-row.ts';
import { flakySummary, flakyVerdicts } from './flaky.ts';

// Hand-made rows: only the fields flakyVerdicts reads.
const row = (k: number, verdicts: Record<string, string>, more: Partial<TrialRow> = {}): TrialRow =>
  ({
    id: `t${k}${more.scenario ?? ''}`,
    revision: '2025-11-25',
    role: 'server',
    scenario: 'streaming',
    docs: 'none',
    k,
    subject: { kind: 'library', id: 'library/x@1.0.0', label: 'x' },
    status: 'completed',
    current: true,
    verdicts: Object.entries(verdicts).map(([checkpoint, verdict]) => ({ checkpoint, level: 'SHOULD', verdict })),
    ...more,
  }) as unknown as TrialRow;

describe('flaky verdicts', () => {
  it('lists a checkpoint whose verdict differs between repetitions of one cell, with each repetition', () => {
    const f = flakyVerdicts([
      row(2, { a: 'fail', b: 'pass' }),
      row(1, { a: 'pass', b: 'pass' }),
      row(3, { a: 'pass' }),
    ]);
    expect(f).toEqual([
      {
        revision: '2025-11-25',
        role: 'server',
        scenario: 'streaming',
        docs: 'none',
        subject: 'library/x@1.0.0',
        checkpoint: 'a',
        level: 'SHOULD',
        runs: [
          { trial: 't1', k: 1, verdict: 'pass' },
          { trial: 't2', k: 2, verdict: 'fail' },
          { trial: 't3', k: 3, verdict: 'pass' },
        ],
      },
    ]);
    expect(flakySummary(f[0]!)).toBe('pass in k1 and k3, fail in k2');
  });

  it('ignores infra-error and old-version trials, other cells, and a cell run once', () => {
    expect(
      flakyVerdicts([
        row(1, { a: 'pass' }),
        row(2, { a: 'fail' }, { status: 'infra-error' }),
        row(3, { a: 'fail' }, { current: false }),
        row(1, { a: 'fail' }, { scenario: 'tasks' }),
      ]),
    ).toEqual([]);
  });
});
