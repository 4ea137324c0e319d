import { SPEC_COMMITS, upstreamOf } from './revisions.ts';

/**
 * A spec file at the pinned commit on GitHub, e.g.
 * `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/<commit>/docs/…/transports.mdx`.
 * `file` is relative to the revision folder of the pinned spec (as in the TSV and `spec.file`); where it lives upstream
 * comes from the revision manifest's copies. Undefined for a file no pinned source holds (no link rather than a guess).
 */
export function specFileUrl(revision: string, file: string): string | undefined {
  const up = upstreamOf(revision, file);
  if (!up) return undefined;
  const path = up.path.split('/').map(encodeURIComponent).join('/');
  return `https://github.com/${up.source.repo}/blob/${SPEC_COMMITS[up.source.repo]}/${path}`;
}

/** Link to a sentence's line at the pinned commit (`…/transports.mdx#L70`), the one builder for the ledger and the site. */
export function sentenceUrl(revision: string, file: string, line: number): string | undefined {
  const url = specFileUrl(revision, file);
  return url && `${url}#L${line}`;
}
