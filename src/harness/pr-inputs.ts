// What `npm run pr-report` derives: the head's data set (the working tree) and the base's (its tree exported from git
// into a temporary folder, derived the same way). Gates and re-judging are off: the report shows what the boards would
// become, and `npm run check` (run beside it) is what validates the pull request's records.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { derive } from '../bench/derive/derive.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import { formatProblem } from '../bench/problems.ts';
import { loadDeriveInput } from './derive-inputs.ts';
import { exportTree } from './io/git.ts';

/** A tree's data set, or the problems that kept it from deriving (formatted, path-first). */
export function deriveTree(root: string): { dataset?: Dataset; problems: string[] } {
  const out = derive(loadDeriveInput(root, { gate: false, rejudge: false }));
  return { dataset: out.dataset, problems: out.problems.map(formatProblem) };
}

/** The base commit's data set, derived from its tree exported into a temporary folder (removed afterwards). */
export function deriveCommit(root: string, commit: string): { dataset?: Dataset; problems: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-base-'));
  try {
    exportTree(root, commit, dir);
    return deriveTree(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
