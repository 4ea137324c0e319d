// Build the site against another project root (tests and benches): derive in-process (no re-judging: synthetic
// verdicts are drawn, not judged), write `<root>/generated/dataset.json`, then `astro build --outDir <out>` with
// MCPFS_ROOT=<root>. Each build runs in a private copy of the site sources (node_modules symlinked): Astro keeps
// build state in `<project>/.astro/`, and two builds of one project at once (other test files, other helpers, a dev
// server) corrupt each other's prerender chunks.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { derive, serializeDataset } from '../bench/derive/derive.ts';
import { formatProblem } from '../bench/problems.ts';
import { loadDeriveInput } from '../harness/derive-inputs.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';
import type { JudgeRegistry } from '../bench/judge/types.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import { archiveOf, archivePath } from '../bench/schema/archive.ts';
import type { BenchmarkVersions } from '../bench/schema/versions.ts';
import { VERSIONS_PATH } from '../bench/versions/check.ts';

/** Two judge registries as one, revision by revision and role by role (`extra` wins on a shared slug). */
function mergeJudges(a: JudgeRegistry, extra: JudgeRegistry): JudgeRegistry {
  const out: JudgeRegistry = { ...a };
  for (const [rev, roles] of Object.entries(extra) as [keyof JudgeRegistry, JudgeRegistry[keyof JudgeRegistry]][])
    out[rev] = {
      ...a[rev],
      ...Object.fromEntries(
        Object.entries(roles ?? {}).map(([role, js]) => [role, { ...a[rev]?.[role as 'server'], ...js }]),
      ),
    };
  return out;
}

const run = promisify(execFile);
/** What an Astro build of this project reads, besides node_modules. */
const PROJECT_FILES = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'CONTEXT.md'];

/**
 * A private copy of the project's site sources under `dir`, sharing node_modules by symlink; `files` replace project
 * files in the copy (e.g. a hostile CONTEXT.md, which the methodology page renders).
 */
function projectCopy(cwd: string, dir: string, files: Record<string, string> = {}): string {
  const copy = join(dir, 'project');
  mkdirSync(copy, { recursive: true });
  for (const f of PROJECT_FILES) if (existsSync(join(cwd, f))) cpSync(join(cwd, f), join(copy, f), { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(copy, f), content);
  symlinkSync(join(cwd, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

/**
 * Derive `root` without re-judging and without the pinned spec (synthetic citations, synthetic wire logs: no schema
 * validation either, whatever MCP_SPEC_DIR says), writing its data set. Synthetic calibration subjects (mutants of
 * synthetic scenarios) are not the harness's, so they are not checked against it either.
 */
export function deriveRoot(root: string, opts: { gate?: boolean; judges?: JudgeRegistry } = {}): void {
  const input = loadDeriveInput(root, { rejudge: false, gate: opts.gate });
  const out = derive({
    ...input,
    // A tree's own judges (for its verification sidecars) beside the real ones.
    judges: opts.judges ? mergeJudges(input.judges, opts.judges) : input.judges,
    spec: undefined,
    schemas: undefined,
    calibrationSubjects: undefined,
  });
  if (!out.dataset) throw new Error(`derive failed for ${root}:\n${out.problems.map(formatProblem).join('\n')}`);
  writeFilesAtomic([{ path: join(root, 'generated/dataset.json'), content: serializeDataset(out.dataset) }]);
}

/**
 * Replace the tree's benchmark version as `npm run versions -- --bump minor` does: its boards as they derive now are
 * archived under archive/<old>.json, and the history gains `next`. Returns the archived version.
 */
export function archiveCurrentVersion(root: string, next: string, date = '2026-12-01'): string {
  deriveRoot(root);
  const d = JSON.parse(readFileSync(join(root, 'generated/dataset.json'), 'utf8')) as Dataset;
  const path = join(root, VERSIONS_PATH);
  const history = JSON.parse(readFileSync(path, 'utf8')) as BenchmarkVersions;
  const old = history.versions.at(-1)!.version;
  history.versions.push({ version: next, date, summary: 'a minor version (test)' });
  writeFilesAtomic([
    { path: join(root, archivePath(old)), content: `${JSON.stringify(archiveOf(d, old, next, date), null, 1)}\n` },
    { path, content: `${JSON.stringify(history, null, 2)}\n` },
  ]);
  return old;
}

/**
 * `astro build --outDir out` with MCPFS_ROOT=root, in a private copy of the project at `cwd` (with `files` replaced
 * in the copy), and `env` added to its environment. Returns elapsed ms.
 */
export async function astroBuild(
  root: string,
  out: string,
  cwd = process.cwd(),
  files: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<number> {
  const scratch = freshDir('mcpfs-astro');
  try {
    return (await runAstro(projectCopy(cwd, scratch, files), root, out, env)).ms;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One build in a kept project copy: its time, and how many pages Astro's incremental build reused or rendered. */
export interface KeptBuild {
  ms: number;
  /** Paths copied from the previous build's cache (their cacheKey and code were unchanged). */
  reused: number;
  /** Paths rendered. */
  rendered: number;
}

/**
 * `astro build` of `root` into `out` in the project copy under `keep` (made from `cwd` on first use, then reused as
 * is), so that its incremental build cache (`<copy>/.cache/astro`) and its module paths carry over from build to
 * build, as in one checkout built again. The caller removes `keep`.
 */
export async function astroBuildKept(
  root: string,
  out: string,
  keep: string,
  env: Record<string, string> = {},
  cwd = process.cwd(),
): Promise<KeptBuild> {
  const project = join(keep, 'project');
  if (!existsSync(project)) projectCopy(cwd, keep);
  const r = await runAstro(project, root, out, env);
  // Astro logs "├─ <path>" per path, then "(cached)" or "(restored)" right after it for a reused one, or the render
  // time later (so rendered paths can share a line: count marks, not lines).
  const paths = r.stdout.split('├─').length - 1;
  const reused = (r.stdout.match(/\((?:cached|restored)\)/g) ?? []).length;
  return { ms: r.ms, reused, rendered: paths - reused };
}

async function runAstro(
  project: string,
  root: string,
  out: string,
  env: Record<string, string>,
): Promise<{ ms: number; stdout: string }> {
  try {
    const t0 = performance.now();
    const { stdout } = await run('npx', ['astro', 'build', '--outDir', out], {
      cwd: project,
      env: { ...process.env, MCPFS_ROOT: root, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
      maxBuffer: 256 * 1024 * 1024,
    });
    return { ms: performance.now() - t0, stdout };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`astro build failed for MCPFS_ROOT=${root}: ${err.message}\n${(err.stderr ?? '').slice(-4000)}`);
  }
}

/** A new empty folder under the OS temp dir. */
export function freshDir(prefix: string): string {
  const d = join(tmpdir(), `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(d, { recursive: true });
  return d;
}
