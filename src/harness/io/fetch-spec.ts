import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SPEC_SOURCES, type SpecSource } from '../../bench/spec/revisions.ts';
import { RunnerInputError } from '../errors.ts';
import { sourceDigest } from './spec-digest.ts';

function git(cwd: string, args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', timeout: 600_000 });
  if (r.error || r.status !== 0)
    throw new Error(`git ${args.join(' ')} failed: ${(r.error?.message ?? r.stderr).trim()}`);
}

/**
 * A local mirror folder (`MCPFS_SPEC_MIRROR`, or fetch-spec's `--mirror`) holding one git repository per source id
 * (`<dir>/mcp`, `<dir>/ext-tasks`) → clone URLs by source id. Used where github.com is out of reach (this CI): the
 * mirror's commits differ from the pinned ones, so the content digest is what proves the text is the pinned one.
 */
export function mirrorUrls(dir: string | undefined): Record<string, string> | undefined {
  return dir ? Object.fromEntries(SPEC_SOURCES.map((s) => [s.id, `file://${join(dir, s.id)}`])) : undefined;
}

/** PINNED.md of a fetched folder: which repositories at which commits, fetched from where, and the digest check. */
export function pinnedMarkdown(sources: readonly SpecSource[], urls: Readonly<Record<string, string>> = {}): string {
  const rows = sources
    .map(
      (s) =>
        `| repository | \`${s.repo}\` (${urls[s.id] ?? s.url}) |\n| commit | \`${s.commit}\` |\n| content digest | \`${s.digest}\` (checked after the fetch) |`,
    )
    .join('\n');
  return `# Pinned MCP specification sources (fetched by \`npm run fetch-spec\`; pins in src/bench/spec/revisions.ts)\n\n| field | value |\n| --- | --- |\n${rows}\n`;
}

export interface FetchOptions {
  /** Source id → clone URL, instead of the pinned URL; then the repository's HEAD is taken and only the digest decides. */
  urls?: Readonly<Record<string, string>>;
  /** Written after the copies and before the swap (the normative-sentence TSVs, made by the project's extractor). */
  finish?: (dir: string) => void;
}

/**
 * Fetch each source at its pinned commit (shallow fetch by sha), copy the mapped paths (`.png` skipped), check every
 * source's content digest against the manifest, run `finish`, write PINNED.md, and swap the result into `dest` only
 * when everything succeeded: a failed or interrupted fetch never leaves half a folder.
 */
export function fetchSpec(dest: string, opts: FetchOptions = {}, sources: readonly SpecSource[] = SPEC_SOURCES): void {
  const work = mkdtempSync(join(tmpdir(), 'mcpfs-spec-'));
  const out = join(work, 'out');
  try {
    for (const [i, s] of sources.entries()) {
      const repo = join(work, `repo${i}`);
      const url = opts.urls?.[s.id];
      mkdirSync(repo);
      git(repo, ['init', '-q']);
      git(repo, ['fetch', '-q', '--depth', '1', url ?? s.url, url ? 'HEAD' : s.commit]);
      git(repo, ['-c', 'advice.detachedHead=false', 'checkout', '-q', 'FETCH_HEAD']);
      for (const c of s.copies) {
        const from = join(repo, c.from);
        if (!existsSync(from))
          throw new RunnerInputError(
            `${url ?? s.url}@${url ? 'HEAD' : s.commit.slice(0, 8)}: path "${c.from}" does not exist`,
            'fix the copies in src/bench/spec/revisions.ts',
          );
        mkdirSync(dirname(join(out, c.to)), { recursive: true });
        cpSync(from, join(out, c.to), { recursive: true, filter: (p) => !p.endsWith('.png') });
      }
      const digest = sourceDigest(out, s);
      if (digest !== s.digest)
        throw new RunnerInputError(
          `${url ?? s.url}: the fetched files differ from the pinned ones (content digest ${digest}, pinned ${s.digest})`,
          'fetch the pinned commit, or re-pin deliberately in src/bench/spec/revisions.ts',
        );
    }
    opts.finish?.(out);
    writeFileSync(join(out, 'PINNED.md'), pinnedMarkdown(sources, opts.urls));
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dirname(dest), { recursive: true });
    renameSync(out, dest);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
