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
