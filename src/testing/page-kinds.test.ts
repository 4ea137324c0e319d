import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageKinds } from './page-kinds.ts';

describe('pageKinds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-kinds-'));
  for (const f of [
    'index.astro',
    '404.astro',
    '[revision]/index.astro',
    'methodology/scoring.astro',
    '[revision]/[role]/[scenario]/index.astro',
    '[revision]/matrix/[role]/[...page].astro',
  ]) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), '');
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each built page to its route, the 404 page (written as 404.html) to 404.astro', () => {
    const kinds = pageKinds(dir, ['index.html', '404.html', '2025-11-25/index.html', 'methodology/scoring/index.html']);
    expect(Object.fromEntries(kinds.filter((k) => k.pages.length).map((k) => [k.route, k.pages]))).toEqual({
      'index.astro': ['index.html'],
      '404.astro': ['404.html'],
      '[revision]/index.astro': ['2025-11-25/index.html'],
      'methodology/scoring.astro': ['methodology/scoring/index.html'],
    });
  });

  it("gives a rest parameter's first page (the folder itself) to its route, not to a parameter route of equal depth", () => {
    const pages = [
      '2025-11-25/matrix/server/index.html',
      '2025-11-25/matrix/server/2/index.html',
      '2025-11-25/server/x/index.html',
    ];
    const kinds = Object.fromEntries(pageKinds(dir, pages).map((k) => [k.route, k.pages]));
    expect(kinds['[revision]/matrix/[role]/[...page].astro']).toEqual([...pages.slice(0, 2)].sort());
    expect(kinds['[revision]/[role]/[scenario]/index.astro']).toEqual([pages[2]]);
  });

  it('leaves a route without pages empty (a 404 page that was not built is seen missing)', () => {
    expect(pageKinds(dir, ['index.html']).find((k) => k.route === '404.astro')!.pages).toEqual([]);
  });
});
