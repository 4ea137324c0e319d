// Builds the whole site once against a synthetic tree (MCPFS_ROOT) and checks the HTML in the output folder:
// boards, downloads equal to the tables, escaping, provenance, the page budget; then (when /usr/bin/chromium exists)
// loads the leaderboard in a headless browser for console errors and a screenshot.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { chromium, type ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../bench/derive/dataset.ts';
import { HOME_ROWS } from '../bench/derive/highlights.ts';
import { idOfBoard } from './boards.ts';
import { leaderId } from './home.ts';
import { PRIMARY_SOURCE } from '../bench/spec/revisions.ts';
import { useBuiltSite } from '../testing/built-site.ts';
import { archiveCurrentVersion } from '../testing/site-build.ts';
import { writeSyntheticTree } from '../testing/synthetic.ts';
import { decode, tableBlock, tableValues, withoutAttributeValues } from '../testing/html.ts';
import { METHODOLOGY_PAGE_BYTES, PAGE_BUDGET_BYTES, pageWeight } from '../testing/page-weight.ts';
import { methodologyPages } from './methodology.ts';
import { serveStatic, type StaticServer } from '../testing/static-server.ts';
import { parseCsv } from './table.ts';
import { trialListPages } from './trial-list.ts';
import { CHROMIUM, HEADLESS_ARGS } from '../testing/chromium.ts';

// The synthetic tree at version 1.1.0, with 1.0.0's boards archived (as `npm run versions -- --bump` leaves it).
const site = useBuiltSite('mcpfs-site', (root) => {
  writeSyntheticTree(root, { seed: 21, subjects: 4, libraries: 1, scenarios: 2, k: 2, infraErrorRate: 0.1 });
  archiveCurrentVersion(root, '1.1.0');
});
const { root, out, page } = site;
let d: Dataset;
beforeAll(() => {
  d = site.dataset();
});

