import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecCommit } from '../harness/io/load.ts';
import { specDir } from '../harness/io/paths.ts';
import { EXT_TASKS_COMMIT, SPEC_COMMIT, specLink, specLocation } from './spec-link.ts';

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

  it.skipIf(!existsSync(pinned))('uses the commit recorded in the pinned spec PINNED.md', () => {
    expect(SPEC_COMMIT).toBe(readSpecCommit(specDir(process.cwd())));
  });
});
