// Vitest fixture: the site built from the project's own records (scenarios/, results/, libraries/) and the pinned spec
// (fetched on first use), as `npm run build` makes it, into a temporary output folder; removed afterwards. Derived
// in-process without re-judging or gates (npm run build checks those) into a temporary root holding a copy of results/;
// nothing in the project tree is written.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { derive, serializeDataset } from '../bench/derive/derive.ts';
import { formatProblem } from '../bench/problems.ts';
import { loadDeriveInput } from '../harness/derive-inputs.ts';
import { ensureSpec } from '../harness/io/spec.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';
import { astroBuild, freshDir } from './site-build.ts';

/** Register hooks that build the project's own site; `out` is its output folder (filled once beforeAll ran). */
export function useProjectSite(prefix: string, timeoutMs = 300_000): { out: string } {
  const root = freshDir(prefix);
  const out = join(root, 'dist');
  beforeAll(async () => {
    const cwd = process.cwd();
    ensureSpec(cwd, () => undefined);
    const r = derive(loadDeriveInput(cwd, { rejudge: false, gate: false }));
    if (!r.dataset) throw new Error(`derive failed for ${cwd}:\n${r.problems.map(formatProblem).join('\n')}`);
    writeFilesAtomic([{ path: join(root, 'generated/dataset.json'), content: serializeDataset(r.dataset) }]);
    // Replay pages read the records' wire logs and transcripts at build time.
    cpSync(join(cwd, 'results'), join(root, 'results'), { recursive: true });
    await astroBuild(root, out, cwd);
  }, timeoutMs);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { out };
}
