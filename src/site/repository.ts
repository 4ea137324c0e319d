// The repository's web URL from package.json's `repository` field (npm's forms: `{ url }`, a URL, `github:owner/name`
// or `owner/name`). Pure: load.ts reads the file.

/** `https://github.com/<owner>/<name>` (no `.git`, no `git+`), or undefined when package.json names no repository. */
export function packageRepoUrl(packageJson: string): string | undefined {
  const pkg = JSON.parse(packageJson) as { repository?: string | { url?: string } };
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!raw) return undefined;
  const short = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (short) return `https://github.com/${short[1]!.replace(/\.git$/, '')}`;
  const url = raw
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '')
    .replace(/\/$/, '');
  return /^https:\/\//.test(url) ? url : undefined;
}

/** Anchor of CONTRIBUTING.md's walk-through for contributors (GitHub's slug of "From zero to a merged row"). */
export const CONTRIBUTING_ROW_ANCHOR = 'from-zero-to-a-merged-row';

/**
 * A file of the repository on GitHub, at `commit` (the build's, so the text matches the site) or at the default
 * branch's head when the commit is unknown; undefined without a repository URL.
 */
export function repoFileUrl(
  repo: string | undefined,
  commit: string,
  path: string,
  fragment?: string,
): string | undefined {
  if (!repo) return undefined;
  const at = /^[0-9a-f]{40}$/.test(commit) ? commit : 'HEAD';
  return `${repo}/blob/${at}/${path}${fragment ? `#${fragment}` : ''}`;
}
