import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

// The walls DESIGN.md asks to keep, checked on the import graph so they cannot erode silently.
const imports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

const FORBIDDEN_IN_CORE = [/\/harness\//, /^\.\.\/.*scripts\//, /\/site\//, /\/pages\//, /^node:(fs|net|http|https|child_process|os|dgram|worker_threads)/, /^fast-glob$/, /^astro/];

describe('walls', () => {
  const core = fg.sync('src/bench/**/*.ts', { ignore: ['**/*.test.ts'] });

  it('finds the core files it checks', () => {
    expect(core.length).toBeGreaterThan(20);
  });

  it('keeps src/bench pure: no fs, network, process, harness, scripts or site imports', () => {
    const offending = core.flatMap((f) => imports(f).filter((s) => FORBIDDEN_IN_CORE.some((re) => re.test(s))).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('keeps pages presentational: no .astro file imports scoring or judges', () => {
    const pages = fg.sync('src/{pages,components,layouts}/**/*.astro');
    expect(pages.length).toBeGreaterThan(0);
    const offending = pages.flatMap((f) => imports(f).filter((s) => /bench\/(scoring|judge|derive\/derive)/.test(s)).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('detects a forbidden import (the check itself can fail)', () => {
    const sample = `import { x } from '../../harness/io/load.ts';\nimport { readFileSync } from 'node:fs';`;
    const found = [...sample.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    expect(found.filter((s) => FORBIDDEN_IN_CORE.some((re) => re.test(s)))).toHaveLength(2);
  });
});
