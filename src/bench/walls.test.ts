import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
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

/** Project-relative path a relative specifier of `file` names; packages and `node:` modules as they are. */
const target = (file: string, spec: string): string => (spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), spec)) : spec);

/**
 * The revision a path belongs to: a folder named like a revision id (`judge/2026-07-28/…`), or a file named after one
 * (`roles/2025-11-25-server.ts`). Any dated name counts, so a revision not yet in the manifest is held to the rule too.
 */
const revisionOf = (path: string): string | undefined => /(?:^|\/)(\d{4}-\d{2}-\d{2})(?:\/|-[^/]*$)/.exec(path)?.[1];

/** Specifiers by which a file of one revision reaches into another revision's folder (it must go through `common/`). */
const siblingRevisionImports = (file: string, specs: string[]): string[] => {
  const own = revisionOf(file);
  return own === undefined ? [] : specs.filter((s) => {
    const theirs = revisionOf(target(file, s));
    return theirs !== undefined && theirs !== own;
  });
};

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

  it('keeps revisions apart: a revision folder imports its own folder, common/ and lower layers, never a sibling revision', () => {
    const all = fg.sync(['src/**/*.ts', 'scripts/**/*.ts']);
    expect(all.filter((f) => revisionOf(f) !== undefined).length).toBeGreaterThan(50);
    const offending = all.flatMap((f) => siblingRevisionImports(f, imports(f)).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('detects a sibling-revision import through the same parser (the check itself can fail)', () => {
    const sample = [
      `import { find } from '../../2025-11-25/server/find.ts';`,
      `import { byStep } from '../../common/server/find.ts';`,
      `import { STEP } from '../../../plans/2026-07-28/server-steps.ts';`,
      `export { x } from '../../../plans/2025-11-25/server-steps.ts';`,
      `import { probe } from '../../../harness/probe/2025-11-25-x.ts';`,
      `import { y } from './y.ts';`,
    ].join('\n');
    expect(siblingRevisionImports('src/bench/judge/2026-07-28/server/x.ts', importsOf(sample))).toEqual([
      '../../2025-11-25/server/find.ts',
      '../../../plans/2025-11-25/server-steps.ts',
      '../../../harness/probe/2025-11-25-x.ts',
    ]);
    // Files outside a revision folder may name both (registries, tests of both revisions).
    expect(siblingRevisionImports('src/bench/judge/registry.ts', importsOf(sample))).toEqual([]);
    expect(revisionOf('src/harness/roles/2026-07-28-client.ts')).toBe('2026-07-28');
    expect(revisionOf('src/harness/cli-args.ts')).toBeUndefined();
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
