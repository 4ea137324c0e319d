import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
