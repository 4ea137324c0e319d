// The site build keeps its output folder between builds (astro.config.mjs: Vite's emptyOutDir is off), so a page that
// Astro's incremental build reuses stays where it is instead of being deleted and copied back from the cache: on 2
// cores that round trip was most of an unchanged 10,000-trial rebuild (62,000 files; docs/performance.md). Keeping
// the folder is safe only under three rules, which this integration enforces:
// 1. The folder must be the one the page cache's manifest describes: the state file names the folder the last build
//    wrote; another folder (or none recorded) is emptied first, so reused pages are copied from the cache instead.
// 2. A build that did not finish leaves no trace: Astro rewrites a re-rendered page's cached copy before it writes its
//    manifest, so after a crash the two disagree. A build that finds the previous one unfinished empties the folder
//    and drops the page cache (a cold build).
// 3. Nothing stale stays: after the build, every file that this build neither wrote nor reused is deleted (a removed
//    trial's pages, an old stylesheet).
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** What the last build left in the cache folder. */
interface KeptState {
  /** The output folder it wrote. */
  outDir: string;
  /** True from its start until it finished. */
  building: boolean;
}

const STATE = 'kept-output.json';
/** Astro's incremental build files in its cache folder (astro/dist/core/build/incremental.js). */
const PAGE_CACHE = ['incremental-build.json', 'dist'];

function readState(cacheDir: string): KeptState | undefined {
  try {
    const v = JSON.parse(readFileSync(join(cacheDir, STATE), 'utf8')) as Partial<KeptState>;
    return typeof v.outDir === 'string' && typeof v.building === 'boolean' ? (v as KeptState) : undefined;
  } catch {
    return undefined;
  }
}

function writeState(cacheDir: string, state: KeptState): void {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, STATE), JSON.stringify(state) + '\n');
}

/** Empty `dir`'s contents (the folder itself stays: it may be a mount point). */
function emptyDir(dir: string): void {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir)) rmSync(join(dir, e), { recursive: true, force: true });
}

/**
 * Delete every file under `dir` that is not in `keep` and was last written before `since` (ms); then every folder
 * left empty. Returns how many files were deleted.
 */
export function pruneStale(dir: string, keep: ReadonlySet<string>, since: number): number {
  let deleted = 0;
  const walk = (d: string): boolean => {
    let empty = true;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (walk(p)) rmdirSync(p);
        else empty = false;
      } else if (!keep.has(p) && statSync(p).mtimeMs < since) {
        rmSync(p, { force: true });
        deleted++;
      } else empty = false;
    }
    return empty;
  };
  if (existsSync(dir)) walk(dir);
  return deleted;
}

/** The integration (astro.config.mjs). */
export function keptOutput(): AstroIntegration {
  let cacheDir = '';
  let outDir = '';
  let started = 0;
  return {
    name: 'mcpfs-kept-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ logger }) => {
        started = Date.now();
        const last = readState(cacheDir);
        if (last?.building) {
          logger.info('the previous build did not finish: building from scratch');
          for (const f of PAGE_CACHE) rmSync(join(cacheDir, f), { recursive: true, force: true });
          emptyDir(outDir);
        } else if (last?.outDir !== outDir) emptyDir(outDir);
        writeState(cacheDir, { outDir, building: true });
      },
      'astro:build:done': ({ dir, assets, logger }) => {
        const keep = new Set([...assets.values()].flat().map((u) => fileURLToPath(u)));
        const deleted = pruneStale(fileURLToPath(dir), keep, started);
        if (deleted) logger.info(`deleted ${deleted} file(s) no page of this build wrote`);
        writeState(cacheDir, { outDir, building: false });
      },
    },
  };
}
