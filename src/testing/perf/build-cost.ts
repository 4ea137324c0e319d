// What a site build of a tree costs: `npm run build`'s two steps measured apart — derive (re-judging every record,
// in its own process: derive-probe.ts) and `astro build` — with the wall time, pages, output files and peak RSS of each.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { astroBuild, astroBuildKept } from '../site-build.ts';
import type { DeriveProbe } from './derive-probe.ts';
import { peakRssProbe } from './peak-rss.ts';

const run = promisify(execFile);
const PROBE = new URL('./derive-probe.ts', import.meta.url).pathname;

/**
 * derive-probe.ts in a child process: derive ÷ JSON.parse of the tree and derive's peak RSS. `spec`: the pinned spec
 * folder (a temp tree has no ../shared beside it). `write`: write the data set and derive's memo; `warm`: derive with
 * the memo a previous `write` left (a rebuild), else cold.
 */
export async function measureDerive(
  root: string,
  spec: string,
  rounds = 2,
  write = false,
  warm = false,
  threads?: number,
): Promise<DeriveProbe> {
  const flags = [
    ...(write ? ['--write'] : []),
    ...(warm ? ['--warm'] : []),
    ...(threads === undefined ? [] : ['--threads', String(threads)]),
  ];
  const { stdout } = await run(process.execPath, [PROBE, root, String(rounds), ...flags], {
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
  /** Kept builds: paths Astro's incremental build copied from the previous build, and paths it rendered. */
  reused?: number;
  rendered?: number;
}

/**
 * `astro build` of `root` (its generated/dataset.json must exist) into `out`, with its peak RSS. `keep`: build in the
 * project copy kept there, so the incremental build cache carries over from the previous call with the same `keep`
 * (site-build.ts `astroBuildKept`); without it, a fresh copy and a cold build. `env`: e.g. the build commit.
 */
export async function measureAstro(
  root: string,
  out = join(root, 'dist'),
  opts: { keep?: string; env?: Record<string, string> } = {},
): Promise<AstroCost> {
  const rss = peakRssProbe();
  try {
    const env = { ...opts.env, ...rss.env };
    const kept = opts.keep ? await astroBuildKept(root, out, opts.keep, env) : undefined;
    const ms = kept ? kept.ms : await astroBuild(root, out, process.cwd(), {}, env);
    return {
      ms,
      pages: fg.sync('**/*.html', { cwd: out }).length,
      files: fg.sync('**/*', { cwd: out }).length,
      maxRssKb: rss.readKb(),
      ...(kept ? { reused: kept.reused, rendered: kept.rendered } : {}),
    };
  } finally {
    rss.dispose();
  }
}
