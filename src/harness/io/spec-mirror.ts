import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SPEC_SOURCES } from '../../bench/spec/revisions.ts';

/**
 * Build a local mirror of the pinned sources from a spec folder: one git repository per source id under `dest`,
 * laid out as upstream (each copy's `to` put back at its `from`), one commit each. fetch-spec can then fetch from it
 * (`--mirror` / `MCPFS_SPEC_MIRROR`) on machines without github.com, through the same fetch, copy and digest path.
 */
export function buildSpecMirror(specFolder: string, dest: string): void {
  rmSync(dest, { recursive: true, force: true });
  for (const s of SPEC_SOURCES) {
    const repo = join(dest, s.id);
    mkdirSync(repo, { recursive: true });
    for (const c of s.copies) {
      const from = join(specFolder, c.to);
      if (!existsSync(from)) throw new Error(`${from}: missing (not a spec folder laid out as MCP_SPEC_DIR)`);
      mkdirSync(dirname(join(repo, c.from)), { recursive: true });
      cpSync(from, join(repo, c.from), { recursive: true });
    }
    const g = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=mcpfs', '-c', 'user.email=mcpfs@localhost', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    g('init', '-q');
    g('add', '-A');
    g('commit', '-q', '-m', `mirror of ${s.repo}@${s.commit} (from ${specFolder})`);
  }
}
