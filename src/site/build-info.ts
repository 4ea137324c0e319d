// Build-time facts read from the environment (the only impure module of src/site besides data.ts): the commit the
// site and its records were built from, the repository URL for provenance links, and CONTEXT.md for deviations.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../harness/io/paths.ts';

let commit: string | undefined;

/** `GITHUB_SHA` in CI, else `git rev-parse HEAD` of the data root, else "unknown" (e.g. a tarball build). */
export function buildCommit(): string {
  if (commit) return commit;
  const env = process.env.GITHUB_SHA;
  if (env && /^[0-9a-f]{40}$/.test(env)) return (commit = env);
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    commit = /^[0-9a-f]{40}$/.test(out) ? out : 'unknown';
  } catch {
    commit = 'unknown';
  }
  return commit;
}

/** `https://github.com/<owner>/<repo>` from the Actions environment (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`), or `SITE_REPO_URL`. */
export function repoUrl(): string | undefined {
  if (process.env.SITE_REPO_URL) return process.env.SITE_REPO_URL.replace(/\/$/, '');
  if (process.env.GITHUB_REPOSITORY) return `${process.env.GITHUB_SERVER_URL ?? 'https://github.com'}/${process.env.GITHUB_REPOSITORY}`;
  return undefined;
}

/** The build commit as shown on pages: its first 12 hex digits (or "unknown"). */
export const shortCommit = (commit = buildCommit()): string => commit.slice(0, 12);

/** The repository tree at the build commit (optionally a folder in it); undefined without a repository URL or a commit. */
export function commitUrl(path = ''): string | undefined {
  const repo = repoUrl();
  const commit = buildCommit();
  return repo && commit !== 'unknown' ? `${repo}/tree/${commit}${path ? `/${path}` : ''}` : undefined;
}

/** CONTEXT.md of the project (design decisions and deviations), or undefined while it does not exist. */
export function contextMarkdown(): string | undefined {
  const p = join(process.cwd(), 'CONTEXT.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}
