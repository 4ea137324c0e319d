import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RunnerInputError } from './errors.ts';

/** One upstream repository at one commit, and which of its paths go where in the spec folder. */
export interface SpecSource {
  repo: string;
  commit: string;
  /** `from` (path in the repository) → `to` (path under the spec folder). */
  copies: { from: string; to: string }[];
}

/**
 * The pinned spec, hard-coded from the spec folder's PINNED.md ("Primary source", "Secondary source", "Copied paths"):
 * modelcontextprotocol/modelcontextprotocol at b0f60ba5… and modelcontextprotocol/ext-tasks at e4345978…, laid out as
 * `MCP_SPEC_DIR` expects (`<revision>/docs/specification/<revision>/…`). Bump both here and in PINNED.md together.
 */
export const PINNED_SOURCES: SpecSource[] = [
  {
    repo: 'https://github.com/modelcontextprotocol/modelcontextprotocol.git',
    commit: 'b0f60ba5409db7a6582440a7b473cc0398890f15',
    copies: [
      { from: 'docs/specification/2025-11-25', to: '2025-11-25/docs/specification/2025-11-25' },
      { from: 'schema/2025-11-25', to: '2025-11-25/schema/2025-11-25' },
      { from: 'docs/specification/2026-07-28', to: '2026-07-28/docs/specification/2026-07-28' },
      { from: 'schema/2026-07-28', to: '2026-07-28/schema/2026-07-28' },
      { from: 'LICENSE', to: 'LICENSE' },
    ],
  },
  {
    repo: 'https://github.com/modelcontextprotocol/ext-tasks.git',
    commit: 'e4345978be1f602f1fc48d89051e8559dd5302a6',
    copies: [
      { from: 'specification/draft/tasks.md', to: '2026-07-28/ext-tasks/specification/draft/tasks.md' },
      { from: 'schema/draft/schema.ts', to: '2026-07-28/ext-tasks/schema/draft/schema.ts' },
      { from: 'schema/draft/schema.json', to: '2026-07-28/ext-tasks/schema/draft/schema.json' },
      { from: 'README.md', to: '2026-07-28/ext-tasks/README.md' },
      { from: 'LICENSE', to: '2026-07-28/ext-tasks/LICENSE' },
    ],
  },
];

function git(cwd: string, args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', timeout: 600_000 });
  if (r.error || r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${(r.error?.message ?? r.stderr).trim()}`);
}

/** `https://github.com/owner/name.git` → `owner/name` (the last two path segments). */
export const ownerName = (repo: string): string => repo.replace(/\.git$/, '').split('/').slice(-2).join('/');

/** PINNED.md for the fetched folder, in the format `readSpecCommits` reads (`| repository |` then `| commit |` rows). */
export function pinnedMarkdown(sources: readonly SpecSource[]): string {
  const rows = sources.map((s) => `| repository | \`${ownerName(s.repo)}\` (${s.repo}) |\n| commit | \`${s.commit}\` |`).join('\n');
  return `# Pinned MCP specification sources (fetched by \`npm run fetch-spec\`)\n\n| field | value |\n| --- | --- |\n${rows}\n`;
}

/**
 * Fetch each source at its exact commit (shallow fetch by sha), copy the mapped paths (`.png` skipped, as in the
 * pinned copy), write PINNED.md, and swap the result into `dest` only when everything succeeded.
 */
export function fetchSpec(dest: string, sources: readonly SpecSource[] = PINNED_SOURCES): void {
  const work = mkdtempSync(join(tmpdir(), 'mcpfs-spec-'));
  const out = join(work, 'out');
  try {
    for (const [i, s] of sources.entries()) {
      const repo = join(work, `repo${i}`);
      mkdirSync(repo);
      git(repo, ['init', '-q']);
      git(repo, ['fetch', '-q', '--depth', '1', s.repo, s.commit]);
      git(repo, ['-c', 'advice.detachedHead=false', 'checkout', '-q', s.commit]);
      for (const c of s.copies) {
        const from = join(repo, c.from);
        if (!existsSync(from)) throw new RunnerInputError(`${s.repo}@${s.commit.slice(0, 8)}: path "${c.from}" does not exist`, 'fix PINNED_SOURCES in src/harness/runner/fetch-spec.ts');
        mkdirSync(dirname(join(out, c.to)), { recursive: true });
        cpSync(from, join(out, c.to), { recursive: true, filter: (p) => !p.endsWith('.png') });
      }
    }
    writeFileSync(join(out, 'PINNED.md'), pinnedMarkdown(sources));
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dirname(dest), { recursive: true });
    renameSync(out, dest);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
