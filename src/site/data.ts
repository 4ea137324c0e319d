import { existsSync, readFileSync } from 'node:fs';
import type { Dataset } from '../bench/derive/dataset.ts';
import { DATASET_FORMAT } from '../bench/derive/dataset.ts';
import { datasetPath } from '../harness/io/paths.ts';
import { allCharts, type SiteCharts } from './charts.ts';
import { allTables } from './tables.ts';
import type { Table } from './table.ts';

let cached: Dataset | undefined;
let tables: Map<string, Table> | undefined;
let charts: SiteCharts | undefined;

/** The derived data set, written by `npm run derive` (which `npm run build` runs first). Pages only format it. */
export function dataset(): Dataset {
  if (cached) return cached;
  const p = datasetPath();
  if (!existsSync(p)) throw new Error(`${p}: missing derived data set\n  hint: run \`npm run derive\` (npm run build does it first)`);
  const d = JSON.parse(readFileSync(p, 'utf8')) as Dataset;
  if (d.format !== DATASET_FORMAT) throw new Error(`${p}: format: expected "${DATASET_FORMAT}", got "${String(d.format)}"\n  hint: re-run \`npm run derive\``);
  cached = d;
  return d;
}

/** Every chart of the site, computed once per build (pages draw them; their tables are in siteTables). */
export function siteCharts(): SiteCharts {
  return (charts ??= allCharts(dataset()));
}

/** Every table of the site, computed once per build. */
export function siteTables(): Map<string, Table> {
  return (tables ??= allTables(dataset(), siteCharts()));
}

/** One table by id; a missing id is a bug in a page. */
export function table(id: string): Table {
  const t = siteTables().get(id);
  if (!t) throw new Error(`unknown table id "${id}"`);
  return t;
}
