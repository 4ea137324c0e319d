// Links to the pinned spec on GitHub at file:line: repositories and commits come from the revision manifest
// (src/bench/spec/revisions.ts), the one place they are pinned.

import { sentenceUrl } from '../bench/spec/links.ts';
import { SPEC_COMMITS, SPEC_SOURCES, upstreamOf } from '../bench/spec/revisions.ts';

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

/** GitHub URL of a whole spec file at the pinned commit (`file` relative to the revision folder); undefined if unpinned. */
export function specFileUrl(revision: string, file: string): string | undefined {
  const up = upstreamOf(revision, file);
  if (!up) return undefined;
  return `https://github.com/${up.source.repo}/blob/${SPEC_COMMITS[up.source.repo]}/${up.path.split('/').map(encodeURIComponent).join('/')}`;
}