describe('site built from a synthetic tree', () => {
  it('shows the best rows of every agent and library board on the home page, with the one external script', () => {
    const html = page('index.html');
    for (const b of d.boards.filter((x) => x.kind !== 'calibration' && x.rows.length > 0)) {
      const id = leaderId(b.revision, b);
      const rows = tableValues(html, id);
      expect(rows.length, id).toBe(Math.min(HOME_ROWS, b.rows.length));
      expect(
        rows.map((r) => r[0]),
        id,
      ).toEqual(b.rows.slice(0, HOME_ROWS).map((r) => r.subject));
      // Row metadata: last run (a UTC timestamp), harness version, isolation; a version or isolation kind every row
      // shares is said once under the table instead of in a column.
      // (A library board is one role's: a Scenarios column where the others have Client and Server.)
      // Agent leaders name each row's harness after the subject.
      const at = (b.role ? 4 : 5) + (b.kind === 'agent' ? 1 : 0);
      expect(rows[0]![at]).toMatch(/^\d{4}-\d\d-\d\dT/);
      const meta = `${rows[0]!.slice(at + 1).join(' ')} ${
        tableBlock(html, id)!
          .match(/every row: [^<]*/g)
          ?.join(' ') ?? ''
      }`;
      expect(meta, id).toMatch(/\d+\.\d+\.\d+/);
      expect(meta, id).toMatch(/netns|docker|none/);
    }
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/tables.js" defer>']);
    for (const h of d.stats.highlights) {
      expect(html).toContain(`${h.calibration.killed} of ${h.calibration.checkpoints} checkpoints catch a planted bug`);
      const agents = h.missed.find((m) => m.kind === 'agent')!;
      expect(agents.sentences.length).toBeGreaterThan(0);
      for (const m of agents.sentences) expect(html).toContain(`>${m.sentence}</a>`);
    }
    expect(html).toContain('Spec sentences agents miss most');
    expect(html).toContain('Docs axis: what the pinned spec in the workspace changes');
  });

  it('separates agents, libraries and calibration subjects on scenario and checkpoint pages', () => {
    const s = d.scenarios.find((x) => x.revision === '2026-07-28')!;
    const html = page(`${s.revision}/${s.role}/${s.id}/index.html`);
    const block = tableBlock(html, `scenario-${s.revision}-${s.role}-${s.id}`)!;
    const heads = [...block.matchAll(/<tr class="section"><th[^>]*>([^<]*)</g)].map((m) => m[1]!.split(' ')[0]);
    expect(heads).toEqual(['Agents', 'Libraries', 'Calibration']);
    const kinds = tableValues(html, `scenario-${s.revision}-${s.role}-${s.id}`).map((r) => r[1]);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) => ['agent', 'library', 'calibration'].indexOf(a!) - ['agent', 'library', 'calibration'].indexOf(b!),
      ),
    );
    const cp = page(`${s.revision}/${s.role}/${s.id}/${s.checkpoints[1]!.slug}/index.html`);
    expect(cp).toContain('<tr class="section">');
    // Scenario titles repeat across roles on 2026-07-28 (param-headers): tables that list scenarios say the role.
    const gate = tableValues(page(`${s.revision}/index.html`), `calibration-${s.revision}`);
    expect(gate.every((r) => r[1] === r[0]!.split('/')[0])).toBe(true);
  });

  it('publishes CSV and JSON downloads whose rows equal the HTML table, for every board', () => {
    // The calibration board has a page of its own (long: one row per mutant); the others are on the revision page.
    const boards = d.boards.filter((b) => b.revision === '2025-11-25' && b.rows.length);
    expect(boards.length).toBeGreaterThanOrEqual(3);
    for (const b of boards) {
      const id = idOfBoard(b);
      const fromHtml = tableValues(page(`2025-11-25/${b.kind === 'calibration' ? 'calibration/' : ''}index.html`), id);
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
      expect(fromHtml.length).toBe(b.rows.length + b.others.length);
    }
  });

  it('renders the interval, k, cost and pass^k columns next to the score, and the score-vs-cost chart', () => {
    const html = page('2025-11-25/index.html');
    const board = d.boards.find((b) => b.revision === '2025-11-25' && b.docs === 'none' && b.kind === 'agent')!;
    const block = tableBlock(html, 'board-2025-11-25-none-agent')!;
    const heads = [...block.matchAll(/<th scope="col"[^>]*>(?:<a [^>]*>)?([^<]*)/g)].map((m) => m[1]);
    expect(heads.slice(0, 13)).toEqual([
      'Subject',
      'Harness',
      '#',
      'Overall',
      '95% CI',
      'k',
      'In tok',
      'Out tok',
      'Cost',
      'Time',
      'Tools',
      'pass@1',
      'pass^3',
    ]);
    const rows = tableValues(html, 'board-2025-11-25-none-agent');
    board.rows.forEach((r, i) => {
      const { lo, hi } = r.overall.interval!;
      expect(rows[i]![4]).toBe(`${Math.round(lo * 10_000) / 10_000}-${Math.round(hi * 10_000) / 10_000}`);
    });
    expect(html).toContain('id="chart-score-cost-2025-11-25"');
    expect(html).toMatch(/<title id="chart-score-cost-2025-11-25-title">Score and cost · 2025-11-25<\/title>/);
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
    expect(failing[0]![4]).toBe('yes');
    expect(failing[0]![5]).toMatch(/got status 400 <html> & "junk"$/);
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

  it("keeps an earlier version's boards at /v/<version>/, linked from every page's footer, without links into today's site", () => {
    expect(d.versions.current).toBe('1.1.0');
    expect(d.archives.map((a) => a.version)).toEqual(['1.0.0']);
    const v = page('v/1.0.0/index.html');
    expect(v).toContain('Benchmark v1.0.0');
    expect(v).toContain('when version 1.1.0 replaced this one');
    const archived = d.archives[0]!.boards.filter((b) => b.rows.length > 0);
    expect(archived.length).toBeGreaterThan(0);
    for (const b of archived) {
      const id = `v1-0-0-${idOfBoard(b)}`;
      expect(
        tableValues(v, id).map((r) => r[0]),
        id,
      ).toEqual(b.rows.map((r) => r.subject));
      expect(tableBlock(v, id), id).not.toMatch(/href="\/(subjects|trials)\//);
    }
    expect(JSON.parse(page('v/1.0.0/archive.json'))).toMatchObject({ version: '1.0.0', supersededBy: '1.1.0' });
    expect(page('index.html')).toContain('(earlier: <a href="/v/1.0.0/">v1.0.0</a>)');
  });

  it('publishes the whole data set it was built from', () => {
    expect(page('downloads/dataset.json')).toBe(readFileSync(join(root, 'generated/dataset.json'), 'utf8'));
  });

  it('builds a page per subject, scenario and checkpoint, a matrix per revision and the methodology page', () => {
    for (const s of d.subjects) expect(existsSync(join(out, 'subjects', s.id, 'index.html')), s.id).toBe(true);
    for (const s of d.scenarios)
      for (const c of s.checkpoints)
        expect(existsSync(join(out, s.revision, s.role, s.id, c.slug, 'index.html'))).toBe(true);
    // The matrix is a grid per role (squares linking the deciding exchange); the wide pass-rate table is a download.
    expect(JSON.parse(page('downloads/matrix-2025-11-25.json')).rows.length).toBeGreaterThan(0);
    const grid = page('2025-11-25/matrix/server/index.html');
    const squares = [...grid.matchAll(/<a class="wf-(pass|fail|mixed|contested|na)" href="([^"]+)"/g)];
    expect(squares.length).toBeGreaterThan(0);
    for (const [, , target] of squares) expect(target).toMatch(/^\/trials\/[^/]+\/#[xv]-/);
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
    // The section page a checkpoint's ledger row would be on is built even without a ledger to show; with none (this
    // build has no pinned spec) the checkpoint page links no row rather than a missing anchor.
    const s = d.scenarios[0]!;
    const c = s.checkpoints.find((x) => x.spec)!;
    const section = `methodology/coverage/${s.revision}/${s.role}/${c.spec!.id.split('-')[1]}/`;
    expect(page(`${s.revision}/${s.role}/${s.id}/${c.slug}/index.html`)).not.toContain(`#cov-${s.revision}-${s.role}-`);
    expect(existsSync(join(out, section, 'index.html'))).toBe(true);
  });

  it('states the interval method, minimum k, pass^k and the dated price table on the scoring page', () => {
    const html = page('methodology/scoring/index.html');
    expect(html).toContain('id="uncertainty"');
    expect(html).toContain(`${d.method.bootstrap.resamples} resamples`);
    expect(html).toContain(`fewer than ${d.method.minK} completed trials`);
    expect(html).toContain(`checked ${d.method.prices.asOf}`);
    for (const m of d.method.prices.models) expect(html).toContain(m.model);
  });

  it('puts the three isolation kinds side by side on the isolation page, with the table as a download', () => {
    const html = page('methodology/isolation/index.html');
    expect(tableValues(html, 'isolation-kinds').map((r) => r[0])).toEqual(['docker', 'netns', 'none']);
    expect(parseCsv(readFileSync(join(out, 'downloads', 'isolation-kinds.csv'), 'utf8'))[0]).toEqual([
      'kind',
      'made',
      'hides',
      'limits',
      'cannot_stop',
    ]);
  });

  it('lists every trial on one page of the trials index, each page equal to its download, all pages to the trials download', () => {
    const index = page('trials/index.html');
    const pages = trialListPages(d);
    expect(pages.length).toBeGreaterThan(0);
    const shown: string[][] = [];
    for (const p of pages) {
      const url = `/trials/${p.revision}/${p.role}/${p.page}/`;
      expect(index, url).toContain(`href="${url}"`);
      const rows = tableValues(page(`${url.slice(1)}index.html`), p.id);
      expect(parseCsv(readFileSync(join(out, 'downloads', `${p.id}.csv`), 'utf8')).slice(1), p.id).toEqual(rows);
      shown.push(...rows);
    }
    const all = parseCsv(readFileSync(join(out, 'downloads', 'trials.csv'), 'utf8'));
    expect(all.slice(1)).toEqual(shown);
    expect(shown.map((r) => r[0]).sort()).toEqual(d.trials.map((t) => t.id).sort());
    const t = d.trials[0]!;
    const html = page(`trials/${t.revision}/${t.role}/1/index.html`);
    expect(html).toContain(`href="/subjects/${t.subject.id}/"`);
  });

  it('lists every subject by kind on the subjects index, and links the index from each subject page', () => {
    const rows = tableValues(page('subjects/index.html'), 'subjects');
    expect(rows.map((r) => r[0]).sort()).toEqual(d.subjects.map((s) => s.id).sort());
    expect(parseCsv(readFileSync(join(out, 'downloads', 'subjects.csv'), 'utf8')).slice(1)).toEqual(rows);
    expect(page(`subjects/${d.subjects[0]!.id}/index.html`)).toContain('href="/subjects/">Subjects</a>');
  });

  it('links the data set, its schema, every board and index download, the record schemas and the licences from the Data page, linked in the nav', () => {
    const html = page('data/index.html');
    for (const url of [
      '/downloads/dataset.json',
      '/schema/dataset.json',
      '/schema/trial.json',
      '/downloads/tables.csv',
    ])
      expect(html, url).toContain(`href="${url}"`);
    for (const b of d.boards)
      for (const ext of ['csv', 'json']) expect(html).toContain(`href="/downloads/${idOfBoard(b)}.${ext}"`);
    for (const id of ['subjects', 'trials', 'trials-index']) expect(html).toContain(`href="/downloads/${id}.csv"`);
    expect(html).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
    expect(html).toContain('@software{mcp_from_scratch_');
    for (const p of ['index.html', 'methodology/index.html', '2025-11-25/index.html'])
      expect(page(p), p).toContain('href="/data/"');
    // Every schema the Data page names is one the site publishes.
    for (const m of html.matchAll(/href="\/schema\/([^"]+)"/g))
      expect(existsSync(join(out, 'schema', m[1]!)), m[1]).toBe(true);
  });

  it(`keeps the leaderboard pages within ${PAGE_BUDGET_BYTES / 1024} KB gzip including CSS, fonts and the table script`, () => {
    const lists = trialListPages(d).map((p) => `trials/${p.revision}/${p.role}/${p.page}/index.html`);
    for (const p of [
      'index.html',
      '2025-11-25/index.html',
      '2025-11-25/matrix/server/index.html',
      'trials/index.html',
      ...lists,
      'subjects/index.html',
      'data/index.html',
    ]) {
      const w = pageWeight(out, p);
      expect(w.js, p).toBeGreaterThan(0);
      expect(w.js, p).toBeLessThanOrEqual(3 * 1024);
      expect(
        w.assets.some((a) => a.endsWith('.css')),
        p,
      ).toBe(true);
      expect(w.total, p).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
    }
  });
});

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
      args: [...HEADLESS_ARGS],
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

  it('sorts a board by a column (raw values, empty last, ties stable), keyboard too, and back to board order', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
    try {
      const p = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await p.goto(`${base}/2025-11-25/`);
      const id = 'board-2025-11-25-none-agent';
      const col = (key: string) =>
        p.evaluate(
          ([tid, k]) => {
            const t = document.getElementById(tid!)!.querySelector('table')!;
            const j = [...t.tHead!.rows[t.tHead!.rows.length - 1]!.cells].findIndex((c) => c.dataset.col === k);
            return [...t.tBodies[0]!.rows].map((r) => r.cells[j]!.getAttribute('data-v')!);
          },
          [id, key],
        );
      const board = await col('subject');
      const server = await col('server');
      const button = p.locator(`#${id} th[data-col="server"] button.sort`);
      await button.click();
      expect(await p.locator(`#${id} th[data-col="server"]`).getAttribute('aria-sort')).toBe('descending');
      const numbers = server.filter((v) => v !== '').map(Number);
      const want = board
        .map((subject, i) => ({ subject, v: server[i]!, i }))
        .sort((a, b) => (a.v === '' ? 1 : b.v === '' ? -1 : Number(b.v) - Number(a.v) || a.i - b.i))
        .map((x) => x.subject);
      expect(numbers.length).toBeGreaterThan(1);
      expect(want, 'the server column must order the rows differently from the board').not.toEqual(board);
      expect(await col('subject')).toEqual(want);
      await button.focus();
      await p.keyboard.press('Enter');
      expect(await p.locator(`#${id} th[data-col="server"]`).getAttribute('aria-sort')).toBe('ascending');
      const asc = (await col('server')).filter((v) => v !== '').map(Number);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect((await col('server')).slice(asc.length).every((v) => v === '')).toBe(true);
      await p.keyboard.press('Space');
      expect(await p.locator(`#${id} th[data-col="server"]`).getAttribute('aria-sort')).toBeNull();
      expect(await col('subject')).toEqual(board);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('keeps subject and score in view at 375 px, and hints at columns scrolled away at 1440 px', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
    try {
      const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
      for (const [path, id] of [
        ['/', 'leaders-2025-11-25-none-agent'],
        ['/2025-11-25/', 'board-2025-11-25-none-agent'],
      ] as const) {
        await phone.goto(`${base}${path}`);
        for (const sel of [`#${id} tbody tr:first-child th`, `#${id} tbody tr:first-child td[data-v]:nth-child(3)`]) {
          const box = (await phone.locator(sel).first().boundingBox())!;
          expect(box.x, `${path} ${sel}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${path} ${sel}`).toBeLessThanOrEqual(375);
        }
      }
      const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await desk.goto(`${base}/2025-11-25/`);
      const frame = desk.locator('#board-2025-11-25-none-agent .scroll-frame');
      expect(await frame.getAttribute('class')).toContain('more-right');
      await desk.locator('#board-2025-11-25-none-agent .scroll').evaluate((el) => el.scrollTo({ left: 10_000 }));
      await expect.poll(() => frame.getAttribute('class')).toContain('more-left');
      expect(await frame.getAttribute('class')).not.toContain('more-right');
      // The subject column stays put while the rest scrolls.
      const th = (await desk.locator('#board-2025-11-25-none-agent tbody tr:first-child th').boundingBox())!;
      const region = (await desk.locator('#board-2025-11-25-none-agent .scroll').boundingBox())!;
      expect(Math.abs(th.x - region.x)).toBeLessThanOrEqual(2);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('filters the boards by role, docs and provider with the form the script reveals', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
    try {
      const p = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await p.goto(`${base}/2025-11-25/`);
      const form = p.locator('[data-filters]');
      expect(await form.isVisible()).toBe(true);
      const id = '#board-2025-11-25-none-agent';
      await form.locator('select[name="role"]').selectOption('server');
      expect(await p.locator(`${id} th[data-col^="client"]`).first().isVisible()).toBe(false);
      expect(await p.locator(`${id} th[data-col="server"]`).isVisible()).toBe(true);
      // Library boards are one per role: the role filter shows the server board and hides the client one whole.
      expect(await p.locator('#board-2025-11-25-none-library-server').isVisible()).toBe(true);
      expect(await p.locator('#board-2025-11-25-none-library-client').isVisible()).toBe(false);
      await form.locator('select[name="docs"]').selectOption('full');
      expect(await p.locator(id).isVisible()).toBe(false);
      const provider = d.subjects.find((s) => s.kind === 'agent' && s.provider)!.provider!;
      await form.locator('select[name="provider"]').selectOption(provider);
      const visible = await p
        .locator('#board-2025-11-25-full-agent tbody tr:visible th')
        .evaluateAll((ths) => ths.map((t) => t.getAttribute('data-v')));
      const want = d.boards
        .find((b) => b.revision === '2025-11-25' && b.docs === 'full' && b.kind === 'agent')!
        .rows.filter((r) => d.subjects.find((s) => s.id === r.subject)!.provider === provider)
        .map((r) => r.subject);
      expect(visible).toEqual(want);
      expect(want.length).toBeGreaterThan(0);
      // The synthetic agents share one provider; the library rows (no provider) are the ones the filter hides.
      const lib = p.locator('#board-2025-11-25-none-library-server tbody tr');
      expect(await lib.count()).toBeGreaterThan(0);
      await form.locator('select[name="docs"]').selectOption('');
      expect(await p.locator('#board-2025-11-25-none-library-server').isVisible()).toBe(true);
      expect(await p.locator('#board-2025-11-25-none-library-server tbody tr:visible').count()).toBe(0);
      await form.locator('select[name="provider"]').selectOption('');
      expect(await p.locator('#board-2025-11-25-none-library-server tbody tr:visible').count()).toBe(await lib.count());
    } finally {
      await browser.close();
    }
  }, 60_000);
  it('opens the filters a link names (?role=server), writes a changed filter to the URL, and ignores values not offered', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
    try {
      const p = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      const errors: string[] = [];
      p.on('pageerror', (e: Error) => errors.push(e.message));
      const id = '#board-2025-11-25-none-agent';
      await p.goto(`${base}/2025-11-25/?role=server&docs=nowhere&harness=%3Cb%3E#${id.slice(1)}`);
      const form = p.locator('[data-filters]');
      expect(await form.locator('select[name="role"]').inputValue()).toBe('server');
      expect(await form.locator('select[name="docs"]').inputValue()).toBe('');
      expect(await form.locator('select[name="harness"]').inputValue()).toBe('');
      expect(await p.locator(`${id} th[data-col^="client"]`).first().isVisible()).toBe(false);
      expect(await p.locator('#board-2025-11-25-none-library-client').isVisible()).toBe(false);
      await form.locator('select[name="docs"]').selectOption('full');
      const url = new URL(p.url());
      expect(url.search).toBe('?role=server&docs=full');
      expect(url.hash).toBe(id);
      await p.reload();
      expect(await form.locator('select[name="docs"]').inputValue()).toBe('full');
      expect(await p.locator(id).isVisible()).toBe(false);
      await form.locator('select[name="role"]').selectOption('');
      await form.locator('select[name="docs"]').selectOption('');
      expect(new URL(p.url()).search).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('writes a sort to the URL (?sort=<table>:<column>:<dir>), restores it on reload, and ignores an unknown one', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
    try {
      const p = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      const id = 'board-2025-11-25-none-agent';
      const subjects = () =>
        p.locator(`#${id} tbody tr th`).evaluateAll((ths) => ths.map((t) => t.getAttribute('data-v')));
      await p.goto(`${base}/2025-11-25/?sort=${id}:nothing:desc&sort=no-such-table:server:desc&sort=${id}:server:up`);
      expect(await p.locator(`#${id} th[aria-sort]`).count()).toBe(0);
      const board = await subjects();
      await p.locator(`#${id} th[data-col="server"] button.sort`).click();
      const sorted = await subjects();
      expect(sorted).not.toEqual(board);
      const query = new URL(p.url()).searchParams.getAll('sort');
      expect(query).toEqual([`no-such-table:server:desc`, `${id}:server:desc`]);
      expect(p.url()).toContain(`sort=${id}:server:desc`);
      // Another table's sort is a second entry; pressing a column again replaces the table's own.
      await p.locator('#board-2025-11-25-full-agent th[data-col="overall"] button.sort').click();
      await p.locator(`#${id} th[data-col="server"] button.sort`).click();
      expect(new URL(p.url()).searchParams.getAll('sort').filter((v) => v.startsWith('board-'))).toEqual([
        'board-2025-11-25-full-agent:overall:desc',
        `${id}:server:asc`,
      ]);
      await p.goto(`${base}/2025-11-25/?sort=${id}:server:desc`);
      expect(await p.locator(`#${id} th[data-col="server"]`).getAttribute('aria-sort')).toBe('descending');
      expect(await subjects()).toEqual(sorted);
      await p.reload();
      expect(await subjects()).toEqual(sorted);
      // The restored sort goes on from where it was: ascending, then back to the board order and out of the URL.
      await p.locator(`#${id} th[data-col="server"] button.sort`).click();
      await p.locator(`#${id} th[data-col="server"] button.sort`).click();
      expect(await subjects()).toEqual(board);
      expect(new URL(p.url()).search).toBe('');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
