// The plan `npm run merge` checks bundles against: the sweep's own expansion of the manifest (`planSweep` with the
// tree's scenarios and mutants), so a bundle is held to exactly the trial list its shard ran from.
import { planSweep } from '../../bench/sweep/plan.ts';
import { sweepInputs } from './plan-inputs.ts';
import type { RunPlanner } from './merge.ts';

export const sweepPlanner: RunPlanner = ({ root, manifest, file }) => {
  const r = planSweep(manifest, file, sweepInputs(root).universe);
  return { trials: r.plan?.trials, problems: r.problems };
};
