// Git access for `npm run check` and `npm run pr-report`: the base a pull request is compared against, the paths it
// changes (committed, staged, unstaged and untracked: a contributor checks before committing), and the base's tree
// exported into a folder (for deriving the data set as the base publishes it). Read-only on the repository.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { FileChange } from '../../bench/pr/changes.ts';
import { RunnerInputError } from '../errors.ts';

/** The folders whose changes check and pr-report look at (conformance/: for the report's conformance line). */
export const WATCHED = ['results/', 'scenarios/', 'src/', 'conformance/'];

function git(root: string, args: string[], hint: string): Buffer {
  const r = spawnSync('git', ['-C', root, ...args], { maxBuffer: 1 << 30, timeout: 120_000 });
  if (r.error || r.status !== 0) {
    const why = (r.error?.message ?? r.stderr.toString()).trim().split('\n')[0] ?? '';
    throw new RunnerInputError(`git ${args.join(' ')}: ${why}`, hint);
  }
  return r.stdout;
}

/** NUL-separated git output → its fields. */
const fields = (b: Buffer) =>
  b
    .toString('utf8')
    .split('\0')
    .filter((s) => s !== '');

/**
 * The commit to compare against: the merge base of `ref` (default `main`, else `origin/main`) with HEAD, as a pull
 * request's diff on the forge has it.
 */
export function resolveBase(root: string, ref?: string): { ref: string; commit: string } {
  const hint = 'pass --base <ref> (a branch, tag or commit of this repository), e.g. --base origin/main';
  const candidates = ref !== undefined ? [ref] : ['main', 'origin/main'];
  for (const c of candidates) {
    const ok = spawnSync('git', ['-C', root, 'rev-parse', '--verify', '--quiet', `${c}^{commit}`]).status === 0;
    if (!ok) continue;
    const commit = git(root, ['merge-base', c, 'HEAD'], hint).toString('utf8').trim();
    return { ref: c, commit };
  }
  throw new RunnerInputError(
    ref !== undefined ? `--base ${ref}: not a commit of ${root}` : `no main or origin/main branch in ${root}`,
    hint,
  );
}

/** Paths under the watched folders that differ between `base` and the working tree, untracked included. */
export function changedFiles(root: string, base: string): FileChange[] {
  const hint = 'run check inside a git checkout of the project';
  const out: FileChange[] = [];
  const diff = fields(git(root, ['diff', '--name-status', '--no-renames', '-z', base, '--', ...WATCHED], hint));
  for (let i = 0; i + 1 < diff.length; i += 2) {
    const s = diff[i]!;
    // Type changes (T: a file became a link) count as modifications: the safe reader refuses the link.
    out.push({ status: s === 'A' ? 'A' : s === 'D' ? 'D' : 'M', path: diff[i + 1]! });
  }
  const untracked = fields(git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...WATCHED], hint));
  for (const path of untracked) out.push({ status: 'A', path });
  return out;
}

/** Write the tree of `commit` into `dest` (a new or empty folder): what the base publishes, without a worktree. */
export function exportTree(root: string, commit: string, dest: string): void {
  const tar = git(root, ['archive', '--format=tar', commit], 'the base commit must be in this repository');
  mkdirSync(dest, { recursive: true });
  const r = spawnSync('tar', ['-x', '-C', dest], { input: tar, maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0)
    throw new Error(`tar -x -C ${dest} failed: ${(r.error?.message ?? r.stderr.toString()).trim()}`);
}
