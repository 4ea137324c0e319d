import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCoverageFiles, readSpecCommits } from './load.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const temp = () => (dir = mkdtempSync(join(tmpdir(), 'mcpfs-io-')));

describe('readSpecCommits', () => {
  it('pairs each repository row of PINNED.md with the commit row after it', () => {
    const d = temp();
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    writeFileSync(join(d, 'PINNED.md'), ['| repository | `org/main` (GitHub), branch `main` |', '| commit | `' + a + '` |', '| tag | commit | date |', '| `x` | `' + 'c'.repeat(40) + '` | … |', '', '| repository | `org/ext-tasks` (GitHub) |', '| commit | `' + b + '` |', ''].join('\n'));
    expect(readSpecCommits(d)).toEqual({ 'org/main': a, 'org/ext-tasks': b });
  });

  it('returns no commits when the spec is absent', () => {
    expect(readSpecCommits(join(temp(), 'missing'))).toEqual({});
  });
});

describe('loadCoverageFiles', () => {
  it('reads every scenarios/<folder>/coverage.json, sorted, and nothing else', () => {
    const d = temp();
    for (const p of ['scenarios/2026-07-28/coverage.json', 'scenarios/2025-11-25/coverage.json', 'scenarios/2025-11-25/server/coverage.json']) {
      mkdirSync(join(d, p, '..'), { recursive: true });
      writeFileSync(join(d, p), p);
    }
    expect(loadCoverageFiles(d)).toEqual([
      { path: 'scenarios/2025-11-25/coverage.json', text: 'scenarios/2025-11-25/coverage.json' },
      { path: 'scenarios/2026-07-28/coverage.json', text: 'scenarios/2026-07-28/coverage.json' },
    ]);
  });
});
