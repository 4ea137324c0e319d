// How a board row's uncertainty and cost read on the page: rank band, interval, pass^k, cost source. Pure formatting
// of what derive computed (src/bench/scoring/uncertainty.ts, src/bench/cost/); the numbers come from the data set.
import type { Aggregate, BoardRow } from '../bench/derive/dataset.ts';
import type { Interval } from '../bench/schema/score.ts';
import type { Method } from '../bench/schema/method.ts';
import { pct, round4 } from './format.ts';
import type { Display, Value } from './table.ts';
import { downloadUrl } from './urls.ts';

/** "1–3" for a shared band, "4" for a row alone. */
export const bandText = (b: BoardRow['rankBand']): string =>
  b.first === b.last ? String(b.first) : `${b.first}–${b.last}`;

/** An interval as whole percentages, "71–92%"; a point as "83%"; `—` when absent. */
export function intervalText(i: Interval | null): string {
  if (!i) return '—';
  const [lo, hi] = [pct(i.lo), pct(i.hi)];
  return lo === hi ? lo : `${lo.slice(0, -1)}–${hi}`;
}

/** An interval for downloads: "0.7123-0.9201" (4 decimals, bounds never negative); `null` when absent. */
export const intervalValue = (i: Interval | null): Value => (i ? `${round4(i.lo)}-${round4(i.hi)}` : null);

/** The interval column of an aggregate: the range, and how it was made in the tooltip. */
export function intervalDisplay(a: Aggregate, m: Method): Display {
  return {
    text: intervalText(a.interval),
    ...(a.interval
      ? {
          note:
            a.interval.lo === a.interval.hi
              ? 'no spread in the data: every resample gives the same mean'
              : `${Math.round(m.bootstrap.confidence * 100)}% cluster bootstrap (${m.bootstrap.resamples} resamples: scenarios, then trials)`,
        }
      : {}),
  };
}

/** The coverage column of a role board row (and its home leader): how many of the role's scenarios have a score. */
export function coverageDisplay(a: Pick<Aggregate, 'present' | 'expected' | 'complete'>): Display {
  return {
    text: `${a.present} of ${a.expected}`,
    ...(a.complete ? {} : { note: `${a.expected - a.present} of the role's scenarios not attempted or not run` }),
  };
}

/** The rank column: the band, with the position and what a band means in the tooltip. */
export function rankDisplay(r: Pick<BoardRow, 'rank' | 'rankBand'>): Display {
  return {
    text: bandText(r.rankBand),
    note:
      r.rankBand.first === r.rankBand.last
        ? `position ${r.rank}`
        : `position ${r.rank}; rows ${bandText(r.rankBand)} have overlapping intervals: their order is not settled`,
  };
}

/** The k column: the smallest cell k, flagged provisional below the minimum when the board flags k. */
export function kDisplay(r: BoardRow, m: Method, flag: boolean): Display {
  return {
    text: String(r.minK),
    ...(flag && r.provisional
      ? { flag: 'provisional', note: `the smallest cell has k=${r.minK}, fewer than ${m.minK} trials` }
      : {}),
  };
}

/** Cost: US$ per trial with its source in the tooltip; `—` for rows without a cost (every non-agent row). */
export function costNote(r: BoardRow, m: Method): string | undefined {
  switch (r.usage.costSource) {
    case undefined:
      return r.kind === 'agent'
        ? 'no cost: pi reported none and the model is not in the price table'
        : 'not an agent: no cost';
    case 'reported':
      return "pi's reported cost";
    case 'price-table':
      return `tokens × the price table of ${m.prices.asOf}`;
    case 'mixed':
      return `pi's reported cost where it gave one, else tokens × the price table of ${m.prices.asOf}`;
  }
}

/** A mean count ("4", "4.5"); `—` when absent. */
export const meanCount = (v: number | undefined): string =>
  typeof v === 'number' && Number.isFinite(v) ? String(Math.round(v * 10) / 10) : '—';

/** Board footnotes on the method: interval, bands, provisional rows, pass^k, cost (when the board has any). */
export function methodNotes(rows: readonly BoardRow[], m: Method, flagK: boolean): string[] {
  if (rows.length === 0) return [];
  const pc = Math.round(m.bootstrap.confidence * 100);
  return [
    `${pc}% CI: bootstrap with ${m.bootstrap.resamples} seeded resamples; overall, client and server resample scenarios, then trials within each. # is the rank band: rows whose interval overlaps the first row of the band share it.`,
    `pass@1: share of trials scoring 1 (no failed MUST, every applicable SHOULD passed); pass^${m.passHatK}: chance that ${m.passHatK} trials all do, C(passed, ${m.passHatK}) / C(k, ${m.passHatK}) per cell, averaged over scenarios (— when a cell has k < ${m.passHatK}).`,
    ...(flagK && rows.some((r) => r.provisional)
      ? [`provisional: some cell has fewer than ${m.minK} completed trials; its intervals are rough (k=1: a point).`]
      : []),
    ...(!flagK && rows.some((r) => r.minK === 1)
      ? [
          'Run once per cell by design: cell intervals are points; the overall interval shows scenario-to-scenario spread only.',
        ]
      : []),
    ...(rows.some((r) => r.usage.costUsd !== undefined)
      ? [
          `Cost: mean US$ per trial, pi's reported cost when above 0, else tokens × the price table of ${m.prices.asOf} (${downloadUrl('price-table', 'csv')}).`,
        ]
      : []),
  ];
}
