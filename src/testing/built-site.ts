// Vitest fixture: one site build per test file, against a synthetic tree (or an empty root), removed afterwards.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Dataset } from '../bench/derive/dataset.ts';
import { astroBuild, deriveRoot, freshDir } from './site-build.ts';
import { writeSyntheticTree, type SyntheticOptions } from './synthetic.ts';
import type { JudgeRegistry } from '../bench/judge/types.ts';

export interface BuiltSite {
  root: string;
  out: string;
  /** Text of a built file, by path under the output folder. */
  page(path: string): string;
  /** The data set the site was built from (available once the build ran). */
  dataset(): Dataset;
}

/**
 * Register beforeAll/afterAll hooks that build the site from `tree`: synthetic options, or a function that writes the
 * records into the root (e.g. writeReplayFixtureFiles). No tree: an empty project root. `projectFiles` replace files of
 * the project copy the build runs in (e.g. CONTEXT.md).
 */
export function useBuiltSite(
  prefix: string,
  tree?: SyntheticOptions | ((root: string) => void | { judges?: JudgeRegistry }),
  opts: { timeoutMs?: number; projectFiles?: Record<string, string> } = {},
): BuiltSite {
  const root = freshDir(prefix);
  const out = join(root, 'dist');
  let d: Dataset | undefined;
  beforeAll(async () => {
    const made = typeof tree === 'function' ? tree(root) : undefined;
    if (tree && typeof tree !== 'function') writeSyntheticTree(root, tree);
    deriveRoot(root, made?.judges ? { judges: made.judges } : {});
    d = JSON.parse(readFileSync(join(root, 'generated/dataset.json'), 'utf8')) as Dataset;
    await astroBuild(root, out, process.cwd(), opts.projectFiles);
  }, opts.timeoutMs ?? 300_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    out,
    page: (p) => readFileSync(join(out, p), 'utf8'),
    dataset: () => {
      if (!d) throw new Error('the site is not built yet: call dataset() inside a test');
      return d;
    },
  };
}
