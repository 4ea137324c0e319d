// How the harness names a record's sidecars after it (`k2.json` → `k2.wire.jsonl`, `k2.snapshot.jsonl`, …): what the
// orphan rules of derive and `npm run check` go by when a record cannot be read, or is being removed.

/** The sidecar kinds, as their file names end (`k1.<kind>.jsonl`). */
export const SIDECAR_KINDS = ['wire', 'transcript', 'snapshot', 'verification', 'model'] as const;

/** `<dir>/k1.json` → its conventional sidecars `<dir>/k1.wire.jsonl`, `.transcript.jsonl`, `.snapshot.jsonl`, `.verification.jsonl`. */
export function conventionalSidecars(path: string): string[] {
  const stem = path.replace(/\.json$/, '');
  return SIDECAR_KINDS.map((k) => `${stem}.${k}.jsonl`);
}

/** A sidecar's record path by the naming convention (`k1.snapshot.jsonl` → `k1.json`); other paths unchanged. */
export const conventionalRecord = (path: string): string =>
  path.replace(new RegExp(`\\.(${SIDECAR_KINDS.join('|')})\\.jsonl$`), '.json');
