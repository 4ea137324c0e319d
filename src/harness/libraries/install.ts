import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY_PATH } from '../../bench/derive/libraries.ts';

/**
 * The library install folders (each with its own package.json and lockfile), relative to the project: `libraries`
 * and every other `installFolder` of libraries/registry.json, in registry order. Read from the raw file so a registry
 * that fails validation still installs (the runner then reports the registry's problem path-first).
 */
export function libraryFolders(root: string): string[] {
  const reg = JSON.parse(readFileSync(join(root, REGISTRY_PATH), 'utf8')) as {
    libraries?: { installFolder?: unknown }[];
  };
  const folders = (reg.libraries ?? []).map((e) =>
    e.installFolder === '.' || typeof e.installFolder !== 'string' ? 'libraries' : `libraries/${e.installFolder}`,
  );
  return [...new Set(['libraries', ...folders])];
}

/** The agent harness install folders (`agents/<name>/` with a lockfile), relative to the project, sorted. */
export function agentFolders(root: string): string[] {
  const dir = join(root, 'agents');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'package-lock.json')))
    .map((e) => `agents/${e.name}`)
    .sort();
}

/**
 * Whether `dir`'s node_modules is missing or older than its lockfile (npm writes `.package-lock.json` on install). A
 * node_modules that is a symbolic link (a git worktree sharing another checkout's install) is never reinstalled: npm
 * would follow the link and empty the other checkout's folder.
 */
export function needsInstall(root: string, dir: string): boolean {
  const modules = join(root, dir, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) return false;
  const marker = join(root, dir, 'node_modules', '.package-lock.json');
  return !existsSync(marker) || statSync(marker).mtimeMs < statSync(join(root, dir, 'package-lock.json')).mtimeMs;
}

/** `npm ci --prefix dir`; resolves with its exit code and the last lines of its output. */
function npmCi(root: string, dir: string): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['ci', '--prefix', dir, '--strict-allow-scripts', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    child.stderr.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    child.on('error', (e) => resolve({ code: null, tail: e.message }));
    child.on('close', (code) => resolve({ code, tail: out.trim().split('\n').slice(-5).join('\n') }));
  });
}

/** How many folders npm installs at once (npm is mostly waiting on the network and the disk). */
const PARALLEL = 4;

/**
 * Install the libraries under test (`npm ci --prefix <folder>`, four folders at a time): on first use, so
 * `npm ci && npm test` is all a fresh clone needs, or every folder with `force` (npm run libraries:install). Prints one
 * progress line per folder; rejects with npm's own last lines for every folder that failed.
 */
export async function installLibraries(
  root: string,
  {
    force = false,
    log = (l: string) => process.stderr.write(`${l}\n`),
    folders = libraryFolders(root),
    what = 'the pinned libraries under test',
    again = 'npm run libraries:install',
  } = {},
): Promise<void> {
  const todo = folders.filter((d) => force || needsInstall(root, d));
  const failed: string[] = [];
  const worker = async (): Promise<void> => {
    for (let dir = todo.shift(); dir !== undefined; dir = todo.shift()) {
      log(`${dir.split('/')[0]}: installing ${what} into ${dir}/node_modules (npm ci --prefix ${dir}) …`);
      const r = await npmCi(root, dir);
      if (r.code !== 0)
        failed.push(`${dir}/package-lock.json: npm ci --prefix ${dir} failed (exit ${r.code ?? 'none'})\n${r.tail}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failed.length)
    throw new Error(`${failed.join('\n')}\nhint: check the npm registry is reachable, then run ${again}`);
}
