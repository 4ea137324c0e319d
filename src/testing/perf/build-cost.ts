// What a site build of a tree costs: `npm run build`'s two steps measured apart — derive (re-judging every record,
// in its own process: derive-probe.ts) and `astro build` — with the wall time, pages, output files and peak RSS of each.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { astroBuild } from '../site-build.ts';
import type { DeriveProbe } from './derive-probe.ts';
import { peakRssProbe } from './peak-rss.ts';

const run = promisify(execFile);
const PROBE = new URL('./derive-probe.ts', import.meta.url).pathname;

/**
 * derive-probe.ts in a child process: derive ÷ JSON.parse of the tree and derive's peak RSS. `spec`: the pinned spec
 * folder (a temp tree has no ../shared beside it).
 */
export async function measureDerive(root: string, spec: string, rounds = 2, write = false): Promise<DeriveProbe> {
  const { stdout } = await run(process.execPath, [PROBE, root, String(rounds), ...(write ? ['--write'] : [])], {
    maxBuffer: 64 << 20,
    env: { ...process.env, NO_COLOR: '1', MCP_SPEC_DIR: spec },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as DeriveProbe;
}

/** One astro build of a derived tree. */
export interface AstroCost {
  ms: number;
  /** HTML pages written. */
  pages: number;
  /** Every file written (pages, endpoints, assets). */
  files: number;
  maxRssKb: number;
}

/** `astro build` of `root` (its generated/dataset.json must exist) into `out`, with its peak RSS. */
export async function measureAstro(root: string, out = join(root, 'dist'), cwd = process.cwd()): Promise<AstroCost> {
  const rss = peakRssProbe();
  try {
    const ms = await astroBuild(root, out, cwd, {}, rss.env);
    return {
      ms,
      pages: fg.sync('**/*.html', { cwd: out }).length,
      files: fg.sync('**/*', { cwd: out }).length,
      maxRssKb: rss.readKb(),
    };
  } finally {
    rss.dispose();
  }
}
