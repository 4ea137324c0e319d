// Vitest's file order starts the slowest files first only from its results cache, which a clean clone (CI, a new
// contributor) does not have: there it goes by file size, and a 100 s file started last holds the whole run up. These
// files start first, in this order (the slowest first; `npm run bench` prints every file's time to keep it true).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest test files, slowest first (paths from the project root). */
export const HEAVY_FIRST: readonly string[] = [
  'src/site/incremental-build.test.ts',
  'src/site/site-quality-records.test.ts',
  'src/harness/roles/schema-conformance.test.ts',
  'src/harness/probe/2025-11-25/probe.test.ts',
  'src/harness/roles/2025-11-25-client.test.ts',
  'src/harness/reference/hostile.test.ts',
  'scripts/sweep.test.ts',
  'src/harness/roles/2026-07-28-client.test.ts',
  'src/harness/runner/docker-sandbox.test.ts',
  'src/harness/runner/sandbox.test.ts',
  'src/components/replay/replay-site.test.ts',
  'src/site/site-hostile.test.ts',
];

/** Where a file stands in `HEAVY_FIRST` (files not listed come after, in Vitest's own order). */
export function heavyRank(moduleId: string): number {
  const i = HEAVY_FIRST.findIndex((f) => moduleId.endsWith(`/${f}`));
  return i < 0 ? HEAVY_FIRST.length : i;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    return base
      .map((f, i) => ({ f, i, r: heavyRank(f.moduleId) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.f);
  }
}
