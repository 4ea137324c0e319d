import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
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
  ...importsOf(text)
    .filter((s) => FORBIDDEN_IN_SITE.some((re) => re.test(s)))
    .map((s) => `${file}: imports "${s}"`),
  ...(IMPURE_GLOBALS.test(text) ? [`${file}: uses ${IMPURE_GLOBALS.exec(text)![0]}`] : []),
];
/** Project-relative path a relative specifier of `file` names; packages and `node:` modules as they are. */
const target = (file: string, spec: string): string =>
  spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), spec)) : spec;

/**
 * The revision a path belongs to: a folder named like a revision id (`judge/2026-07-28/…`), or a file named after one
 * (`roles/2025-11-25-server.ts`). Any dated name counts, so a revision not yet in the manifest is held to the rule too.
 */
const revisionOf = (path: string): string | undefined => /(?:^|\/)(\d{4}-\d{2}-\d{2})(?:\/|-[^/]*$)/.exec(path)?.[1];

/** Specifiers by which a file of one revision reaches into another revision's folder (it must go through `common/`). */
const siblingRevisionImports = (file: string, specs: string[]): string[] => {
  const own = revisionOf(file);
  return own === undefined
    ? []
    : specs.filter((s) => {
        const theirs = revisionOf(target(file, s));
        return theirs !== undefined && theirs !== own;
      });
};

/**
 * The harness's rooms, lowest first: a room's code imports its own room and lower ones, never a higher one or a
 * sibling of its own rank (the instruments oracle, probe and reference stand side by side and meet only in roles/).
 * Scripts sit above all of them. Tests are exempt: they pair a room with its peer (the prober against the oracle).
 */
const ROOM_RANKS: Readonly<Record<string, number>> = {
  errors: 0,
  os: 0, // typed errors; ports and processes of this machine
  'cli-args': 1,
  wire: 1, // flag parsing; the recorded HTTP exchange
  'model-proxy': 1, // the trial's model-API proxy: forwards and records a harness's model traffic
  io: 2, // the project tree and the pinned spec on disk
  snapshot: 2, // reads an agent's workspace at session end (runner takes it, verify restores it)
  'sandbox-image': 2, // the docker sandbox's image: its recipe, built with debootstrap and the engine
  oracle: 3,
  probe: 3,
  reference: 3, // the instruments of one revision each
  roles: 4, // binds each revision's instruments into a role driver
  runner: 5, // runs a subject against a driver: trials, calibration, manual probes
  libraries: 6, // runs library subjects through the runner
  verify: 6, // re-runs a stored solution through the runner
  sweep: 6, // runs a run manifest's trials through the runner into a bundle
  conformance: 7,
  'derive-inputs': 7, // compose all of the above
  'derive-threads': 8, // checks records for scripts/derive.ts on worker threads, each reading the tree as derive-inputs does
  'probe-package': 0, // what the prober package says about itself (package.json, README): imports nothing
  'probe-bin': 9, // the installed `mcpfs-probe` command: runs scripts/probe.ts from the package folder
};
/** The driver contract every instrument implements: lower rooms may name its types (`import type`), nothing else. */
const CONTRACT = 'src/harness/roles/types.ts';

/** The harness room of a path (`src/harness/<room>/…` or `src/harness/<room>.ts`), undefined outside the harness. */
const roomOf = (path: string): string | undefined => /^src\/harness\/([^/]+?)(?:\.ts$|\/)/.exec(path)?.[1];

/** Static imports with whether each is type-only (`import type { … }`). */
const importLinesOf = (text: string): { spec: string; typeOnly: boolean }[] =>
  [...text.matchAll(/^\s*(import|export)\b(\s+type\b)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
    spec: m[3]!,
    typeOnly: m[2] !== undefined,
  }));

/** Specifiers by which a harness file reaches up or sideways out of its room. */
const roomViolations = (file: string, text: string): string[] => {
  const own = roomOf(file);
  if (own === undefined) return [];
  return importLinesOf(text)
    .filter(({ spec, typeOnly }) => {
      const path = target(file, spec);
      const theirs = roomOf(path);
      if (theirs === undefined || theirs === own) return false;
      if (path === CONTRACT && typeOnly) return false;
      return !(ROOM_RANKS[theirs]! < ROOM_RANKS[own]!);
    })
    .map(({ spec }) => spec);
};

