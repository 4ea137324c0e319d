import { resolve } from 'node:path';

/**
 * Project root: `MCPFS_ROOT` when set (read scenarios/results from, and write `generated/` into, another tree, e.g. a
 * synthetic one in a temp dir for site tests and benches), else the current working directory (npm scripts run there).
 */
export const projectRoot = (): string => (process.env.MCPFS_ROOT ? resolve(process.env.MCPFS_ROOT) : process.cwd());

/** Pinned spec folder: `MCP_SPEC_DIR`, default `../shared/spec` relative to the project root. */
export const specDir = (root = projectRoot()): string => resolve(root, process.env.MCP_SPEC_DIR ?? '../shared/spec');

/** Where derive writes the data set the site imports. */
export const datasetPath = (root = projectRoot()): string => resolve(root, 'generated/dataset.json');
