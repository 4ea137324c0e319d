import { linkSync, mkdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Write several files all-or-nothing: each goes to a temporary name first, and only when every write succeeded are
 * they renamed into place. A crash half-way leaves no half-written record behind.
 */
export function writeFilesAtomic(files: readonly { path: string; content: string }[]): void {
  const temps: { tmp: string; path: string }[] = [];
  try {
    for (const f of files) {
      mkdirSync(dirname(f.path), { recursive: true });
      const tmp = `${f.path}.tmp-${process.pid}-${temps.length}`;
      writeFileSync(tmp, f.content);
      temps.push({ tmp, path: f.path });
    }
  } catch (e) {
    for (const t of temps) rmSync(t.tmp, { force: true });
    throw e;
  }
  for (const t of temps) renameSync(t.tmp, t.path);
}

/**
 * Add new files all-or-nothing: each is written under a temporary name beside its target, then linked into place
 * (a link never replaces a file that appeared meanwhile: that is an error, not an overwrite). On any failure every
 * file linked so far, every temporary file and every folder this call created is removed again, and the error is
 * rethrown: the tree is as it was.
 */
export function writeNewFilesAtomic(files: readonly { path: string; content: string }[]): void {
  const temps: string[] = [];
  const placed: string[] = [];
  const made: string[] = [];
  try {
    for (const f of files) {
      const dir = dirname(f.path);
      const first = mkdirSync(dir, { recursive: true });
      // mkdirSync returns the first folder it created: every folder from there down to `dir` is this call's.
      if (first !== undefined)
        for (let d = dir; d.length >= first.length; d = dirname(d)) {
          made.push(d);
          if (d === first) break;
        }
      const tmp = `${f.path}.tmp-${process.pid}-${temps.length}`;
      temps.push(tmp);
      writeFileSync(tmp, f.content, { flag: 'wx' });
    }
    files.forEach((f, i) => {
      linkSync(temps[i]!, f.path);
      placed.push(f.path);
    });
  } catch (e) {
    for (const p of placed) rmSync(p, { force: true });
    for (const t of temps) rmSync(t, { force: true });
    // Deepest first; a folder someone else filled meanwhile stays.
    for (const d of [...new Set(made)].sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(d);
      } catch {
        /* not empty, or already gone */
      }
    }
    throw e;
  }
  for (const t of temps) rmSync(t, { force: true });
}
