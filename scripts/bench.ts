// npm run bench [-- --small N --large N]: site and derive ratios measured side by side in one run, on synthetic trees
// in a temp dir (never results/). Prints numbers; asserts nothing (this machine is shared; timings are noisy).
//  1. derive time / plain JSON.parse time of the same files (records + sidecars)
//  2. astro build time per record at two tree sizes (linearity: the ratio should stay near 1)
//  3. leaderboard page transfer weight (gzip HTML + CSS + fonts + JS) against the page budget (PAGE_BUDGET_BYTES)
//  4. sandbox cost per trial, docker ÷ netns (root only; docker when an engine answers and the image is built)
// `--small 0 --large 0` skips 1–3; `--sandbox-rounds 0` skips 4.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { derive } from '../src/bench/derive/derive.ts';
import { loadDeriveInput } from '../src/harness/derive-inputs.ts';
import { PAGE_BUDGET_BYTES, pageWeight } from '../src/testing/page-weight.ts';
import { astroBuild, deriveRoot, freshDir } from '../src/testing/site-build.ts';
import { writeSyntheticTree } from '../src/testing/synthetic.ts';
import { engineAnswers } from '../src/harness/os/docker.ts';
import { findImage } from '../src/harness/sandbox-image/build.ts';
import { sandboxCosts } from '../src/harness/runner/sandbox-cost.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const sizes = [arg('small', 4), arg('large', 16)].filter((n) => n > 0);
const ms = (t0: number) => performance.now() - t0;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

function parseAll(root: string): number {
  const t0 = performance.now();
  for (const f of fg.sync('results/**/*', { cwd: root })) {
    const text = readFileSync(join(root, f), 'utf8');
    if (f.endsWith('.jsonl')) for (const l of text.split('\n')) l && JSON.parse(l);
    else JSON.parse(text);
  }
  return ms(t0);
}

const rows: { agents: number; records: number; deriveMs: number; parseMs: number; buildMs: number; pages: number }[] =
  [];
for (const agents of sizes) {
  const root = freshDir('mcpfs-bench');
  try {
    const tree = writeSyntheticTree(root, { seed: 1, subjects: agents, libraries: 2, scenarios: 3, k: 3 });
    // Best of 3 each (the first run also pays for the file cache and JIT warm-up).
    const parseMs = Math.min(...[1, 2, 3].map(() => parseAll(root)));
    const deriveMs = Math.min(
      ...[1, 2, 3].map(() => {
        const t0 = performance.now();
        if (!derive({ ...loadDeriveInput(root, { rejudge: false }), spec: undefined }).dataset)
          throw new Error('synthetic tree did not derive');
        return ms(t0);
      }),
    );
    deriveRoot(root);
    const out = join(root, 'dist');
    const buildMs = await astroBuild(root, out);
    const pages = fg.sync('**/*.html', { cwd: out }).length;
    rows.push({ agents, records: tree.records.length, deriveMs, parseMs, buildMs, pages });
    if (agents === sizes[sizes.length - 1]) {
      console.log(`\nleaderboard page weight (gzip -9), ${agents} agents, ${tree.records.length} records:`);
      for (const p of ['index.html', '2025-11-25/index.html']) {
        const w = pageWeight(out, p);
        console.log(
          `  /${p.replace(/index\.html$/, '')}`.padEnd(16) +
            `html ${kb(w.html)} + css ${kb(w.css)} + fonts ${kb(w.fonts)} + js ${kb(w.js)} = ${kb(w.total)} of ${PAGE_BUDGET_BYTES / 1024} KB (${((w.total / PAGE_BUDGET_BYTES) * 100).toFixed(0)}%)`,
        );
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
if (rows.length > 0)
  console.log(
    '\nderive (no re-judging: synthetic verdicts) vs plain JSON.parse of the same files; astro build per record:',
  );
if (rows.length > 0)
  console.log('  agents  records  parse ms  derive ms  derive/parse  build ms  pages  build ms/record');
for (const r of rows) {
  console.log(
    `  ${String(r.agents).padStart(6)}  ${String(r.records).padStart(7)}  ${r.parseMs.toFixed(0).padStart(8)}  ${r.deriveMs.toFixed(0).padStart(9)}  ${(r.deriveMs / r.parseMs).toFixed(1).padStart(12)}  ${r.buildMs.toFixed(0).padStart(8)}  ${String(r.pages).padStart(5)}  ${(r.buildMs / r.records).toFixed(2).padStart(15)}`,
  );
}
const [a, b] = rows;
if (a && b)
  console.log(
    `\nlinearity: build ms/record large ÷ small = ${(b.buildMs / b.records / (a.buildMs / a.records)).toFixed(2)} (≈1 or below = linear; fixed start-up cost makes small trees look slower per record)`,
  );

// 4. What each sandbox adds to a trial (create + mount check + dispose), docker vs netns interleaved.
const rounds = arg('sandbox-rounds', 10);
if (rounds > 0 && process.getuid?.() === 0) {
  const image = engineAnswers() ? findImage(process.cwd()) : undefined;
  const costs = await sandboxCosts(rounds, image);
  const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
  console.log(`\nsandbox per trial (create + mount check + dispose), ${rounds} rounds each, interleaved:`);
  for (const c of costs)
    console.log(
      `  ${c.kind.padEnd(7)} median ${median(c.ms).toFixed(0)} ms (min ${Math.min(...c.ms).toFixed(0)}, max ${Math.max(...c.ms).toFixed(0)})`,
    );
  const [n, d] = costs;
  if (n && d)
    console.log(
      `  docker ÷ netns = ${(median(d.ms) / median(n.ms)).toFixed(1)} (docker adds ${(median(d.ms) - median(n.ms)).toFixed(0)} ms a trial)`,
    );
  if (!image) console.log('  docker: not measured (no engine answers, or `npm run sandbox-image` not run)');
}
