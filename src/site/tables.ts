// Every downloadable table of the site, by id: the download endpoints iterate this; pages render the same objects.
import type { Dataset } from '../bench/derive/dataset.ts';
import { REVISIONS } from '../bench/schema/common.ts';
import { boardTable, cellIndex } from './boards.ts';
import { calibrationTable, killTable } from './calibration.ts';
import { allCharts, type SiteCharts } from './charts.ts';
import {
  checkpointResultsTable,
  checkpointsTable,
  failingTrialsTable,
  scenarioResultsTable,
  subjectBoardsTable,
  subjectCellsTable,
  subjectTrialsTable,
} from './detail.ts';
import { withFilterData } from './filters.ts';
import { harnessBoardTable, harnessViews } from './harness-boards.ts';
import { leaderTables } from './home.ts';
import { isolationKindsTable } from './isolation-kinds.ts';
import { libraryFailuresTable, notAttemptedIndex, notAttemptedTable } from './libraries.ts';
import { matrixTable, missedTable, tallyIndex } from './matrix.ts';
import { priceTable } from './method.ts';
import type { Table } from './table.ts';
import { versionsTable } from './versions.ts';
import { catalogueTable, type TableGroup } from './data-page.ts';
import { subjectsTable } from './subject-index.ts';
import { trialTables } from './trial-list.ts';

/**
 * All tables, keyed by id (ids are unique; a duplicate is a bug and throws). Chart tables come from `charts`. The last
 * one, `tables`, is the catalogue of all the others with their group (the Data page lists downloads from it).
 */
export function allTables(d: Dataset, charts: SiteCharts = allCharts(d)): Map<string, Table> {
  const out = new Map<string, Table>();
  const entries: { table: Table; group: TableGroup }[] = [];
  const add = (group: TableGroup) => (t: Table) => {
    if (out.has(t.id)) throw new Error(`duplicate table id "${t.id}"`);
    out.set(t.id, t);
    entries.push({ table: t, group });
  };
  const idx = cellIndex(d);
  const skipped = notAttemptedIndex(d);
  const tallied = tallyIndex(d);
  for (const b of d.boards) {
    if (b.kind !== 'agent') add('boards')(withFilterData(d, b, boardTable(d, b, idx, skipped)));
    // Agent boards once per harness view: pi's (the default, under the board's own id), each other harness, all.
    else for (const v of harnessViews(d, b.revision)) add('boards')(harnessBoardTable(d, b, v, idx, skipped));
  }
  leaderTables(d).forEach(add('leaders'));
  for (const rev of REVISIONS) {
    const perRevision = add('revision');
    perRevision(matrixTable(d, rev));
    perRevision(missedTable(d, rev));
    perRevision(calibrationTable(d, rev));
    perRevision(libraryFailuresTable(d, rev));
    perRevision(notAttemptedTable(d, rev));
    perRevision(charts.docsDelta[rev].table);
    perRevision(charts.scoreCost[rev].table);
  }
  const trials = trialTables(d);
  [subjectsTable(d), trials.all, trials.index].forEach(add('indexes'));
  [
    versionsTable(d),
    priceTable(d),
    isolationKindsTable(),
    charts.scoreByRevision.table,
    charts.mustFailures.table,
  ].forEach(add('method'));
  for (const s of d.scenarios) {
    [checkpointsTable(s, d.extra.coverage), scenarioResultsTable(d, s), killTable(d, s)].forEach(add('scenarios'));
    for (const c of s.checkpoints)
      [checkpointResultsTable(d, s, c.slug, tallied), failingTrialsTable(d, s, c.slug)].forEach(add('checkpoints'));
  }
  for (const s of d.subjects)
    [subjectBoardsTable(d, s.id), subjectCellsTable(d, s.id), subjectTrialsTable(d, s.id)].forEach(add('subjects'));
  trials.pages.forEach(add('trial-pages'));
  const catalogue = catalogueTable(entries);
  if (out.has(catalogue.id)) throw new Error(`duplicate table id "${catalogue.id}"`);
  out.set(catalogue.id, catalogue);
  return out;
}
