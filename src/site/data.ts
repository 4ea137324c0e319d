import { existsSync, readFileSync } from 'node:fs';
import type { Dataset } from '../bench/derive/dataset.ts';
import { DATASET_FORMAT } from '../bench/derive/dataset.ts';
import { datasetPath } from '../harness/io/paths.ts';

let cached: Dataset | undefined;

/** The derived data set, written by `npm run derive` (which `npm run build` runs first). Pages only format it. */
export function dataset(): Dataset {
  if (cached) return cached;
  const p = datasetPath();
  if (!existsSync(p)) throw new Error(`${p}: missing derived data set\n  hint: run \`npm run derive\` (npm run build does it first)`);
  const d = JSON.parse(readFileSync(p, 'utf8')) as Dataset;
  if (d.format !== DATASET_FORMAT) throw new Error(`${p}: format: expected "${DATASET_FORMAT}", got "${String(d.format)}"\n  hint: re-run \`npm run derive\``);
  cached = d;
  return d;
}
