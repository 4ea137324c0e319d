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
import { leaderTables } from './home.ts';
import { isolationKindsTable } from './isolation-kinds.ts';
import { libraryFailuresTable, notAttemptedIndex, notAttemptedTable } from './libraries.ts';
import { matrixTable, missedTable, tallyIndex } from './matrix.ts';
import { priceTable } from './method.ts';
import type { Table } from './table.ts';
import { versionsTable } from './versions.ts';

/** All tables, keyed by id (ids are unique; a duplicate is a bug and throws). Chart tables come from `charts`. */
export function allTables(d: Dataset, charts: SiteCharts = allCharts(d)): Map<string, Table> {
  const out = new Map<string, Table>();
  const add = (t: Table) => {
    if (out.has(t.id)) throw new Error(`duplicate table id "${t.id}"`);
    out.set(t.id, t);
  };
  const idx = cellIndex(d);
  const skipped = notAttemptedIndex(d);
  const tallied = tallyIndex(d);
  d.boards.forEach((b) => add(withFilterData(d, b, boardTable(d, b, idx, skipped))));
  leaderTables(d).forEach(add);
  for (const rev of REVISIONS) {
    add(matrixTable(d, rev));
    add(missedTable(d, rev));
    add(calibrationTable(d, rev));
    add(libraryFailuresTable(d, rev));
    add(notAttemptedTable(d, rev));
    add(charts.docsDelta[rev].table);
    add(charts.scoreCost[rev].table);
  }
  add(versionsTable(d));
  add(priceTable(d));
  add(isolationKindsTable());
  add(charts.scoreByRevision.table);
  add(charts.mustFailures.table);
  for (const s of d.scenarios) {
    add(checkpointsTable(s, d.extra.coverage));
    add(scenarioResultsTable(d, s));
    add(killTable(d, s));
    for (const c of s.checkpoints) {
      add(checkpointResultsTable(d, s, c.slug, tallied));
      add(failingTrialsTable(d, s, c.slug));
    }
  }
  for (const s of d.subjects) {
    add(subjectBoardsTable(d, s.id));
    add(subjectCellsTable(d, s.id));
    add(subjectTrialsTable(d, s.id));
  }
  return out;
}
