/**
 * Links into the pinned spec, the one builder for the coverage ledger and the site.
 * Where each part of the pinned spec lives on GitHub: files under `ext-tasks/` come from the tasks extension repo. */
const REPOS: { prefix: string; repo: string }[] = [
  { prefix: 'ext-tasks/', repo: 'modelcontextprotocol/ext-tasks' },
  { prefix: '', repo: 'modelcontextprotocol/modelcontextprotocol' },
];

/**
 * Link to a sentence's line at the pinned commit, e.g.
 * `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/<commit>/docs/…/transports.mdx#L70`.
 * `file` is relative to the revision folder of the pinned spec; `commits` maps `owner/name` → commit.
 * Returns `undefined` when that repository's commit is unknown (no link rather than a link to a moving branch).
 */
export function sentenceUrl(file: string, line: number, commits: Readonly<Record<string, string>>): string | undefined {
  const src = REPOS.find((r) => file.startsWith(r.prefix))!;
  const commit = commits[src.repo];
  if (!commit) return undefined;
  const path = file.slice(src.prefix.length).split('/').map(encodeURIComponent).join('/');
  return `https://github.com/${src.repo}/blob/${commit}/${path}#L${line}`;
}
