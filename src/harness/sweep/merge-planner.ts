// The plan `npm run merge` checks bundles against: the sweep's own expansion of the manifest (issue 18 part 2,
// `planSweep` in src/bench/sweep/plan.ts with `sweepInputs` in src/harness/sweep/plan-inputs.ts), so a bundle is held
// to exactly the trial list its shard ran from. Those files come with `npm run sweep` on its own branch; until both
// branches are merged, merge refuses to run rather than guess a plan. Once they are, this file's body becomes:
//
//   import { planSweep } from '../../bench/sweep/plan.ts';
//   import { sweepInputs } from './plan-inputs.ts';
//   export const sweepPlanner: RunPlanner = ({ root, manifest, file }) => {
//     const r = planSweep(manifest, file, sweepInputs(root).universe);
//     return { trials: r.plan?.trials, problems: r.problems };
//   };
import { RunnerInputError } from '../errors.ts';
import type { RunPlanner } from './merge.ts';

export const sweepPlanner: RunPlanner = () => {
  throw new RunnerInputError(
    'the run plan expansion (src/bench/sweep/plan.ts, from `npm run sweep`) is not on this branch',
    'merge the sweep branch first; src/harness/sweep/merge-planner.ts says how to wire it',
  );
};
