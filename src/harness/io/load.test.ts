import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCoverageFiles } from './load.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const temp = () => (dir = mkdtempSync(join(tmpdir(), 'mcpfs-io-')));

describe('loadCoverageFiles', () => {
  it('reads every scenarios/<folder>/coverage.json, sorted, and nothing else', () => {
    const d = temp();
    for (const p of [
      'scenarios/2026-07-28/coverage.json',
      'scenarios/2025-11-25/coverage.json',
      'scenarios/2025-11-25/server/coverage.json',
    ]) {
      mkdirSync(join(d, p, '..'), { recursive: true });
      writeFileSync(join(d, p), p);
    }
    expect(loadCoverageFiles(d)).toEqual([
      { path: 'scenarios/2025-11-25/coverage.json', text: 'scenarios/2025-11-25/coverage.json' },
      { path: 'scenarios/2026-07-28/coverage.json', text: 'scenarios/2026-07-28/coverage.json' },
    ]);
  });
});
