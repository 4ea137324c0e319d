import { SPEC_COMMITS, upstreamOf } from './revisions.ts';

/**
 * Link to a sentence's line at the pinned commit, the one builder for the coverage ledger and the site, e.g.
 * `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/<commit>/docs/…/transports.mdx#L70`.
 * `file` is relative to the revision folder of the pinned spec (as in the TSV and `spec.file`); where it lives upstream
 * comes from the revision manifest's copies. Undefined for a file no pinned source holds (no link rather than a guess).
 */
export function sentenceUrl(revision: string, file: string, line: number): string | undefined {
  const up = upstreamOf(revision, file);
  if (!up) return undefined;
  const path = up.path.split('/').map(encodeURIComponent).join('/');
  return `https://github.com/${up.source.repo}/blob/${SPEC_COMMITS[up.source.repo]}/${path}#L${line}`;
}
