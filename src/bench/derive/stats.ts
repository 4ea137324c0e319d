// `dataset.stats`: every statistic the site shows beyond boards, cells and calibration rows, computed here once so
// pages only format and lay out numbers.
import { REVISIONS } from '../schema/common.ts';
import type { Dataset } from '../schema/dataset.ts';
import type { DatasetStats } from '../schema/stats.ts';
import { agentScores, docsDelta, mustFailureHistogram, scoreCost } from './agent-stats.ts';
import { datasetCounts, revisionStats } from './counts.ts';
import { flakyVerdicts } from './flaky.ts';
import { highlights } from './highlights.ts';
import { missedCheckpoints, tallyRows } from './tallies.ts';

/** The statistics of a data set, from its other parts. */
export function datasetStats(d: Omit<Dataset, 'stats'>): DatasetStats {
  return {
    counts: datasetCounts(d),
    revisions: revisionStats(d),
    agentScores: agentScores(d.boards),
    docsDelta: docsDelta(d.boards, d.subjects),
    mustFailures: mustFailureHistogram(d.trials),
    scoreCost: scoreCost(d.boards),
    tallies: tallyRows(d.trials),
    flaky: flakyVerdicts(d.trials),
    missed: missedCheckpoints(d.scenarios, d.trials, REVISIONS),
    highlights: highlights(d),
  };
}
