import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';
import { boardTable } from './boards.ts';
import { subjectTrialsTable } from './detail.ts';
import {
  budgetLine,
  MEASURED,
  MEASURED_FLAG,
  REPORTED,
  rowSourceDisplay,
  rowSourceIndex,
  rowSourceNotes,
  usageSourceOf,
} from './usage-source.ts';

const REV = '2025-11-25';
const base = syntheticDataset({ seed: 11, subjects: 3, k: 2 });
const board = base.boards.find((b) => b.revision === REV && b.docs === 'none' && b.kind === 'agent')!;
const top = board.rows[0]!.subject;
/** The data set with every trial of the board's first row measured at the proxy and with usage. */
const measured: Dataset = {
  ...base,
  trials: base.trials.map((t): TrialRow =>
    t.subject.kind === 'agent'
      ? {
          ...t,
          usage: {
            ...t.usage,
            inputTokens: 1000,
            outputTokens: 100,
            costUsd: 0.01,
            ...(t.subject.id === top ? { source: 'proxy' as const, requests: 12 } : { source: 'harness' as const }),
          },
        }
      : t,
  ),
};

describe('usageSourceOf and budgetLine', () => {
  it('labels proxy usage measured, harness or absent usage reported', () => {
    expect(usageSourceOf({ source: 'proxy' })).toMatchObject({ text: MEASURED, measured: true });
    expect(usageSourceOf({ source: 'harness' })).toMatchObject({ text: REPORTED, measured: false });
    expect(usageSourceOf({})).toMatchObject({ text: REPORTED, measured: false });
  });

  it('says a budget ended the session, and nothing otherwise', () => {
    expect(budgetLine({ budgetExhausted: 'tokens', requests: 7 })).toBe(
      'session ended by the model budget (tokens, after 7 model requests); the trial is judged as it stands',
    );
    expect(budgetLine({ budgetExhausted: 'costUsd' })).toContain('(cost in US$)');
    expect(budgetLine({ requests: 7 })).toBeUndefined();
  });
});

describe('board rows', () => {
  it('marks a row whose trials were all measured, notes a mixed row, and leaves a reported row unmarked', () => {
    expect(rowSourceDisplay({ measured: 3, of: 3 }).flag).toBe(MEASURED_FLAG);
    expect(rowSourceDisplay({ measured: 1, of: 3 })).toMatchObject({ flag: '1/3 measured' });
    expect(rowSourceDisplay({ measured: 0, of: 3 }).flag).toBeUndefined();
    expect(rowSourceDisplay({ measured: 0, of: 3 }).note).toContain(REPORTED);
    expect(rowSourceDisplay(undefined)).toEqual({});
    expect(rowSourceNotes([{ measured: 0, of: 2 }, undefined])).toEqual([]);
  });

  it('counts completed trials with figures only', () => {
    const idx = rowSourceIndex(measured.trials);
    const key = `${REV}/none/${top}`;
    const done = measured.trials.filter(
      (t) => t.revision === REV && t.docs === 'none' && t.subject.id === top && t.status === 'completed',
    ).length;
    expect(idx.get(key)).toEqual({ measured: done, of: done });
    expect([...rowSourceIndex(base.trials).values()].every((r) => r.measured === 0)).toBe(true);
  });

  it('puts the marker on the board and a footnote under it', () => {
    const t = boardTable(measured, board);
    const j = t.columns.findIndex((c) => c.key === 'input_tokens');
    const i = t.rows.findIndex((r) => r[0] === top);
    expect(t.cells[i]![j]).toMatchObject({ flag: MEASURED_FLAG });
    expect(t.cells[i === 0 ? 1 : 0]![j]!.flag).toBeUndefined();
    expect(t.notes.join(' ')).toContain(MEASURED);
    expect(boardTable(base, board).notes.join(' ')).not.toContain(MEASURED);
  });

  it("marks a subject page's measured trials", () => {
    const t = subjectTrialsTable(measured, top);
    const j = t.columns.findIndex((c) => c.key === 'cost_usd');
    expect(t.cells.every((r) => r[j]!.flag === MEASURED_FLAG)).toBe(true);
    const other = subjectTrialsTable(measured, board.rows[1]!.subject);
    expect(other.cells.some((r) => r[j]!.flag)).toBe(false);
    expect(other.notes).toEqual([]);
  });
});
