// Build-time facts as pages show them: the repository, the commit the site and its records were built from (and its
// date), links into the repository at that commit, and CONTEXT.md (read from the environment by load.ts).
import { buildCommit, repoUrl } from './load.ts';
import { CONTRIBUTING_ROW_ANCHOR, repoFileUrl } from './repository.ts';
import { siteKey, type RecordChrome } from './page-keys.ts';
import { datasetText } from './data.ts';
import {
  buildCommit as commitOf,
  buildDate as dateOf,
  contextMarkdown as contextOf,
  repoUrl as repoOf,
} from './load.ts';

export { buildCommit, buildDate, contextMarkdown, repoUrl } from './load.ts';

let site: string | undefined;
/** `paths` of a page that shows the whole data set, each keyed by the site key (page-keys.ts `siteKey`). */
export function siteKeyed<T extends object>(paths: T[]): (T & { cacheKey: string })[] {
  site ??= siteKey({
    dataset: datasetText(),
    commit: commitOf(),
    date: dateOf(),
    repoUrl: repoOf(),
    context: contextOf(),
  });
  const key = site;
  return paths.map((p) => ({ ...p, cacheKey: key }));
}

/** What a record-scoped page's chrome shows (Base.astro `scope="record"`): nothing that changes per build. */
export const recordChrome = (): RecordChrome => ({ repoUrl: repoUrl() });

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
