// Links to the pinned spec on GitHub at file:line: repositories and commits come from the revision manifest
// (src/bench/spec/revisions.ts), the one place they are pinned.

import { sentenceUrl, specFileUrl } from '../bench/spec/links.ts';
import { SPEC_SOURCES } from '../bench/spec/revisions.ts';

export { specFileUrl };

/** GitHub URL of a spec file at the pinned commit, anchored at `line` (paths as in the TSV / checkpoint `spec.file`). */
export function specLink(revision: string, file: string, line: number): string {
  const url = sentenceUrl(revision, file, line);
  if (!url) throw new Error(`${revision}/${file}: not in any pinned spec source (src/bench/spec/revisions.ts copies)`);
  return url;
}

/** Every pinned source with its GitHub tree at the pinned commit (for the methodology page). */
export const SPEC_TREES = SPEC_SOURCES.map((s) => ({
  repo: s.repo,
  commit: s.commit,
  url: `https://github.com/${s.repo}/tree/${s.commit}`,
}));

/** Short display of a location: `basic/transports.mdx:79`. */
export function specLocation(file: string, line: number): string {
  return `${file.replace(/^docs\/specification\/[^/]+\//, '').replace(/^ext-tasks\//, 'ext-tasks: ')}:${line}`;
}

/**
 * Where a link inside a quoted spec sentence points, as a pinned GitHub URL. The spec's markdown links its own site:
 * `/specification/<revision>/<page>`, a page relative to the quoting file (`./resources`), or a heading of the quoting
 * file (`#timeouts`); the page is the file of that name (`.mdx`, or the quoting file's extension) at the pinned commit,
 * the heading kept as the fragment. http(s) links stay; undefined for a page no pinned source holds.
 */
export function specQuoteHref(revision: string, file: string, target: string): string | undefined {
  if (/^https?:\/\//.test(target)) return target;
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? '' : target.slice(hash);
  const ext = /\.[a-z]+$/.exec(file)?.[0] ?? '.mdx';
  const withExt = (p: string) => (/\.[a-z]+$/.test(p) ? p : `${p}${ext}`);
  let url: string | undefined;
  if (path === '') url = specFileUrl(revision, file);
  else if (path.startsWith('/specification/')) {
    const rev = path.split('/')[2]!;
    url = specFileUrl(rev, withExt(`docs${path.replace(/\/$/, '')}`));
  } else if (!path.startsWith('/')) {
    const resolved = new URL(path, `http://spec.invalid/${file}`).pathname.slice(1).replace(/\/$/, '');
    url = specFileUrl(revision, withExt(resolved));
  }
  return url && `${url}${fragment}`;
}

/**
 * A quoted spec sentence (markdown) with every link pointing at the pinned spec on GitHub (specQuoteHref); a link to a
 * page no pinned source holds keeps its text and loses the link. `file` is the quoting file (`spec.file`).
 */
export function pinnedQuote(revision: string, file: string, quote: string): string {
  return quote.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, target: string) => {
    const href = specQuoteHref(revision, file, target);
    return href ? `[${label}](${href})` : label;
  });
}
