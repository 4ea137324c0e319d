// The Data page's content as data: which tables the site publishes (the `tables` catalogue, itself a download), how
// they group, and the JSON Schemas under /schema/. Groups whose count grows with the records (one table per subject,
// checkpoint or trial page) are summarised by count and an example id, not listed, so the page stays small at any
// number of trials; the catalogue lists every table by id.
import { mib } from './format.ts';
import type { Table, Value } from './table.ts';
import { downloadUrl, matrixUrl, methodologyUrl, revisionUrl, subjectsUrl, trialsUrl } from './urls.ts';
import { REVISIONS } from '../bench/schema/common.ts';

/** The kinds of table `allTables` publishes, in the Data page's order. */
export const TABLE_GROUPS = [
  'boards',
  'leaders',
  'revision',
  'indexes',
  'method',
  'scenarios',
  'checkpoints',
  'subjects',
  'trial-pages',
] as const;
export type TableGroup = (typeof TABLE_GROUPS)[number];

interface GroupInfo {
  label: string;
  /** What the tables hold, and where they are shown. */
  blurb: string;
  /** Listed one by one (a fixed number of tables), or summarised (one table per scenario, subject, …). */
  listed: boolean;
  /** The pages that show the summarised tables. */
  where?: () => { text: string; href: string };
}

export const GROUP_INFO: Record<TableGroup, GroupInfo> = {
  boards: { label: 'Boards', blurb: 'Every board of every revision, as ranked on the revision pages.', listed: true },
  leaders: {
    label: 'Home page leaders',
    blurb: 'The top rows of each board, as the home page shows them.',
    listed: true,
  },
  revision: {
    label: 'Per revision',
    blurb: 'Checkpoint matrix, most-missed checkpoints, calibration gate, library failures and the charts’ data.',
    listed: true,
  },
  indexes: { label: 'Indexes', blurb: 'Every subject and every trial, one row each.', listed: true },
  method: {
    label: 'Methodology',
    blurb: 'Benchmark versions, the price table, isolation kinds, site-wide charts.',
    listed: true,
  },
  scenarios: {
    label: 'Scenario tables',
    blurb: 'Per scenario: its checkpoints, results per subject and the kill matrix of its mutants.',
    listed: false,
    where: () => ({ text: 'the scenario pages, linked from each revision page', href: revisionUrl(REVISIONS[0]!) }),
  },
  checkpoints: {
    label: 'Checkpoint tables',
    blurb: 'Per checkpoint: results per subject and the failing trials.',
    listed: false,
    where: () => ({ text: 'the checkpoint pages, linked from each matrix', href: matrixUrl(REVISIONS[0]!) }),
  },
  subjects: {
    label: 'Subject tables',
    blurb: 'Per subject: board positions, cells and trials.',
    listed: false,
    where: () => ({ text: 'the subject pages, listed on the subjects index', href: subjectsUrl() }),
  },
  'trial-pages': {
    label: 'Trial list pages',
    blurb: 'The trials of one page of the trials index (the “every trial” table has them all).',
    listed: false,
    where: () => ({ text: 'the trials index', href: trialsUrl() }),
  },
};

/** The `tables` catalogue: every published table but itself, with its group, size and download URLs. */
export function catalogueTable(entries: readonly { table: Table; group: TableGroup }[]): Table {
  return {
    id: 'tables',
    caption: 'Every table of the site',
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'group', label: 'Group' },
      { key: 'caption', label: 'Caption' },
      { key: 'rows', label: 'Rows', numeric: true },
      { key: 'csv', label: 'CSV' },
      { key: 'json', label: 'JSON' },
    ],
    rows: entries.map(({ table: t, group }): Value[] => [
      t.id,
      group,
      t.caption,
      t.rows.length,
      downloadUrl(t.id, 'csv'),
      downloadUrl(t.id, 'json'),
    ]),
    cells: entries.map(({ table: t, group }) => [
      { text: t.id },
      { text: GROUP_INFO[group].label },
      { text: t.caption },
      { text: String(t.rows.length) },
      { text: 'CSV', href: downloadUrl(t.id, 'csv') },
      { text: 'JSON', href: downloadUrl(t.id, 'json') },
    ]),
    notes: [],
  };
}

