import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecCommits } from '../harness/io/load.ts';
import { specDir } from '../harness/io/paths.ts';
import { EXT_TASKS_COMMIT, EXT_TASKS_REPO, SPEC_COMMIT, SPEC_REPO, specLink, specLocation, specTreeUrl } from './spec-link.ts';

const pinned = join(specDir(process.cwd()), 'PINNED.md');

describe('spec links', () => {
  it('links a spec file at the pinned commit and line', () => {
    expect(specLink('docs/specification/2025-11-25/basic/transports.mdx', 79)).toBe(
      `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/${SPEC_COMMIT}/docs/specification/2025-11-25/basic/transports.mdx#L79`,
    );
    expect(specLocation('docs/specification/2025-11-25/basic/transports.mdx', 79)).toBe('basic/transports.mdx:79');
  });

  it('links Tasks extension sentences to the ext-tasks repository', () => {
    expect(specLink('ext-tasks/specification/draft/tasks.md', 12)).toBe(`https://github.com/modelcontextprotocol/ext-tasks/blob/${EXT_TASKS_COMMIT}/specification/draft/tasks.md#L12`);
  });

  it('links each pinned repository\'s tree at its commit', () => {
    expect(specTreeUrl(SPEC_REPO)).toBe(`https://github.com/modelcontextprotocol/modelcontextprotocol/tree/${SPEC_COMMIT}`);
    expect(specTreeUrl(EXT_TASKS_REPO)).toBe(`https://github.com/modelcontextprotocol/ext-tasks/tree/${EXT_TASKS_COMMIT}`);
  });

  it.skipIf(!existsSync(pinned))('uses the commits recorded in the pinned spec PINNED.md (main spec and tasks extension)', () => {
    expect(readSpecCommits(specDir(process.cwd()))).toEqual({ [SPEC_REPO]: SPEC_COMMIT, [EXT_TASKS_REPO]: EXT_TASKS_COMMIT });
  });
});
