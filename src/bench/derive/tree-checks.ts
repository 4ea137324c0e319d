// Checks over the whole `results/` tree rather than one record: hidden entries and oversized files (refused before
// any record is read), and content that appears twice (one wire log, transcript or snapshot published as two trials).
import { createHash } from 'node:crypto';
import { cmp, type Problem } from '../problems.ts';
import { sizeProblem } from './limits.ts';
import type { ReadSidecars } from './records.ts';

/** The hidden segment of a path (`.x` after `results/`), if any: derive reads nothing hidden. */
export function hiddenSegment(path: string): string | undefined {
  return path
    .split('/')
    .slice(1)
    .find((s) => s.startsWith('.'));
}

/** The problem of a hidden file or folder where derive reads (a record there would be easy to miss in review). */
export const hiddenProblem = (file: string, folder: boolean): Problem => ({
  file,
  message: `hidden ${folder ? 'folder' : 'file'}: derive reads nothing hidden, and refuses it rather than skip it unseen`,
  hint: 'rename it without the leading dot, or delete it',
});

/**
 * Drop what cannot be read further from the results: files harness/io refused (their problems passed through), hidden
 * paths and files past their size limit (refused here too: the pure core gets text from anyone, not only harness/io).
 */
export function treeProblems(
  results: ReadonlyMap<string, string>,
  refused: readonly Problem[],
): { files: Map<string, string>; refused: Set<string>; problems: Problem[] } {
  const problems = [...refused];
  const paths = new Set(refused.map((p) => p.file));
  const files = new Map<string, string>();
  for (const [path, text] of results) {
    const hidden = hiddenSegment(path);
    const p =
      hidden !== undefined
        ? hiddenProblem(path, hidden !== path.slice(path.lastIndexOf('/') + 1))
        : sizeProblem(path, text);
    if (p) {
      problems.push(p);
      paths.add(path);
    } else files.set(path, text);
  }
  return { files, refused: paths, problems };
}

/** One wire log (by content: its recomputed chain head), one transcript and one snapshot (by bytes) per trial. */
export function uniquenessProblems(records: readonly ReadSidecars[], files: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  const wires = new Map<string, string>();
  const copies = { transcript: new Map<string, string>(), snapshot: new Map<string, string>() };
  for (const r of [...records].sort((a, b) => cmp(a.record, b.record))) {
    const first = r.contentHead === undefined ? undefined : wires.get(r.contentHead);
    // Two records naming one file are reported by the sidecar-name check; only copies are reported here.
    if (first && first !== r.wirePath)
      problems.push({
        file: r.wirePath,
        message: `the same wire log as ${first}: one wire log per trial (one of the two is a copy: a replayed or relabelled trial)`,
        hint: 'find the copy (its record fails other checks, or is the newer one), delete it and its record',
      });
    else if (r.contentHead !== undefined && !first) wires.set(r.contentHead, r.wirePath);
    for (const kind of ['transcript', 'snapshot'] as const) {
      const path = kind === 'transcript' ? r.transcriptPath : r.snapshotPath;
      if (!path) continue;
      const digest = createHash('sha256')
        .update(files.get(path) ?? '')
        .digest('hex');
      const t = copies[kind].get(digest);
      if (t && t !== path)
        problems.push({
          file: path,
          message: `the same ${kind} as ${t}: one ${kind} per trial (one of the two is a copy)`,
          hint: 'find the copy (its record fails other checks, or is the newer one), delete it and its record',
        });
      else copies[kind].set(digest, path);
    }
  }
  return problems;
}
