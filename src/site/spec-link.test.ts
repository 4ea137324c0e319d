import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../bench/schema/common.ts';
import { SPEC_SOURCES } from '../bench/spec/revisions.ts';
import { parseSentenceTsv } from '../bench/spec/tsv.ts';
import { ensureSpec } from '../harness/io/spec.ts';
import { pinnedQuote, SPEC_TREES, specLink, specLocation, specQuoteHref } from './spec-link.ts';

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

describe('links inside quoted spec sentences', () => {
  const blob = `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/${mcp.commit}`;
  const tools = 'docs/specification/2025-11-25/server/tools.mdx';

  it('points spec-site, relative and same-page links at the pinned file, keeping the heading', () => {
    expect(specQuoteHref('2025-11-25', tools, '/specification/2025-11-25/basic/lifecycle#version-negotiation')).toBe(
      `${blob}/docs/specification/2025-11-25/basic/lifecycle.mdx#version-negotiation`,
    );
    expect(specQuoteHref('2025-11-25', tools, './resources#common-uri-schemes')).toBe(
      `${blob}/docs/specification/2025-11-25/server/resources.mdx#common-uri-schemes`,
    );
    expect(specQuoteHref('2025-11-25', 'docs/specification/2025-11-25/basic/utilities/ping.mdx', '../transports')).toBe(
      `${blob}/docs/specification/2025-11-25/basic/transports.mdx`,
    );
    expect(specQuoteHref('2025-11-25', tools, '#error-handling')).toBe(`${blob}/${tools}#error-handling`);
    expect(specQuoteHref('2026-07-28', 'ext-tasks/specification/draft/tasks.md', './tasks#x')).toBe(
      `https://github.com/modelcontextprotocol/ext-tasks/blob/${ext.commit}/specification/draft/tasks.md#x`,
    );
    expect(specQuoteHref('2025-11-25', tools, 'https://www.jsonrpc.org/specification')).toBe(
      'https://www.jsonrpc.org/specification',
    );
  });

  it('keeps the text of a link to a page no pinned source holds, without the link', () => {
    expect(pinnedQuote('2025-11-25', tools, 'see [the draft](/specification/draft/x) and [ping](./ping).')).toBe(
      `see the draft and [ping](${blob}/docs/specification/2025-11-25/server/ping.mdx).`,
    );
  });

  it('turns every link of every pinned sentence into a pinned GitHub file that exists in the spec', () => {
    const dir = ensureSpec(process.cwd(), () => undefined);
    const missing = new Set<string>();
    let links = 0;
    for (const revision of REVISIONS) {
      const tsv = join(dir, revision, 'normative-sentences.tsv');
      for (const row of parseSentenceTsv(tsv, readFileSync(tsv, 'utf8')).rows)
        for (const m of pinnedQuote(revision, row.file, row.sentence).matchAll(/\]\(([^)\s]+)\)/g)) {
          const url = new URL(m[1]!);
          if (url.hostname !== 'github.com') continue;
          links++;
          const [, repo, name, kind, commit, ...path] = url.pathname.split('/');
          const source = SPEC_SOURCES.find((s) => s.repo === `${repo}/${name}`)!;
          expect([kind, commit]).toEqual(['blob', source.commit]);
          const upstream = path.map(decodeURIComponent).join('/');
          const copy = source.copies.find((c) => upstream === c.from || upstream.startsWith(`${c.from}/`))!;
          if (!existsSync(join(dir, copy.to + upstream.slice(copy.from.length)))) missing.add(upstream);
        }
    }
    expect(links).toBeGreaterThan(40);
    // Deleted upstream after the 2025-11-25 tag in favour of a site redirect (PINNED.md); the spec still links it.
    expect([...missing]).toEqual(['docs/specification/2025-11-25/basic/security_best_practices.mdx']);
  });
});
