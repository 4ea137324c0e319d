// The site's one impure module (walls.test.ts allows fs, processes and the environment here only): the derived data
// set's file, the build commit and repository URL from the environment, and CONTEXT.md. Everything else in src/site
// is a pure function of what these return.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetPath, projectRoot } from '../harness/io/paths.ts';
import { packageRepoUrl } from './repository.ts';

/** `generated/dataset.json` of the project root (MCPFS_ROOT), as text; missing: an error with the fix. */
export function readDatasetFile(): { path: string; text: string } {
  const path = datasetPath();
  if (!existsSync(path))
    throw new Error(`${path}: missing derived data set\n  hint: run \`npm run derive\` (npm run build does it first)`);
  return { path, text: readFileSync(path, 'utf8') };
}

let commit: string | undefined;
let date: string | undefined;

const git = (args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, {
      cwd: projectRoot(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
};

/** `GITHUB_SHA` in CI, else `git rev-parse HEAD` of the data root, else "unknown" (e.g. a tarball build). */
export function buildCommit(): string {
  if (commit) return commit;
  const env = process.env.GITHUB_SHA;
  if (env && /^[0-9a-f]{40}$/.test(env)) return (commit = env);
  const out = git(['rev-parse', 'HEAD']);
  return (commit = out && /^[0-9a-f]{40}$/.test(out) ? out : 'unknown');
}

/**
 * The build date: the committer date of the build commit (`YYYY-MM-DD`, UTC), not the wall clock, so building one
 * commit twice gives the same bytes. Empty when the commit is unknown or not in the data root's history.
 */
export function buildDate(): string {
  if (date !== undefined) return date;
  const c = buildCommit();
  const out = c === 'unknown' ? undefined : git(['show', '-s', '--format=%cI', c]);
  return (date = out ? new Date(out).toISOString().slice(0, 10) : '');
}

let packageRepo: { url: string | undefined } | undefined;
/**
 * The repository's web URL: `SITE_REPO_URL`, else the Actions repository (`GITHUB_SERVER_URL`/`GITHUB_REPOSITORY`, a
 * fork's own), else package.json `repository` (the one place it is written down).
 */
export function repoUrl(): string | undefined {
  if (process.env.SITE_REPO_URL) return process.env.SITE_REPO_URL.replace(/\/$/, '');
  if (process.env.GITHUB_REPOSITORY)
    return `${process.env.GITHUB_SERVER_URL ?? 'https://github.com'}/${process.env.GITHUB_REPOSITORY}`;
  // Read once: every page's footer asks (twice), and a 10,000-trial build has ~28,000 pages.
  packageRepo ??= { url: packageRepoUrl(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) };
  return packageRepo.url;
}

/** CONTEXT.md of the project (design decisions and deviations), or undefined while it does not exist. */
export function contextMarkdown(): string | undefined {
  const p = join(process.cwd(), 'CONTEXT.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}