describe('walls', () => {
  const core = fg.sync('src/bench/**/*.ts', { ignore: ['**/*.test.ts'] });

  it('finds the core files it checks', () => {
    expect(core.length).toBeGreaterThan(20);
  });

  it('keeps src/bench pure (judges, plans, derive never import the harness): no fs, network, process, harness, scripts or site imports', () => {
    const offending = core.flatMap((f) => forbidden(imports(f)).map((s) => `${f}: imports "${s}"`));
    expect(offending).toEqual([]);
  });

  it('keeps pages presentational: no .astro file imports scoring or judges', () => {
    const pages = fg.sync('src/{pages,components,layouts}/**/*.astro');
    expect(pages.length).toBeGreaterThan(0);
    const offending = pages.flatMap((f) =>
      imports(f)
        .filter((s) => /bench\/(scoring|judge|derive\/derive)/.test(s))
        .map((s) => `${f}: imports "${s}"`),
    );
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
    expect(
      siteProblems('x.ts', `import { readFileSync } from 'node:fs';\nimport { p } from '../harness/io/paths.ts';`),
    ).toEqual(['x.ts: imports "node:fs"', 'x.ts: imports "../harness/io/paths.ts"']);
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
    expect(
      found(page(`const agents = d.subjects.filter((s) => s.kind === 'agent').length;`, '<p>{agents}</p>')),
    ).toEqual(['a count of a computed list ((…).length)']);
    expect(found(page('', '<p>{d.scenarios.reduce((a, s) => a + s.checkpoints.length, 0)} checkpoints</p>'))).toEqual([
      'a sum or fold (.reduce)',
      'a sum or difference of two values',
    ]);
    expect(found(page('const rate = t.pass / t.applicable;', '<p>{Math.round(rate * 100)}%</p>'))).toEqual([
      'Math.* (rounding, min, max)',
      'multiplication, division or remainder',
      'multiplication, division or remainder',
    ]);
    expect(
      found(page('const wall = Date.parse(t.endedAt) - Date.parse(t.startedAt);', '<b>{s.score.toFixed(3)}</b>')),
    ).toEqual([
      'a sum or difference of two values',
      'date arithmetic',
      'date arithmetic',
      'number formatting outside src/site/format.ts',
    ]);
    expect(
      found(
        page(
          `const p = view.pages[page - 1]!;\nconst re = section(context, /devia\\/tion/i);\nconst id = \`\${a}/\${b}\`; // a / b`,
          [
            '<style>pre { font: .85rem/1.4 monospace; }</style>',
            "<p>The score is passed SHOULD / applicable SHOULD; the subject's client * 2.</p>",
            '{xs.filter((x) => x.ok).length > 0 && <p>Some / all: {pct(x.rate)}</p>}',
            '<a href={`${base}/trials/${id}/`}>open</a> <Foo bar={1} />',
          ].join('\n'),
        ),
      ),
    ).toEqual([]);
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

  it('ranks every harness room (a new room needs a place in ROOM_RANKS)', () => {
    const rooms = new Set(fg.sync('src/harness/**/*.ts').map((f) => roomOf(f)!));
    expect([...rooms].filter((r) => ROOM_RANKS[r] === undefined)).toEqual([]);
  });

  it('keeps harness rooms layered: code imports its own room and lower ones (probe and reference never the runner)', () => {
    const code = fg.sync('src/harness/**/*.ts', { ignore: ['**/*.test.ts'] });
    expect(code.length).toBeGreaterThan(50);
    const offending = code.flatMap((f) =>
      roomViolations(f, readFileSync(f, 'utf8')).map((s) => `${f}: imports "${s}"`),
    );
    expect(offending).toEqual([]);
  });

  it('detects an upward or sideways room import through the same parser (the check itself can fail)', () => {
    const sample = [
      `import { pinnedSpec } from '../io/spec.ts';`,
      `import { freePort } from '../../os/ports.ts';`,
      `import type { MutantInfo } from '../../roles/types.ts';`,
      `import { DRIVERS } from '../../roles/registry.ts';`,
      `import { MutantInfo } from '../../roles/types.ts';`,
      `import { runTrial } from '../../runner/trial.ts';`,
      `import { startOracle } from '../../oracle/common/http.ts';`,
      `import { x } from './x.ts';`,
    ].join('\n');
    expect(roomViolations('src/harness/probe/common/x.ts', sample)).toEqual([
      '../../roles/registry.ts',
      '../../roles/types.ts',
      '../../runner/trial.ts',
      '../../oracle/common/http.ts',
    ]);
    expect(
      roomViolations('src/harness/runner/adapters/x.ts', `import { DRIVERS } from '../../roles/registry.ts';`),
    ).toEqual([]);
    expect(roomOf('src/harness/cli-args.ts')).toBe('cli-args');
    expect(roomOf('src/bench/judge/registry.ts')).toBeUndefined();
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
    expect(forbidden(importsOf(sample))).toEqual([
      '../../harness/io/load.ts',
      'node:fs',
      'http',
      'fs/promises',
      'node:process',
    ]);
  });
});
