// Lookups into derive's statistics (`dataset.stats`) for view models and pages. No arithmetic: derive computed them.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { Revision } from '../bench/schema/common.ts';
import type { RevisionStats } from '../bench/schema/stats.ts';

/** Derive's counts of one revision; a revision without them is a stale data set. */
export function revisionStats(d: Pick<Dataset, 'stats'>, rev: Revision): RevisionStats {
  const r = d.stats.revisions.find((x) => x.revision === rev);
  if (!r) throw new Error(`no stats for revision ${rev} in the data set\n  hint: re-run \`npm run derive\``);
  return r;
}
