import { describe, expect, it } from 'vitest';
import { SPEC_SOURCES } from '../bench/spec/revisions.ts';
import { SPEC_TREES, specLink, specLocation } from './spec-link.ts';

const [mcp, ext] = SPEC_SOURCES;

describe('spec links', () => {
  it('links a spec file at the pinned commit and line', () => {
    expect(specLink('2025-11-25', 'docs/specification/2025-11-25/basic/transports.mdx', 79)).toBe(
      `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/${mcp.commit}/docs/specification/2025-11-25/basic/transports.mdx#L79`,
    );
    expect(specLocation('docs/specification/2025-11-25/basic/transports.mdx', 79)).toBe('basic/transports.mdx:79');
  });

  it('links Tasks extension sentences to the ext-tasks repository', () => {
    expect(specLink('2026-07-28', 'ext-tasks/specification/draft/tasks.md', 12)).toBe(
      `https://github.com/modelcontextprotocol/ext-tasks/blob/${ext.commit}/specification/draft/tasks.md#L12`,
    );
  });

  it('refuses to link a file outside every pinned source (a broken link is worse than an error)', () => {
    expect(() => specLink('2025-11-25', 'ext-tasks/specification/draft/tasks.md', 12)).toThrow(
      /not in any pinned spec source/,
    );
  });

  it("links each pinned repository's tree at its commit", () => {
    expect(SPEC_TREES.map((t) => t.url)).toEqual([
      `https://github.com/modelcontextprotocol/modelcontextprotocol/tree/${mcp.commit}`,
      `https://github.com/modelcontextprotocol/ext-tasks/tree/${ext.commit}`,
    ]);
  });
});
