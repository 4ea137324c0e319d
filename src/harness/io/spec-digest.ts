import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { SpecSource } from '../../bench/spec/revisions.ts';

/** The files a source's copies put into a spec folder (paths relative to it, sorted), `.png` skipped as when copying. */
export function sourceFiles(dir: string, source: SpecSource): string[] {
  const out: string[] = [];
  for (const c of source.copies) {
    const at = join(dir, c.to);
    if (!existsSync(at)) continue;
    if (statSync(at).isFile()) out.push(c.to);
    else
      out.push(
        ...fg
          .sync('**/*', { cwd: at, onlyFiles: true, dot: true })
          .filter((p) => !p.endsWith('.png'))
          .map((p) => `${c.to}/${p}`),
      );
  }
  return out.sort();
}

/** The content digest of a source's files in a spec folder (see `SpecSource.digest`). */
export function sourceDigest(dir: string, source: SpecSource): string {
  const h = createHash('sha256');
  for (const p of sourceFiles(dir, source))
    h.update(
      `${createHash('sha256')
        .update(readFileSync(join(dir, p)))
        .digest('hex')}  ${p}\n`,
    );
  return `sha256:${h.digest('hex')}`;
}
