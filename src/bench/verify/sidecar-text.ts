// The two sidecars of re-run verification as text. One writer each, used by the harness (and by tests that build
// fixtures), so what derive parses is exactly what the harness writes.
import type { SnapshotFile, SnapshotHeader } from '../schema/snapshot.ts';
import type { VerificationHeader } from '../schema/verification.ts';

/** `<name>.snapshot.jsonl`: the header, then one line per file in path order. */
export function snapshotText(header: SnapshotHeader, files: readonly SnapshotFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return [header, ...sorted].map((l) => JSON.stringify(l) + '\n').join('');
}

/** `<name>.verification.jsonl`: the header, then the re-run's wire log exactly as recorded (`wireJsonl`). */
export function verificationText(header: VerificationHeader, wireJsonl: string): string {
  return JSON.stringify(header) + '\n' + wireJsonl;
}
