// A derived Dataset from a synthetic tree, in memory (no disk): what view-model unit tests start from.
import { derive } from '../bench/derive/derive.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import { JUDGES } from '../bench/judge/registry.ts';
import { formatProblem } from '../bench/problems.ts';
import { syntheticFiles, type SyntheticOptions } from './synthetic.ts';

/** Derive a synthetic tree without re-judging (its verdicts are drawn, not judged). Throws on any derive problem. */
export function syntheticDataset(options: SyntheticOptions = {}): Dataset {
  const { files } = syntheticFiles(options);
  const out = derive({
    scenarios: files
      .filter((f) => /^scenarios\/[^/]+\/(client|server)\//.test(f.path))
      .map((f) => ({ path: f.path, text: f.content })),
    results: new Map(files.filter((f) => f.path.startsWith('results/')).map((f) => [f.path, f.content])),
    judges: JUDGES,
    rejudge: false,
  });
  if (!out.dataset) throw new Error(`synthetic tree does not derive:\n${out.problems.map(formatProblem).join('\n')}`);
  return out.dataset;
}
