import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Project root: `MCPFS_ROOT` when set (read scenarios/results from, and write `generated/` into, another tree, e.g. a
 * synthetic one in a temp dir for site tests and benches), else the current working directory (npm scripts run there).
 */
export const projectRoot = (): string => (process.env.MCPFS_ROOT ? resolve(process.env.MCPFS_ROOT) : process.cwd());

/** Where `npm run fetch-spec` (and the first use of a command that needs the spec text) puts the pinned spec. */
export const specCachePath = (root = projectRoot()): string => resolve(root, '.cache/spec');

/**
 * The pinned spec folder, in this order: `MCP_SPEC_DIR`; `../shared/spec` beside the project, when present; else the
 * project's fetched copy `.cache/spec` (which may not exist yet: `ensureSpec` fetches it). Never fetches.
 */
export function specDir(root = projectRoot()): string {
  if (process.env.MCP_SPEC_DIR) return resolve(root, process.env.MCP_SPEC_DIR);
  const shared = resolve(root, '../shared/spec');
  return existsSync(shared) ? shared : specCachePath(root);
}

/** Where derive writes the data set the site imports. */
export const datasetPath = (root = projectRoot()): string => resolve(root, 'generated/dataset.json');
