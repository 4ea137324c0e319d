import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The library install folders (each with its own package.json and lockfile): see libraries/registry.json. */
export const LIBRARY_FOLDERS = ['libraries', 'libraries/mcp-framework'] as const;

/** Whether `dir`'s node_modules is missing or older than its lockfile (npm writes `.package-lock.json` on install). */
export function needsInstall(root: string, dir: string): boolean {
  const marker = join(root, dir, 'node_modules', '.package-lock.json');
  return !existsSync(marker) || statSync(marker).mtimeMs < statSync(join(root, dir, 'package-lock.json')).mtimeMs;
}

/**
 * Install the libraries under test on first use (`npm ci --prefix <folder>`), so `npm ci && npm test` is all a fresh
 * clone needs. Prints one progress line per folder it installs; throws with npm's own last lines when npm fails.
 */
export function ensureLibrariesInstalled(
  root: string,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): void {
  for (const dir of LIBRARY_FOLDERS) {
    if (!needsInstall(root, dir)) continue;
    log(`libraries: installing the pinned libraries under test into ${dir}/node_modules (npm ci --prefix ${dir}) …`);
    const r = spawnSync('npm', ['ci', '--prefix', dir, '--strict-allow-scripts', '--no-audit', '--no-fund'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (r.error || r.status !== 0) {
      const tail = `${(r.stderr as string | null) ?? ''}${r.error?.message ?? ''}`; // stderr is null when npm never started.trim().split('\n').slice(-5).join('\n');
      throw new Error(
        `${dir}/package-lock.json: npm ci --prefix ${dir} failed (exit ${r.status ?? 'none'})\n${tail}\nhint: check the npm registry is reachable, then run npm run libraries:install`,
      );
    }
  }
}
