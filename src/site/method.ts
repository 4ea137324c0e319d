// The uncertainty and cost definitions as data, for the methodology page: every number comes from `dataset.method`,
// so the page states what derive actually used. src/site/README.md has the same definitions for contributors.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { ModelPrice } from '../bench/schema/prices.ts';
import type { Table } from './table.ts';
import { MEASURED, MEASURED_FLAG, REPORTED } from './usage-source.ts';

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
      text: `Mean US$ per completed trial: pi's reported cost when above 0, else tokens × the price table of ${m.prices.asOf} (per million tokens, each price with its source and date); a trial whose model traffic went through the model proxy is costed from the proxy's tokens at the same table. Only agents have a cost; other rows show —.`,
    },
    {
      term: 'Usage: measured or reported',
      text: `Tokens and cost marked “${MEASURED_FLAG}” are ${MEASURED}: the trial's proxy forwarded every model request and read the provider's own token counts from each response (usage source “proxy”; the responses are in the trial's model.jsonl). Figures without the marker are ${REPORTED} (usage source “harness”, or records from before the proxy). “n/m ${MEASURED_FLAG}” on a board row: n of its m trials were measured, and the mean pools both. A session the model budget ended says “session ended by the model budget” on its trial page.`,
    },
  ];
}

/**
 * "Agent harnesses and the model proxy" on the methodology index: why pi with four tools is the ranked comparison,
 * what the other harnesses are on the boards, and what the proxy guarantees (credentials, usage, budget).
 */
export function harnessMethod(harnesses: readonly string[], defaultHarness: string): Definition[] {
  const others = harnesses.filter((h) => h !== defaultHarness);
  return [
    {
      term: 'The ranked comparison',
      text: `${defaultHarness} with four tools (read, write, edit, bash) is the default board and the ranked model comparison: every model runs in the same harness, with the same tools, system prompt and loop, so rows differ by model and thinking level only. The revision pages and /<revision>/agents/ show it.`,
    },
    {
      term: 'Other harnesses',
      text: `${others.join(', ')} are a column and a filter: each board row names its harness and version, each harness has a board of its own, ranked among its own rows, and an “all harnesses” board lists every row, captioned as a mix (a harness brings its own tools, prompt and loop, so rows of different harnesses are not a like-for-like model comparison). A harness without runs says so.`,
    },
    {
      term: 'No credential in the sandbox',
      text: "Each agent trial gets its own model-API proxy outside the sandbox. The proxy holds the provider's key; the sandbox sees a loopback URL and a per-trial dummy key, which opens that trial's proxy only, while the trial lasts. Where the subject was not given it (pi's sandbox, where only pi's bash runs, and the cheater) it is also a canary: found in anything the subject leaves, it marks the trial contaminated (excluded from every score). A request without the dummy key is refused.",
    },
    {
      term: 'Usage measured at the proxy',
      text: `The proxy records every request and response as they passed (the trial's model.jsonl, shown per model turn on its replay page and exported as an ATIF trajectory) and counts the provider's own tokens from them: the usage is ${MEASURED}, not ${REPORTED}.`,
    },
    {
      term: 'Budget',
      text: 'A trial may run under a model budget (tokens, cost or requests). When it is spent the proxy refuses further requests and the session ends; the trial is judged as it stands, like one that ran out of time, and its page says “session ended by the model budget”.',
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
