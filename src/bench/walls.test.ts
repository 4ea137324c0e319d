import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

// The walls DESIGN.md asks to keep, checked on the import graph so they cannot erode silently.
/** Module specifiers of every static import / re-export in a source text. */
const importsOf = (text: string): string[] =>
  [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
const imports = (file: string): string[] => importsOf(readFileSync(file, 'utf8'));

const FORBIDDEN_IN_CORE = [
  /\/harness\//,
  /^\.\.\/.*scripts\//,
  /\/site\//,
  /\/pages\//,
  // With or without the `node:` prefix: fs, network, processes, the OS.
  /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|os|dgram|worker_threads|process|cluster)(\/|$)/,
  /^fast-glob$/,
  /^astro/,
];
const forbidden = (specs: string[]) => specs.filter((s) => FORBIDDEN_IN_CORE.some((re) => re.test(s)));

describe('walls', () => {
  const core = fg.sync('src/bench/**/*.ts', { ignore: ['**/*.test.ts'] });

  it('finds the core files it checks', () => {
    expect(core.length).toBeGreaterThan(20);
  });

  it('keeps src/bench pure: no fs, network, process, harness, scripts or site imports', () => {
    const offending = core.flatMap((f) => forbidden(imports(f)).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('keeps pages presentational: no .astro file imports scoring or judges', () => {
    const pages = fg.sync('src/{pages,components,layouts}/**/*.astro');
    expect(pages.length).toBeGreaterThan(0);
    const offending = pages.flatMap((f) => imports(f).filter((s) => /bench\/(scoring|judge|derive\/derive)/.test(s)).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('detects forbidden imports through the same parser (the check itself can fail)', () => {
    const sample = [
      `import { x } from '../../harness/io/load.ts';`,
      `import { readFileSync } from 'node:fs';`,
      `import http from 'http';`,
      `export { y } from 'fs/promises';`,
      `import { z } from './ok.ts';`,
      `import { argv } from 'node:process';`,
    ].join('\n');
    expect(forbidden(importsOf(sample))).toEqual(['../../harness/io/load.ts', 'node:fs', 'http', 'fs/promises', 'node:process']);
  });
});
