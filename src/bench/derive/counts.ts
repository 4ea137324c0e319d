// Counts the site prints in prose (footer, leaderboard, revision and methodology pages).
import { REVISIONS } from '../schema/common.ts';
import type { Board } from '../schema/board.ts';
import type { LibrariesView } from '../schema/library-view.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { DatasetCounts, KindCounts, RevisionStats } from '../schema/stats.ts';
import { SubjectKindSchema, type Subject } from '../schema/subject.ts';
import type { TrialRow } from '../schema/trial-row.ts';

const perKind = (f: (kind: Subject['kind']) => number): KindCounts =>
  Object.fromEntries(SubjectKindSchema.options.map((k) => [k, f(k)])) as KindCounts;

/** Trials, scenarios and subjects (per kind) of the whole data set. */
export function datasetCounts(d: {
  trials: readonly TrialRow[];
  scenarios: readonly Scenario[];
  subjects: readonly Subject[];
}): DatasetCounts {
  return {
    trials: d.trials.length,
    scenarios: d.scenarios.length,
    subjects: perKind((k) => d.subjects.filter((s) => s.kind === k).length),
  };
}

/** Per revision: scenarios (by role), checkpoints, distinct subjects on its boards per kind, and doubted library verdicts. */
export function revisionStats(d: {
  scenarios: readonly Scenario[];
  boards: readonly Board[];
  libraries: LibrariesView;
}): RevisionStats[] {
  return REVISIONS.map((revision) => {
    const ss = d.scenarios.filter((s) => s.revision === revision);
    const boards = d.boards.filter((b) => b.revision === revision);
    return {
      revision,
      scenarios: ss.length,
      client: ss.filter((s) => s.role === 'client').length,
      server: ss.filter((s) => s.role === 'server').length,
      checkpoints: ss.reduce((a, s) => a + s.checkpoints.length, 0),
      subjects: perKind(
        (k) => new Set(boards.filter((b) => b.kind === k).flatMap((b) => b.rows.map((r) => r.subject))).size,
      ),
      doubtedLibraryVerdicts: d.libraries.failures.filter(
        (f) => f.revision === revision && f.evidence?.status === 'judge-suspected-wrong',
      ).length,
    };
  });
}
