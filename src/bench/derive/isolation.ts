// Trials per isolation kind over the trials behind a row (board row, cell, tally group, home leader row): the
// figures behind the isolation column, and the `mixed` flag when one row pools trials isolated differently.
import { cmp } from '../problems.ts';
import type { IsolationCount, IsolationKind, IsolationTally } from '../schema/isolation.ts';
import type { TrialRow } from '../schema/trial-row.ts';

/** Count the trials per isolation kind: most trials first, ties by kind; mixed when there is more than one kind. */
export function isolationTally(trials: readonly Pick<TrialRow, 'isolation'>[]): IsolationTally {
  const counts = new Map<IsolationKind, number>();
  for (const t of trials) counts.set(t.isolation, (counts.get(t.isolation) ?? 0) + 1);
  const kinds = [...counts]
    .map(([kind, n]): IsolationCount => ({ kind, trials: n }))
    .sort((a, b) => b.trials - a.trials || cmp(a.kind, b.kind));
  return { kinds, mixed: kinds.length > 1 };
}
