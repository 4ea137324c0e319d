import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SPEC_SOURCES, type SpecSource } from '../../bench/spec/revisions.ts';
import { fetchSpec, mirrorUrls } from './fetch-spec.ts';
import { specDir } from './paths.ts';
import { sourceDigest } from './spec-digest.ts';
import { buildSpecMirror } from './spec-mirror.ts';

// fetch-spec cannot reach github.com here: these tests fetch from local git repositories instead, which exercises
// the same git commands (shallow fetch by sha or HEAD, checkout), the layout mapping and the content-digest check.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `mcpfs-${name}-`));
  dirs.push(d);
  return d;
};

function repoWith(files: Record<string, string>): { url: string; commit: string } {
  const d = temp('fake-upstream');
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(d, p)), { recursive: true });
    writeFileSync(join(d, p), text);
  }
  const g = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: d })
      .toString()
      .trim();
  g('init', '-q');
  g('config', 'uploadpack.allowAnySHA1InWant', 'true');
  g('add', '-A');
  g('commit', '-q', '-m', 'pin');
  return { url: `file://${d}`, commit: g('rev-parse', 'HEAD') };
}

/** A one-copy source over a fake repository, with the digest its copied files must have. */
function fakeSource(files: Record<string, string>, expected: Record<string, string>): SpecSource {
  const up = repoWith(files);
  const want = temp('want');
  for (const [p, text] of Object.entries(expected)) {
    mkdirSync(dirname(join(want, p)), { recursive: true });
    writeFileSync(join(want, p), text);
  }
  const s = {
    id: 'fake',
    repo: 'org/fake',
    url: up.url,
    commit: up.commit,
    copies: [
      { from: 'docs/specification/2025-11-25', to: '2025-11-25/docs/specification/2025-11-25' },
      { from: 'LICENSE', to: 'LICENSE' },
    ],
    digest: '',
  };
  return { ...s, digest: sourceDigest(want, s) };
}

describe('fetchSpec', () => {
  it('maps a source at its pinned commit onto the MCP_SPEC_DIR layout, skips .png, runs finish and writes PINNED.md', () => {
    const files = {
      'docs/specification/2025-11-25/basic/transports.mdx': 'T',
      'docs/specification/2025-11-25/x.png': 'P',
      LICENSE: 'L',
    };
    const s = fakeSource(files, { '2025-11-25/docs/specification/2025-11-25/basic/transports.mdx': 'T', LICENSE: 'L' });
    const dest = join(temp('dest'), 'spec');
    fetchSpec(dest, { finish: (d) => writeFileSync(join(d, 'finished'), 'yes') }, [s]);
    expect(readFileSync(join(dest, '2025-11-25/docs/specification/2025-11-25/basic/transports.mdx'), 'utf8')).toBe('T');
    expect(existsSync(join(dest, '2025-11-25/docs/specification/2025-11-25/x.png'))).toBe(false);
    expect(readFileSync(join(dest, 'finished'), 'utf8')).toBe('yes');
    expect(readFileSync(join(dest, 'PINNED.md'), 'utf8')).toContain(`| commit | \`${s.commit}\` |`);
  });

  it('refuses files that differ from the pinned content digest and leaves the destination untouched', () => {
    const s = fakeSource(
      { 'docs/specification/2025-11-25/a.mdx': 'edited upstream', LICENSE: 'L' },
      { '2025-11-25/docs/specification/2025-11-25/a.mdx': 'pinned text', LICENSE: 'L' },
    );
    const dest = temp('dest');
    writeFileSync(join(dest, 'keep.txt'), 'old');
    expect(() => fetchSpec(dest, {}, [s])).toThrow(
      /the fetched files differ from the pinned ones \(content digest sha256:/,
    );
    expect(readFileSync(join(dest, 'keep.txt'), 'utf8')).toBe('old');
  });

  it('fails on a path missing at the pinned commit and leaves the destination untouched', () => {
    const up = repoWith({ 'README.md': 'r' });
    const dest = temp('dest');
    writeFileSync(join(dest, 'keep.txt'), 'old');
    expect(() =>
      fetchSpec(dest, {}, [
        {
          id: 'x',
          repo: 'org/x',
          url: up.url,
          commit: up.commit,
          copies: [{ from: 'schema/2025-11-25', to: 'x' }],
          digest: 'sha256:0',
        },
      ]),
    ).toThrow(/path "schema\/2025-11-25" does not exist/);
    expect(readFileSync(join(dest, 'keep.txt'), 'utf8')).toBe('old');
  });

  it.skipIf(!existsSync(join(specDir(), SPEC_SOURCES[0].copies[0].to)))(
    'fetches the real pinned sources from a mirror built from the spec folder, and their digests match the manifest',
    () => {
      const mirror = join(temp('mirror'), 'm');
      buildSpecMirror(specDir(), mirror);
      const dest = join(temp('dest'), 'spec');
      fetchSpec(dest, { urls: mirrorUrls(mirror) });
      for (const s of SPEC_SOURCES) expect(sourceDigest(dest, s)).toBe(s.digest);
      expect(readFileSync(join(dest, 'PINNED.md'), 'utf8')).toContain(`file://${mirror}/mcp`);
    },
  );
});
