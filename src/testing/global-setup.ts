import { ensureLibrariesInstalled } from '../harness/libraries/install.ts';

/**
 * Once per `npm test`, before any test file: everything a fresh clone lacks that the tests need, fetched on first
 * use so the README's `npm ci && npm test` is the whole set-up.
 */
export default function setup(): void {
  ensureLibrariesInstalled(process.cwd());
}
