// A trial's files summed up: a digest of the record and its sidecars' bytes (derive's memo keys a checked record by
// it; the site keys a trial's pages by it, src/site/page-keys.ts), and its request count (the data set carries it:
// how many exchange pages the replay has). The digest is of bytes, so it stays out of the data set, which depends
// on content only (determinism.test.ts: the same records with keys in another order give the same data set).
import { createHash } from 'node:crypto';
import type { WireLog } from '../schema/wire-event.ts';

/**
 * `sha256:<hex>` over a trial's files in path order: each file's path, its byte length and its bytes, so no two
 * different sets of files can run together into the same stream. Equal digests = byte-identical record and sidecars.
 */
export function trialDigest(files: readonly { path: string; content: string }[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const bytes = Buffer.from(f.content, 'utf8');
    h.update(`${f.path}\n${bytes.length}\n`).update(bytes);
  }
  return `sha256:${h.digest('hex')}`;
}

/** How many requests the wire log holds (the replay shows one exchange per request). */
export const requestCount = (log: WireLog): number =>
  log.events.reduce((n, e) => n + (e.type === 'request' ? 1 : 0), 0);
