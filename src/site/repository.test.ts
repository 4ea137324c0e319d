import { describe, expect, it } from 'vitest';
import { CONTRIBUTING_ROW_ANCHOR, packageRepoUrl, repoFileUrl } from './repository.ts';

const pkg = (repository: unknown) => JSON.stringify({ name: 'x', repository });

describe('repository URL from package.json', () => {
  it('reads every form npm accepts as a GitHub web URL', () => {
    const want = 'https://github.com/mcp-from-scratch/mcp-from-scratch';
    expect(packageRepoUrl(pkg({ type: 'git', url: `git+${want}.git` }))).toBe(want);
    expect(packageRepoUrl(pkg(`${want}/`))).toBe(want);
    expect(packageRepoUrl(pkg('github:mcp-from-scratch/mcp-from-scratch'))).toBe(want);
    expect(packageRepoUrl(pkg('mcp-from-scratch/mcp-from-scratch'))).toBe(want);
  });

  it('gives no URL when the field is missing or not a web address', () => {
    expect(packageRepoUrl(JSON.stringify({ name: 'x' }))).toBeUndefined();
    expect(packageRepoUrl(pkg('git@github.com:a/b.git'))).toBeUndefined();
  });

  it('links a repository file at the build commit, at HEAD when the commit is unknown, nowhere without a repository', () => {
    const repo = 'https://github.com/o/r';
    expect(repoFileUrl(repo, 'a'.repeat(40), 'CONTRIBUTING.md', CONTRIBUTING_ROW_ANCHOR)).toBe(
      `${repo}/blob/${'a'.repeat(40)}/CONTRIBUTING.md#from-zero-to-a-merged-row`,
    );
    expect(repoFileUrl(repo, 'unknown', 'CONTRIBUTING.md')).toBe(`${repo}/blob/HEAD/CONTRIBUTING.md`);
    expect(repoFileUrl(undefined, 'a'.repeat(40), 'CONTRIBUTING.md')).toBeUndefined();
  });

  it("names this project's repository in its own package.json", async () => {
    const { readFileSync } = await import('node:fs');
    expect(packageRepoUrl(readFileSync('package.json', 'utf8'))).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
  });
});