/** A group as the Data page shows it: every table (listed groups) or a count, where they are, and an example id. */
export interface DownloadGroup extends Omit<GroupInfo, 'where'> {
  key: TableGroup;
  count: number;
  tables: { id: string; caption: string }[];
  where?: { text: string; href: string };
  example?: string;
}

/**
 * The catalogue's groups in page order and its table count, read from the catalogue itself (the page shows what the
 * download says).
 */
export function downloadGroups(catalogue: Table): { count: number; groups: DownloadGroup[] } {
  const at = (key: string) => catalogue.columns.findIndex((c) => c.key === key);
  const [id, group, caption] = [at('id'), at('group'), at('caption')];
  const groups = TABLE_GROUPS.map((key): DownloadGroup => {
    const rows = catalogue.rows.filter((r) => r[group] === key);
    const tables = rows.map((r) => ({ id: String(r[id]), caption: String(r[caption]) }));
    const { where, ...info } = GROUP_INFO[key];
    return {
      key,
      ...info,
      count: rows.length,
      tables: info.listed ? tables : [],
      ...(!info.listed && where && tables[0] ? { where: where(), example: tables[0].id } : {}),
    };
  });
  return { count: catalogue.rows.length, groups: groups.filter((g) => g.count > 0) };
}

/** The JSON Schemas of public/schema/ (written by `npm run export-schemas`), with what each one describes. */
export const SCHEMA_FILES: readonly { file: string; what: string }[] = [
  { file: 'dataset.json', what: 'the derived data set (/downloads/dataset.json), every field documented' },
  { file: 'trial.json', what: 'a trial record, results/<rev>/<role>/<scenario>/<docs>/<subject>/k<k>.json' },
  { file: 'wire-header.json', what: 'the first line of a wire log (k<k>.wire.jsonl)' },
  { file: 'wire-event.json', what: 'every other line of a wire log: one HTTP event, hash-chained' },
  { file: 'transcript-entry.json', what: 'a line of an agent transcript (k<k>.transcript.jsonl)' },
  {
    file: 'model-traffic-header.json',
    what: 'line 1 of a model-traffic sidecar (k<k>.model.jsonl): the upstreams and the budget',
  },
  {
    file: 'model-exchange.json',
    what: 'every other line of a model-traffic sidecar: one model request and its response, as the proxy passed them',
  },
  { file: 'model-traffic-end.json', what: 'the last line of a model-traffic sidecar when a budget ended the session' },
  {
    file: 'atif-trajectory.json',
    what: 'a trial’s model traffic as an ATIF v1.4 trajectory (/trials/<id>/trajectory.atif.json)',
  },
  { file: 'scenario.json', what: 'a scenario, scenarios/<rev>/<role>/<id>.json' },
  { file: 'checkpoint.json', what: 'one checkpoint of a scenario' },
  { file: 'coverage.json', what: 'the coverage ledger of a revision' },
  { file: 'benchmark-versions.json', what: 'the benchmark version history, scenarios/versions.json' },
  { file: 'library-registry.json', what: 'the library registry, libraries/registry.json' },
  { file: 'library-evidence.json', what: "the index of libraries' raw evidence" },
  { file: 'conformance-expectations.json', what: 'what the conformance suite expects of each library' },
  { file: 'run-manifest.json', what: 'a sweep’s run manifest, runs/<id>.json' },
  { file: 'sweep-bundle.json', what: 'the bundle a sweep writes (bundle.json)' },
  {
    file: 'board-archive.json',
    what: "an archived version's boards, archive/<version>.json (/v/<version>/archive.json)",
  },
];

/** Where the methodology shows the Cite block. */
export const citeUrl = (): string => `${methodologyUrl()}#cite`;

/** The size of a download's text as the page states it ("66.2 MiB"). */
export const textSize = (text: string): string => mib(Buffer.byteLength(text, 'utf8'));
