// The derived data set as pages get it: read once (load.ts), validated against the data set's schema
// (src/bench/schema/dataset.ts) before any page uses it, and the site's tables and charts computed from it once.
import { BenchError, formatProblem, parseJson, zodProblems } from '../bench/problems.ts';
import { DATASET_FORMAT, DatasetSchema, type Dataset } from '../bench/schema/dataset.ts';
import { allCharts, type SiteCharts } from './charts.ts';
import { readDatasetFile } from './load.ts';
import { allTables } from './tables.ts';
import type { Table } from './table.ts';
import { jsonText } from '../bench/errors.ts';

const REDERIVE =
  're-run `npm run derive` (npm run build does it first); if it still does not match, derive and src/bench/schema/dataset.ts disagree: fix the one that is wrong';
/** Problems listed in the error; a file that is wrong everywhere would otherwise print thousands of lines. */
const SHOWN = 20;

/**
 * Parse and validate the data set's text. A file that does not match the schema is an error listing the problems
 * path-first (`<file>: trials[3].score.score: …`), each with the fix; nothing of it reaches a page.
 */
export function parseDataset(file: string, text: string): Dataset {
  const j = parseJson(file, text);
  if (!j.ok) throw new BenchError([{ ...j.problem, hint: REDERIVE }]);
  const format = (j.value as { format?: unknown } | null)?.format;
  if (format !== DATASET_FORMAT)
    throw new BenchError([
      {
        file,
        field: 'format',
        message: `expected "${DATASET_FORMAT}", got ${jsonText(format) ?? 'nothing'}`,
        hint: 're-run `npm run derive`',
      },
    ]);
  const r = DatasetSchema.safeParse(j.value);
  if (r.success) return r.data;
  const problems = zodProblems(file, r.error);
  const more = problems.length > SHOWN ? `\n… and ${problems.length - SHOWN} more` : '';
  throw new BenchError(
    problems,
    problems.slice(0, SHOWN).map(formatProblem).join('\n') + more + `\n  hint: ${REDERIVE}`,
  );
}

let cached: { dataset: Dataset; text: string } | undefined;
let tables: Map<string, Table> | undefined;
let charts: SiteCharts | undefined;

function load(): { dataset: Dataset; text: string } {
  if (cached) return cached;
  const { path, text } = readDatasetFile();
  return (cached = { dataset: parseDataset(path, text), text });
}

/** The derived data set, written by `npm run derive` (which `npm run build` runs first), validated. Pages only format it. */
export function dataset(): Dataset {
  return load().dataset;
}

/** The data set file's bytes as derive wrote them (the download endpoint publishes them unchanged). */
export function datasetText(): string {
  return load().text;
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
