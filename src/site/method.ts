// The uncertainty and cost definitions as data, for the methodology page: every number comes from `dataset.method`,
// so the page states what derive actually used. src/site/README.md has the same definitions for contributors.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { ModelPrice } from '../bench/schema/prices.ts';
import type { Table } from './table.ts';

/** One definition: a term and what it means here. */
export interface Definition {
  term: string;
  text: string;
}

/** The definitions of the board's interval, provisional rows, rank bands, pass@1 / pass^k and cost. */
export function uncertaintyMethod(d: Pick<Dataset, 'method'>): Definition[] {
  const m = d.method;
  const pc = `${Math.round(m.bootstrap.confidence * 100)}%`;
  const k = m.passHatK;
  return [
    {
      term: `${pc} interval`,
      text: `Percentile bootstrap with ${m.bootstrap.resamples} resamples, seeded per cell or row (${m.bootstrap.seed}) so every build gives the same numbers. A cell resamples its trials' scores. The overall, client and server scores (means of per-scenario means) resample scenarios, then trials within each. One trial, or identical scores, gives the point itself: no spread is invented.`,
    },
    {
      term: 'Provisional',
      text: `A row with a cell of fewer than ${m.minK} completed trials: its intervals are rough. Libraries and calibration subjects run once per cell by design.`,
    },
    {
      term: 'Rank band',
      text: 'Rows in board order (complete rows first, then score, MAY tally, name; library boards, one per role, by the score over the scenarios a library attempted, its coverage beside it); a band takes the rows after its first whose intervals overlap the first row’s. “1–3” means their order is not settled.',
    },
    {
      term: `pass@1, pass^${k}`,
      text: `A trial passes when it scores 1 (no failed MUST, every applicable SHOULD passed). pass@1 is the share of trials that pass; pass^${k} is the chance that ${k} independent trials all pass, estimated per cell as C(passed, ${k}) / C(k, ${k}) (τ-bench) and averaged over scenarios; it needs ${k} trials in every cell.`,
    },
    {
      term: 'Cost',
      text: `Mean US$ per completed trial: pi's reported cost when above 0, else tokens × the price table of ${m.prices.asOf} (per million tokens, each price with its source and date). Only agents have a cost; other rows show —.`,
    },
  ];
}

/** The price table as a site table (id `price-table`), for the methodology page and its downloads. */
export function priceTable(d: Pick<Dataset, 'method'>): Table {
  const p = d.method.prices;
  const cols: [keyof ModelPrice, string][] = [
    ['input', 'Input'],
    ['output', 'Output'],
    ['cacheRead', 'Cache read'],
    ['cacheWrite', 'Cache write'],
  ];
  return {
    id: 'price-table',
    caption: `Price table (US$ per million tokens, checked ${p.asOf})`,
    columns: [
      { key: 'model', label: 'Model' },
      ...cols.map(([key, label]) => ({ key, label, numeric: true })),
      { key: 'as_of', label: 'As of' },
      { key: 'source', label: 'Source' },
    ],
    rows: p.models.map((m) => [m.model, m.input, m.output, m.cacheRead, m.cacheWrite, m.asOf, m.source]),
    cells: p.models.map((m) => [
      { text: m.model },
      ...cols.map(([key]) => ({ text: `$${String(m[key])}` })),
      { text: m.asOf },
      { text: new URL(m.source).host, href: m.source },
    ]),
    notes: [],
  };
}
