// Astro's incremental build (astro.config.mjs) copies a page from the last build when its cacheKey and code are
// unchanged. A key that misses an input would publish a stale page, so every rebuild here is held to a clean build of
// the same tree: byte for byte, file for file. The counts show the cache was really used (a test that compares two
// full renders would pass with keys that never match).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, astroBuildKept, deriveRoot, freshDir, type KeptBuild } from '../testing/site-build.ts';
import { writeSyntheticTree, type SyntheticOptions } from '../testing/synthetic.ts';

const TREE: SyntheticOptions = { seed: 5, subjects: 2, libraries: 1, scenarios: 1, checkpoints: 3, k: 2 };
const sha = (c: string) => c.repeat(40);

/** Every file under `dir`, by relative path (contents read as latin1: byte-exact for any file). */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

/** Paths whose bytes differ between two output trees, and paths only one of them has. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const all = new Set([...a.keys(), ...b.keys()]);
  return [...all].filter((p) => a.get(p) !== b.get(p)).sort();
}

describe('incremental site build', () => {
  const root = freshDir('mcpfs-incremental');
  const keep = join(root, 'keep');
  const out = join(root, 'dist');
  const builds: KeptBuild[] = [];
  /**
   * A clean build's output by what it was built from (the commit, and every file of the tree the build reads): a
   * clean build is a function of its inputs, so a tree and commit already built cleanly are not built again.
   */
  const cleanBuilds = new Map<string, string>();
  const inputsKey = (commit: string): string => {
    const h = createHash('sha256').update(commit);
    for (const dir of ['generated', 'results', 'scenarios', 'libraries'])
      if (existsSync(join(root, dir)))
        for (const [p, content] of [...files(join(root, dir))].sort(([a], [b]) => a.localeCompare(b)))
          h.update(`${dir}/${p}\0${content.length}\0`).update(content, 'latin1');
    return h.digest('hex');
  };
  /** A kept (incremental) build of the tree as it is now, and a clean build of the same tree with the same commit. */
  const both = async (commit: string): Promise<{ kept: KeptBuild; diff: string[] }> => {
    deriveRoot(root);
    const key = inputsKey(commit);
    const cached = cleanBuilds.get(key);
    const cleanOut = cached ?? join(root, `clean-${cleanBuilds.size}`);
    // The two builds share nothing but the derived tree (each runs in a private project copy): side by side.
    const [kept] = await Promise.all([
      astroBuildKept(root, out, keep, { GITHUB_SHA: commit }),
      cached ? undefined : astroBuild(root, cleanOut, process.cwd(), {}, { GITHUB_SHA: commit }),
    ]);
    cleanBuilds.set(key, cleanOut);
    builds.push(kept);
    return { kept, diff: differences(files(out), files(cleanOut)) };
  };

  beforeAll(() => {
    mkdirSync(keep, { recursive: true });
    writeSyntheticTree(root, TREE);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('renders every page on the first build, and its output is what a clean build writes', async () => {
    const { kept, diff } = await both(sha('a'));
    expect(kept.reused).toBe(0);
    expect(kept.rendered).toBeGreaterThan(50);
    expect(diff).toEqual([]);
  }, 300_000);

  it('reuses every keyed page when nothing changed, and writes the same bytes', async () => {
    const { kept, diff } = await both(sha('a'));
    expect(diff).toEqual([]);
    // Only pages without getStaticPaths (home, methodology, scoring, isolation, the data set download) are rendered.
    expect(kept.rendered).toBeLessThan(10);
    expect(kept.reused).toBe(builds[0]!.rendered - kept.rendered);
  }, 300_000);

  it('re-renders what a new commit and new records change (a pull request), and matches a clean build', async () => {
    writeSyntheticTree(root, { ...TREE, subjects: 3 });
    const { kept, diff } = await both(sha('b'));
    expect(diff).toEqual([]);
    // The records that did not change keep their pages; the new ones and every page naming the commit are rendered.
    expect(kept.reused).toBeGreaterThan(20);
    expect(kept.rendered).toBeGreaterThan(20);
  }, 300_000);

  it('drops the pages of removed records (nothing stale is left in the output)', async () => {
    const before = files(out);
    rmSync(join(root, 'results'), { recursive: true, force: true });
    writeSyntheticTree(root, TREE);
    const { kept, diff } = await both(sha('c'));
    expect(diff).toEqual([]);
    expect(kept.reused).toBeGreaterThan(20);
    const gone = [...before.keys()].filter((p) => !files(out).has(p));
    expect(gone.some((p) => p.startsWith('trials/'))).toBe(true);
  }, 300_000);

  it('builds from scratch after a build that did not finish (its pages and cached copies cannot be trusted)', async () => {
    // What a build killed mid-way leaves: a page and its cached copy rewritten, the manifest not yet.
    const page = [...files(out).keys()].find((p) => /^trials\/[^/]+\/index\.html$/.test(p))!;
    writeFileSync(join(out, page), 'half-written');
    writeFileSync(join(keep, 'project/.cache/astro/dist', page), 'half-written');
    const state = join(keep, 'project/.cache/astro/kept-output.json');
    writeFileSync(state, JSON.stringify({ ...JSON.parse(readFileSync(state, 'utf8')), building: true }));
    const { kept, diff } = await both(sha('c'));
    expect(diff).toEqual([]);
    expect(kept.reused).toBe(0);
  }, 300_000);

  it('empties an output folder the page cache does not describe (another --outDir last time)', async () => {
    const other = join(root, 'other');
    await astroBuildKept(root, other, keep, { GITHUB_SHA: sha('c') });
    const page = [...files(out).keys()].find((p) => /^trials\/[^/]+\/index\.html$/.test(p))!;
    writeFileSync(join(out, page), 'left over from another build');
    const { diff } = await both(sha('c'));
    expect(diff).toEqual([]);
  }, 300_000);
});
