// Builds the whole site once against a synthetic tree (MCPFS_ROOT) and checks the HTML in the output folder:
// boards, downloads equal to the tables, escaping, provenance, the page budget; then (when /usr/bin/chromium exists)
// loads the leaderboard in a headless browser for console errors and a screenshot.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { chromium, type ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../bench/derive/dataset.ts';
import { PRIMARY_SOURCE } from '../bench/spec/revisions.ts';
import { useBuiltSite } from '../testing/built-site.ts';
import { decode, tableBlock, tableValues, withoutAttributeValues } from '../testing/html.ts';
import { METHODOLOGY_PAGE_BYTES, PAGE_BUDGET_BYTES, pageWeight } from '../testing/page-weight.ts';
import { methodologyPages } from './methodology.ts';
import { serveStatic, type StaticServer } from '../testing/static-server.ts';
import { parseCsv } from './table.ts';

const site = useBuiltSite('mcpfs-site', {
  seed: 21,
  subjects: 4,
  libraries: 1,
  scenarios: 2,
  k: 2,
  infraErrorRate: 0.1,
});
const { root, out, page } = site;
let d: Dataset;
beforeAll(() => {
  d = site.dataset();
});

describe('site built from a synthetic tree', () => {
  it('renders the agents boards of both revisions on the home page, without any script', () => {
    const html = page('index.html');
    for (const rev of ['2025-11-25', '2026-07-28'])
      for (const docs of ['none', 'full']) expect(tableBlock(html, `board-${rev}-${docs}-agent`)).toBeDefined();
    expect(html).not.toMatch(/<script/i);
    for (const s of d.subjects.filter((x) => x.kind === 'agent')) expect(html).toContain(`/subjects/${s.id}/`);
  });

  it('publishes CSV and JSON downloads whose rows equal the HTML table, for every board', () => {
    const html = page('2025-11-25/index.html');
    const ids = d.boards
      .filter((b) => b.revision === '2025-11-25' && b.rows.length)
      .map((b) => `board-${b.revision}-${b.docs}-${b.kind}`);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids) {
      const fromHtml = tableValues(html, id);
      const csv = parseCsv(readFileSync(join(out, 'downloads', `${id}.csv`), 'utf8'));
      const json = JSON.parse(readFileSync(join(out, 'downloads', `${id}.json`), 'utf8')) as {
        columns: { key: string }[];
        rows: Record<string, unknown>[];
      };
      expect(csv.slice(1), id).toEqual(fromHtml);
      expect(
        json.rows.map((r) => json.columns.map((c) => (r[c.key] === null ? '' : String(r[c.key])))),
        id,
      ).toEqual(fromHtml);
      expect(fromHtml.length).toBe(d.boards.find((b) => `board-${b.revision}-${b.docs}-${b.kind}` === id)!.rows.length);
    }
  });

  it('links cells to trial replay pages of real trials and footnotes infra errors', () => {
    const html = page('2026-07-28/index.html');
    const links = [...html.matchAll(/href="\/trials\/([a-z0-9-]+)\/"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    const ids = new Set(d.trials.map((t) => t.id));
    expect(links.every((l) => ids.has(l!))).toBe(true);
    // The synthetic tree (seed 21, infraErrorRate 0.1) has agent infra errors on this revision: the footnote must show.
    expect(
      d.trials.some((t) => t.revision === '2026-07-28' && t.status === 'infra-error' && t.subject.kind === 'agent'),
    ).toBe(true);
    expect(html).toMatch(/infra-error trials? \(the harness failed/);
  });

  it('shows the exact prompt and pinned spec links on scenario pages', () => {
    const s = d.scenarios[0]!;
    const html = page(`${s.revision}/${s.role}/${s.id}/index.html`);
    const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1]!;
    expect(decode(pre)).toBe(s.prompt);
    const c = s.checkpoints[1]!.spec!;
    expect(html).toContain(
      `https://github.com/${PRIMARY_SOURCE.repo}/blob/${PRIMARY_SOURCE.commit}/${c.file}#L${c.line}`,
    );
  });

  it('escapes untrusted judge messages and renders quoted sentences with their emphasis', () => {
    const s = d.scenarios.find((x) => x.role === 'server')!;
    const c = s.checkpoints[1]!;
    const html = page(`${s.revision}/${s.role}/${s.id}/${c.slug}/index.html`);
    expect(html).toContain(`<strong>${c.level}</strong>`);
    expect(html).toContain('&lt;in ');
    // Only the document's own <html> tag: the judge message's "<html>" must never become markup.
    expect(withoutAttributeValues(html).match(/<html\b/g)).toHaveLength(1);
    const failing = tableValues(html, `failing-${s.revision}-${s.role}-${s.id}-${c.slug}`);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing[0]![4]).toMatch(/got status 400 <html> & "junk"$/);
    expect(html).toMatch(/got status 400 &lt;html&gt; &amp; (&quot;|")junk/);
  });

  it('links each trial of a subject page to its raw record files, which hold the committed bytes', () => {
    const t = d.trials.find((x) => x.files.transcript)!;
    const html = page(`subjects/${t.subject.id}/index.html`);
    const files: [string, string][] = [
      ['record.json', t.files.record],
      ['wire.jsonl', t.files.wire],
      ['transcript.jsonl', t.files.transcript!],
    ];
    for (const [name, path] of files) {
      expect(html).toContain(`href="/trials/${t.id}/${name}"`);
      expect(readFileSync(join(out, 'trials', t.id, name), 'utf8')).toBe(readFileSync(join(root, path), 'utf8'));
    }
  });

  it('publishes the whole data set it was built from', () => {
    expect(page('downloads/dataset.json')).toBe(readFileSync(join(root, 'generated/dataset.json'), 'utf8'));
  });

  it('builds a page per subject, scenario and checkpoint, a matrix per revision and the methodology page', () => {
    for (const s of d.subjects) expect(existsSync(join(out, 'subjects', s.id, 'index.html')), s.id).toBe(true);
    for (const s of d.scenarios)
      for (const c of s.checkpoints)
        expect(existsSync(join(out, s.revision, s.role, s.id, c.slug, 'index.html'))).toBe(true);
    expect(tableValues(page('2025-11-25/matrix/index.html'), 'matrix-2025-11-25').length).toBeGreaterThan(0);
    const m = page('methodology/index.html');
    expect(m).toContain(PRIMARY_SOURCE.commit);
    const s = d.scenarios[0]!;
    expect(
      tableBlock(page(`methodology/calibration/${s.revision}/index.html`), `kills-${s.revision}-${s.role}-${s.id}`),
    ).toBeDefined();
  });

  it(`splits the methodology into pages of at most ${METHODOLOGY_PAGE_BYTES / 1024} KB each, linked from its index`, () => {
    const index = page('methodology/index.html');
    const pages = methodologyPages();
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const p of pages) {
      expect(index, p).toContain(`href="${p}"`);
      const w = pageWeight(out, `${p.slice(1)}index.html`);
      expect(w.htmlBytes, p).toBeLessThanOrEqual(METHODOLOGY_PAGE_BYTES);
    }
    // Every page under /methodology/ (ledger section pages included), not only those the index links.
    const all = fg.sync('methodology/**/index.html', { cwd: out });
    expect(all.length).toBeGreaterThan(pages.length);
    for (const p of all) expect(pageWeight(out, p).htmlBytes, p).toBeLessThanOrEqual(METHODOLOGY_PAGE_BYTES);
    // A checkpoint's ledger link lands on its section's page (built even when this build has no ledger to show).
    const s = d.scenarios[0]!;
    const c = s.checkpoints.find((x) => x.spec)!;
    const section = `methodology/coverage/${s.revision}/${s.role}/${c.spec!.id.split('-')[1]}/`;
    expect(page(`${s.revision}/${s.role}/${s.id}/${c.slug}/index.html`)).toContain(
      `href="/${section}#cov-${s.revision}-${s.role}-${c.spec!.id}"`,
    );
    expect(existsSync(join(out, section, 'index.html'))).toBe(true);
  });

  it(`keeps the leaderboard pages within ${PAGE_BUDGET_BYTES / 1024} KB gzip including CSS and fonts, with no JS`, () => {
    for (const p of ['index.html', '2025-11-25/index.html']) {
      const w = pageWeight(out, p);
      expect(w.js, p).toBe(0);
      expect(
        w.assets.some((a) => a.endsWith('.css')),
        p,
      ).toBe(true);
      expect(w.total, p).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
    }
  });
});

const CHROMIUM = '/usr/bin/chromium';
describe.skipIf(!existsSync(CHROMIUM))('leaderboard in a headless browser', () => {
  let server: StaticServer;
  let base = '';
  beforeAll(async () => {
    server = await serveStatic(out);
    base = server.base;
  });
  afterAll(() => server.close());

  it('loads the leaderboard with no console errors, in light and dark, on a phone width too', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const shots = process.env.SITE_SCREENSHOT_DIR;
      for (const [name, opts] of [
        ['desktop-light', { width: 1400, height: 1000, scheme: 'light' }],
        ['phone-dark', { width: 390, height: 844, scheme: 'dark' }],
      ] as const) {
        const ctx = await browser.newContext({
          viewport: { width: opts.width, height: opts.height },
          colorScheme: opts.scheme,
        });
        const p = await ctx.newPage();
        const errors: string[] = [];
        p.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
        p.on('pageerror', (e: Error) => errors.push(e.message));
        const res = await p.goto(`${base}/`);
        expect(res?.status()).toBe(200);
        expect(errors).toEqual([]);
        // The page must not scroll sideways as a whole: wide tables scroll inside their own region.
        const overflow = await p.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, name).toBeLessThanOrEqual(1);
        await p.keyboard.press('Tab');
        expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
        if (shots) await p.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
        await ctx.close();
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});
