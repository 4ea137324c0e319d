import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bibtex, CITE_TITLE } from './cite.ts';

describe('the Cite block', () => {
  it('names the version and the commit, and links the tree at that commit', () => {
    const b = bibtex({
      version: '5.1.0',
      commit: 'a'.repeat(40),
      date: '2026-12-07',
      repository: 'https://github.com/o/r',
    });
    expect(b.split('\n')[0]).toBe('@software{mcp_from_scratch_5_1_0,');
    expect(b).toContain('  version = {5.1.0},');
    expect(b).toContain(`  note = {Benchmark version 5.1.0, commit ${'a'.repeat(12)}},`);
    expect(b).toContain(`  url = {https://github.com/o/r/tree/${'a'.repeat(40)}},`);
    expect(b).toContain('  year = {2026},');
    expect(b.endsWith('\n}')).toBe(true);
  });

  it('leaves the URL out when the build has no repository, and keeps the title CITATION.cff gives', () => {
    expect(bibtex({ version: '1.0.0', commit: 'unknown', date: '2026-01-01', repository: undefined })).not.toContain(
      'url =',
    );
    expect((parse(readFileSync('CITATION.cff', 'utf8')) as { title: string }).title).toBe(CITE_TITLE);
  });
});
