// Reading files a stranger may have committed (PR previews build them): never through a symbolic link, never a FIFO,
// socket or device, never past a size limit, only UTF-8. Every refusal is a path-first problem that quotes nothing of
// what it refused. Used for everything derive reads from the project and for the site's raw sidecar endpoints.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { join, sep } from 'node:path';
import { fileLimit, tooLarge } from '../../bench/derive/limits.ts';
import { hiddenProblem } from '../../bench/derive/tree-checks.ts';
import type { Problem } from '../../bench/problems.ts';

/** What a refused entry is, for the message. */
function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

export const linkProblem = (file: string): Problem => ({
  file,
  message: 'symbolic link: derive reads no links (one could publish a file from outside the repository)',
  hint: 'replace it with the file or folder itself',
});

const specialProblem = (file: string, st: Stats): Problem => ({
  file,
  message: `not a regular file (${kindOf(st)}): derive reads regular files only`,
  hint: 'delete it',
});

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Read one regular file at `abs` (its path components already checked): opened without following a link and without
 * blocking (a FIFO swapped in cannot hang derive), size checked on the open file before reading, at most `limit` bytes,
 * decoded as strict UTF-8.
 */
function readRegular(abs: string, rel: string, limit: number): { text: string } | { problem: Problem } {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      problem: code === 'ELOOP' ? linkProblem(rel) : { file: rel, message: `cannot open (${code ?? 'error'})` },
    };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { problem: specialProblem(rel, st) };
    if (st.size > limit) return { problem: tooLarge(rel, st.size, limit) };
    // One byte more than stat said: a file that grew since is noticed, not read past its limit.
    const buf = Buffer.allocUnsafe(Math.min(st.size, limit) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) break;
    }
    if (n > limit) return { problem: tooLarge(rel, n, limit) };
    try {
      return { text: decoder.decode(buf.subarray(0, n)) };
    } catch {
      return {
        problem: {
          file: rel,
          message: 'not valid UTF-8 text: derive reads UTF-8 only',
          hint: 'the harness writes UTF-8 (bodies that are not UTF-8 are stored as base64)',
        },
      };
    }
  } catch (e) {
    return { problem: { file: rel, message: `cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})` } };
  } finally {
    closeSync(fd);
  }
}

const lstat = (abs: string): Stats | undefined => {
  try {
    return lstatSync(abs);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR')
      return undefined;
    throw e;
  }
};

/**
 * Read one project file by its project-relative path: every component must be a real folder (no link), the file a
 * regular file (no link), and its resolved path inside `root`. Undefined when it does not exist.
 */
export function readProjectFile(
  root: string,
  rel: string,
  limit = fileLimit(rel),
): { text: string } | { problem: Problem } | undefined {
  const segs = rel.split('/');
  if (rel.startsWith('/') || segs.some((s) => s === '' || s === '.' || s === '..'))
    return {
      problem: {
        file: rel,
        message: 'not a plain project-relative path (absolute, or with an empty, "." or ".." segment)',
      },
    };
  let abs = root;
  for (let i = 0; i < segs.length; i++) {
    abs = join(abs, segs[i]!);
    const st = lstat(abs);
    const here = segs.slice(0, i + 1).join('/');
    if (!st) return undefined;
    if (st.isSymbolicLink()) return { problem: linkProblem(here) };
    if (i < segs.length - 1 && !st.isDirectory()) return undefined;
    if (i === segs.length - 1 && !st.isFile())
      return {
        problem: st.isDirectory() ? { file: rel, message: 'is a folder, not a file' } : specialProblem(rel, st),
      };
  }
  const real = realpathSync(abs);
  const top = realpathSync(root);
  if (!real.startsWith(top + sep))
    return { problem: { file: rel, message: 'resolves outside the project: derive reads nothing outside it' } };
  return readRegular(abs, rel, limit);
}

export interface TreeOptions {
  /** Read this regular file? Files not selected are still checked (no link, nothing special) but never read. */
  select: (rel: string) => boolean;
  /** Skip this entry entirely (e.g. `README.md`, `.gitkeep`). */
  ignore?: (rel: string, name: string) => boolean;
  /** Most bytes the selected files may hold together; past it nothing is read. */
  total?: number;
}

/**
 * Walk the folder `top` (project-relative) without following links, refusing every link, FIFO, socket, device and
 * hidden entry in it, then read the selected files (each under its size limit). A missing `top` is an empty tree.
 */
export function readTree(
  root: string,
  top: string,
  o: TreeOptions,
): { files: Map<string, string>; refused: Problem[] } {
  const refused: Problem[] = [];
  const files = new Map<string, string>();
  const st = lstat(join(root, top));
  if (!st) return { files, refused };
  if (st.isSymbolicLink()) return { files, refused: [linkProblem(top)] };
  if (!st.isDirectory()) return { files, refused: [{ file: top, message: 'not a folder' }] };
  const picked: { rel: string; size: number }[] = [];
  const dirs = [top];
  while (dirs.length) {
    const dir = dirs.pop()!;
    for (const name of readdirSync(join(root, dir)).sort()) {
      const rel = `${dir}/${name}`;
      if (o.ignore?.(rel, name)) continue;
      const e = lstat(join(root, rel));
      if (!e) continue;
      if (e.isSymbolicLink()) refused.push(linkProblem(rel));
      else if (name.startsWith('.')) refused.push(hiddenProblem(rel, e.isDirectory()));
      else if (e.isDirectory()) dirs.push(rel);
      else if (!e.isFile()) refused.push(specialProblem(rel, e));
      else if (!o.select(rel)) continue;
      // Past its own limit: refused unread, and not counted against the total (the total is for many small files).
      else if (e.size > fileLimit(rel)) refused.push(tooLarge(rel, e.size, fileLimit(rel)));
      else picked.push({ rel, size: e.size });
    }
  }
  const sum = picked.reduce((n, f) => n + f.size, 0);
  if (o.total !== undefined && sum > o.total) {
    refused.push({
      file: top,
      message: `holds ${sum} bytes of files in all, limit ${o.total}: derive read none of them`,
      hint: 'something under it is far larger than any harness output: find it with `du -a`',
    });
    return { files, refused };
  }
  for (const f of picked.sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const r = readRegular(join(root, f.rel), f.rel, fileLimit(f.rel));
    if ('text' in r) files.set(f.rel, r.text);
    else refused.push(r.problem);
  }
  return { files, refused };
}
