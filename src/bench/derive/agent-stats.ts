// The agents' chart data: overall scores per revision × docs axis, the docs-axis effect per agent, and the histogram
// of failed MUST checkpoints per trial. Pure functions of boards, subjects and trials.
import { cmp } from '../problems.ts';
import { DOCS_AXES, REVISIONS, type DocsAxis, type Revision } from '../schema/common.ts';
import type { Board } from '../schema/board.ts';
import type { AgentScores, DocsDelta, MustFailureHistogram, ScoreCost } from '../schema/stats.ts';
import type { Subject } from '../schema/subject.ts';
import { isScored, type TrialRow } from '../schema/trial-row.ts';
import { meanOf, rangeOf } from '../scoring/summary.ts';

const agentBoard = (boards: readonly Board[], rev: Revision, docs: DocsAxis) =>
  boards.find((b) => b.revision === rev && b.docs === docs && b.kind === 'agent');

/** Per revision × docs axis: the agents' overall scores (board order, agents without one left out), their mean and range. */
export function agentScores(boards: readonly Board[]): AgentScores[] {
  return REVISIONS.flatMap((revision) =>
    DOCS_AXES.map((docs) => {
      const scores = (agentBoard(boards, revision, docs)?.rows ?? [])
        .map((r) => r.overall.mean)
        .filter((v): v is number => v !== null);
      return { revision, docs, scores, agents: scores.length, mean: meanOf(scores), ...rangeOf(scores) };
    }),
  );
}

/** Per revision, each agent with a score on either docs axis: both scores and `full − none`; best (full, else none) first. */
export function docsDelta(boards: readonly Board[], subjects: readonly Subject[]): DocsDelta[] {
  return REVISIONS.flatMap((revision) => {
    const score = (docs: DocsAxis, id: string) =>
      agentBoard(boards, revision, docs)?.rows.find((r) => r.subject === id)?.overall.mean ?? null;
    return subjects
      .filter((s) => s.kind === 'agent')
      .map((s) => ({ revision, subject: s.id, label: s.label, none: score('none', s.id), full: score('full', s.id) }))
      .filter((i) => i.none !== null || i.full !== null)
      .sort((a, b) => (b.full ?? b.none ?? 0) - (a.full ?? a.none ?? 0) || cmp(a.label, b.label))
      .map((i) => ({ ...i, delta: i.none !== null && i.full !== null ? i.full - i.none : null }));
  });
}

/** Completed agent trials (every scenario version) by number of failed MUST checkpoints, per revision; bins 0 … max. */
export function mustFailureHistogram(trials: readonly TrialRow[]): MustFailureHistogram {
  const counted = trials.filter(isScored).filter((t) => t.subject.kind === 'agent');
  const most = Math.max(0, ...counted.map((t) => t.score.mustFailed.length));
  const bins = Array.from({ length: most + 1 }, (_, mustFailed) => ({
    mustFailed,
    counts: Object.fromEntries(
      REVISIONS.map((rev) => [
        rev,
        counted.filter((t) => t.revision === rev && t.score.mustFailed.length === mustFailed).length,
      ]),
    ) as Record<Revision, number>,
  }));
  return { trials: counted.length, peak: Math.max(0, ...bins.flatMap((b) => Object.values(b.counts))), bins };
}

/** Per revision: each agent row (docs `none`, then `full`, board order) with an overall score and a cost. */
export function scoreCost(boards: readonly Board[]): ScoreCost[] {
  return REVISIONS.map((revision) => {
    const points = DOCS_AXES.flatMap((docs) =>
      (agentBoard(boards, revision, docs)?.rows ?? []).flatMap((r) =>
        r.overall.mean !== null && r.overall.interval && r.usage.costUsd !== undefined && r.usage.costSource
          ? [
              {
                docs,
                subject: r.subject,
                label: r.label,
                score: r.overall.mean,
                interval: r.overall.interval,
                costUsd: r.usage.costUsd,
                costSource: r.usage.costSource,
                provisional: r.provisional,
              },
            ]
          : [],
      ),
    );
    return { revision, points, maxCostUsd: Math.max(0, ...points.map((p) => p.costUsd)) };
  });
}
