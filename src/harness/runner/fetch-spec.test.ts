import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readSpecCommit, readSpecCommits } from '../io/load.ts';
import { specDir } from '../io/paths.ts';
import { fetchSpec, PINNED_SOURCES, type SpecSource } from './fetch-spec.ts';

// fetch-spec cannot reach github.com here: these tests fetch from local git repositories instead, which exercises
// the same git commands (shallow fetch by sha, checkout) and the layout mapping.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function repoWith(files: Record<string, string>): { url: string; commit: string } {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-fake-upstream-'));
  dirs.push(d);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(d, p)), { recursive: true });
    writeFileSync(join(d, p), text);
  }
  const g = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'uploadpack.allowAnySHA1InWant=true', ...args], { cwd: d }).toString().trim();
  g('init', '-q');
  g('config', 'uploadpack.allowAnySHA1InWant', 'true');
  g('add', '-A');
  g('commit', '-q', '-m', 'pin');
  return { url: `file://${d}`, commit: g('rev-parse', 'HEAD') };
}

describe('fetchSpec', () => {
  it('maps the pinned sources onto the MCP_SPEC_DIR layout and records the primary commit', () => {
    const main = repoWith({ 'docs/specification/2025-11-25/basic/transports.mdx': 'T', 'docs/specification/2025-11-25/x.png': 'P', LICENSE: 'L' });
    const sources: SpecSource[] = [{ repo: main.url, commit: main.commit, copies: [{ from: 'docs/specification/2025-11-25', to: '2025-11-25/docs/specification/2025-11-25' }, { from: 'LICENSE', to: 'LICENSE' }] }];
    const dest = join(mkdtempSync(join(tmpdir(), 'mcpfs-spec-dest-')), 'spec');
    dirs.push(dirname(dest));
    fetchSpec(dest, sources);
    expect(readFileSync(join(dest, '2025-11-25/docs/specification/2025-11-25/basic/transports.mdx'), 'utf8')).toBe('T');
    expect(existsSync(join(dest, '2025-11-25/docs/specification/2025-11-25/x.png'))).toBe(false);
    expect(readSpecCommit(dest)).toBe(main.commit);
    // Coverage links look commits up by owner/name: the fetched PINNED.md must name repositories that way.
    expect(Object.values(readSpecCommits(dest))).toEqual([main.commit]);
    expect(Object.keys(readSpecCommits(dest))[0]).toMatch(/^tmp\/mcpfs-fake-upstream-/);
  });

  it('fails on a path missing at the pinned commit and leaves the destination untouched', () => {
    const main = repoWith({ 'README.md': 'r' });
    const dest = mkdtempSync(join(tmpdir(), 'mcpfs-spec-dest-'));
    dirs.push(dest);
    writeFileSync(join(dest, 'keep.txt'), 'old');
    expect(() => fetchSpec(dest, [{ repo: main.url, commit: main.commit, copies: [{ from: 'schema/2025-11-25', to: 'x' }] }])).toThrow(/path "schema\/2025-11-25" does not exist/);
    expect(readFileSync(join(dest, 'keep.txt'), 'utf8')).toBe('old');
  });

  it.skipIf(!existsSync(join(specDir(), 'PINNED.md')))('pins the same commits as the spec folder\'s PINNED.md', () => {
    const pinned = readFileSync(join(specDir(), 'PINNED.md'), 'utf8');
    expect(PINNED_SOURCES[0]!.commit).toBe(readSpecCommit(specDir()));
    for (const s of PINNED_SOURCES) expect(pinned).toContain(s.commit);
  });
});
