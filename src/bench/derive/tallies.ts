// Per-checkpoint pass / fail / not-applicable tallies: the checkpoint matrix, the checkpoint pages and the most-missed
// list. Every trial counts, whichever scenario version it ran (as the matrix always has); only completed trials are
// tallied, so infra-error and contaminated trials count for nothing but the group's `trials`.
import { cmp } from '../problems.ts';
import type { Level, Revision } from '../schema/common.ts';
import type { Checkpoint } from '../schema/checkpoint.ts';
import { isolationTally } from './isolation.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { MissedCheckpoint, Tally, TallyRow } from '../schema/stats.ts';
import type { Outcome } from '../schema/verdict.ts';
import type { TrialRow } from '../schema/trial-row.ts';

type Counts = { pass: number; fail: number; na: number };

/** A tally with its applicable count and pass rate (`null` when the checkpoint never applied). */
export function tallyOf(c: Counts): Tally {
  const applicable = c.pass + c.fail;
  return { pass: c.pass, fail: c.fail, na: c.na, applicable, rate: applicable > 0 ? c.pass / applicable : null };
}

/** Count one verdict into `counts` (anything but pass and fail is not-applicable). */
function count(counts: Counts, v: Outcome): void {
  if (v === 'pass') counts.pass++;
  else if (v === 'fail') counts.fail++;
  else counts.na++;
}

/** Tallies keyed `<role>/<scenario>/<slug>` over the completed trials among `trials`. */
export function tallies(
  trials: readonly Pick<TrialRow, 'role' | 'scenario' | 'status' | 'verdicts'>[],
): Map<string, Tally> {
  const out = new Map<string, Counts>();
  for (const t of trials) {
    if (t.status !== 'completed') continue;
    for (const v of t.verdicts) {
      const key = `${t.role}/${t.scenario}/${v.checkpoint}`;
      count(out.get(key) ?? out.set(key, { pass: 0, fail: 0, na: 0 }).get(key)!, v.verdict);
    }
  }
  return new Map([...out].map(([k, c]) => [k, tallyOf(c)]));
}

/** One row per subject × scenario × docs axis that has a trial: its trials, completed ones, and per-checkpoint tallies. */
export function tallyRows(trials: readonly TrialRow[]): TallyRow[] {
  const groups = new Map<string, TrialRow[]>();
  for (const t of trials) {
    const key = [t.revision, t.role, t.scenario, t.subject.id, t.docs].join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(t);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => cmp(a, b))
    .map(([, ts]) => {
      const t0 = ts[0]!;
      const checkpoints = Object.fromEntries(
        [...tallies(ts)].map(([key, tally]) => [key.slice(`${t0.role}/${t0.scenario}/`.length), tally]),
      );
      return {
        revision: t0.revision,
        role: t0.role,
        scenario: t0.scenario,
        subject: t0.subject.id,
        docs: t0.docs,
        trials: ts.length,
        completed: ts.filter((t) => t.status === 'completed').length,
        isolation: isolationTally(ts.filter((t) => t.status === 'completed')),
        checkpoints,
      };
    });
}

const LEVEL_ORDER: Record<Level, number> = { MUST: 0, SHOULD: 1, MAY: 2 };

/** Checkpoint matrix column order: scenarios in data-set order, then checkpoints by level (MUST, SHOULD, MAY), then scenario order. */
export function checkpointColumns(
  scenarios: readonly Scenario[],
  rev: Revision,
): { scenario: Scenario; checkpoint: Checkpoint }[] {
  return scenarios
    .filter((s) => s.revision === rev)
    .flatMap((s) =>
      s.checkpoints
        .map((c, i) => ({ scenario: s, checkpoint: c, i }))
        .sort((a, b) => LEVEL_ORDER[a.checkpoint.level] - LEVEL_ORDER[b.checkpoint.level] || a.i - b.i),
    )
    .map(({ scenario, checkpoint }) => ({ scenario, checkpoint }));
}

/**
 * Checkpoints by how often agents fail them, per revision, over completed agent trials of both docs axes: only those
 * that applied at least once; highest fail rate first, then slug (ties in matrix column order).
 */
export function missedCheckpoints(
  scenarios: readonly Scenario[],
  trials: readonly TrialRow[],
  revisions: readonly Revision[],
): MissedCheckpoint[] {
  return revisions.flatMap((rev) => {
    const tal = tallies(trials.filter((t) => t.revision === rev && t.subject.kind === 'agent'));
    return checkpointColumns(scenarios, rev)
      .flatMap(({ scenario: s, checkpoint: c }) => {
        const tally = tal.get(`${s.role}/${s.id}/${c.slug}`);
        return tally && tally.rate !== null
          ? [{ revision: rev, role: s.role, scenario: s.id, checkpoint: c.slug, tally, failRate: 1 - tally.rate }]
          : [];
      })
      .sort((a, b) => b.failRate - a.failRate || cmp(a.checkpoint, b.checkpoint));
  });
}
