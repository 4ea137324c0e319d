// Build-time facts as pages show them: the repository, the commit the site and its records were built from (and its
// date), links into the repository at that commit, and CONTEXT.md (read from the environment by load.ts).
import { buildCommit, repoUrl } from './load.ts';
import { CONTRIBUTING_ROW_ANCHOR, repoFileUrl } from './repository.ts';

export { buildCommit, buildDate, contextMarkdown, repoUrl } from './load.ts';

/** The build commit as shown on pages: its first 12 hex digits (or "unknown"). */
export const shortCommit = (commit = buildCommit()): string => commit.slice(0, 12);

/** The repository tree at the build commit (optionally a folder in it); undefined without a repository URL or a commit. */
export function commitUrl(path = ''): string | undefined {
  const repo = repoUrl();
  const commit = buildCommit();
  return repo && commit !== 'unknown' ? `${repo}/tree/${commit}${path ? `/${path}` : ''}` : undefined;
}

/** CONTRIBUTING.md's "From zero to a merged row" at the build commit; undefined without a repository URL. */
export const contributingRowUrl = (): string | undefined =>
  repoFileUrl(repoUrl(), buildCommit(), 'CONTRIBUTING.md', CONTRIBUTING_ROW_ANCHOR);
