import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { statisticsIn } from '../testing/astro-code.ts';

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

// src/site is pure too, but for load.ts: the one module that reads the data set's file, the environment and CONTEXT.md.
const SITE_IO = 'src/site/load.ts';
const FORBIDDEN_IN_SITE = [
  /\/harness\//,
  /^\.\.\/.*scripts\//,
  /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|os|dgram|worker_threads|process|cluster)(\/|$)/,
  /^fast-glob$/,
];
/** Globals that reach outside: the environment, the working directory, the network. */
const IMPURE_GLOBALS = /\bprocess\.|\bfetch\(|\bXMLHttpRequest\b|\bWebSocket\b/;
const siteProblems = (file: string, text: string): string[] => [
  ...importsOf(text).filter((s) => FORBIDDEN_IN_SITE.some((re) => re.test(s))).map((s) => `${file}: imports "${s}"`),
  ...(IMPURE_GLOBALS.test(text) ? [`${file}: uses ${IMPURE_GLOBALS.exec(text)![0]}`] : []),
];

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

  it('keeps src/site pure but for load.ts: no fs, network, process, harness or scripts', () => {
    const site = fg.sync('src/site/**/*.ts', { ignore: ['**/*.test.ts', SITE_IO] });
    expect(site.length).toBeGreaterThan(10);
    expect(site.flatMap((f) => siteProblems(f, readFileSync(f, 'utf8')))).toEqual([]);
    // load.ts is where the reads went: the exemption covers a file that exists and does read.
    expect(siteProblems(SITE_IO, readFileSync(SITE_IO, 'utf8')).length).toBeGreaterThan(0);
  });

  it('flags impure site code through the same check', () => {
    expect(siteProblems('x.ts', `import { readFileSync } from 'node:fs';\nimport { p } from '../harness/io/paths.ts';`)).toEqual(['x.ts: imports "node:fs"', 'x.ts: imports "../harness/io/paths.ts"']);
    expect(siteProblems('x.ts', 'const sha = process.env.GITHUB_SHA;')).toEqual(['x.ts: uses process.']);
    expect(siteProblems('x.ts', `import { pct } from './format.ts';`)).toEqual([]);
  });

  // Every statistic is derive's (src/bench/derive, tested there); pages lay out and format it. The rule, checked on an
  // .astro file's frontmatter and template expressions (src/testing/astro-code.ts): no .reduce, no Math.*, no count of
  // a computed list (`(…).length`, except testing it for emptiness), no new Set, no *, / or %, no sum or difference of
  // two values (`page - 1` and string building stay), no date arithmetic, and numbers formatted only through
  // src/site/format.ts (no toFixed / toLocaleString).
  it('keeps statistics out of .astro files', () => {
    const pages = fg.sync('src/{pages,components,layouts}/**/*.astro');
    expect(pages.flatMap((f) => statisticsIn(readFileSync(f, 'utf8')).map((p) => `${f}: ${p}`))).toEqual([]);
  });

  it('finds statistics in page code, but not in prose, CSS, regexes or emptiness tests', () => {
    const page = (front: string, template: string) => `---\n${front}\n---\n${template}\n`;
    const found = (text: string) => statisticsIn(text).map((p) => p.slice(0, p.indexOf(':')));
    expect(found(page(`const agents = d.subjects.filter((s) => s.kind === 'agent').length;`, '<p>{agents}</p>'))).toEqual(['a count of a computed list ((…).length)']);
    expect(found(page('', '<p>{d.scenarios.reduce((a, s) => a + s.checkpoints.length, 0)} checkpoints</p>'))).toEqual(['a sum or fold (.reduce)', 'a sum or difference of two values']);
    expect(found(page('const rate = t.pass / t.applicable;', '<p>{Math.round(rate * 100)}%</p>'))).toEqual(['Math.* (rounding, min, max)', 'multiplication, division or remainder', 'multiplication, division or remainder']);
    expect(found(page('const wall = Date.parse(t.endedAt) - Date.parse(t.startedAt);', '<b>{s.score.toFixed(3)}</b>'))).toEqual(['a sum or difference of two values', 'date arithmetic', 'date arithmetic', 'number formatting outside src/site/format.ts']);
    expect(found(page(
      `const p = view.pages[page - 1]!;\nconst re = section(context, /devia\\/tion/i);\nconst id = \`\${a}/\${b}\`; // a / b`,
      [
        '<style>pre { font: .85rem/1.4 monospace; }</style>',
        "<p>The score is passed SHOULD / applicable SHOULD; the subject's client * 2.</p>",
        '{xs.filter((x) => x.ok).length > 0 && <p>Some / all: {pct(x.rate)}</p>}',
        '<a href={`${base}/trials/${id}/`}>open</a> <Foo bar={1} />',
      ].join('\n'),
    ))).toEqual([]);
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
