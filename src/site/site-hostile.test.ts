// The standing XSS kit: builds the site once from a tree whose every rendered field carries the corpus of
// src/testing/xss-payloads.ts (src/testing/hostile-tree.ts, plus a hostile CONTEXT.md), then checks (a) every built
// page with a real HTML parser: nothing the site does not write itself, no inline style or script, the CSP meta equal
// to public/_headers; (b) every page kind in Chromium, served with the build's _headers from 127.0.0.1: no dialog, no
// console error, no CSP violation, no request off 127.0.0.1, no call of the `__pwned` spy, with the CSP enforced and
// with it bypassed (so escaping alone is tested too). A control page proves each detector fires.
import { FieldTexts } from '../testing/hostile-sidecars.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBuiltSite } from '../testing/built-site.ts';
import { writeHostileTree, type HostileTree } from '../testing/hostile-tree.ts';
import { inspectPage, type PageReport } from '../testing/inert-html.ts';
import { serveStatic, type StaticServer } from '../testing/static-server.ts';
import { CORPUS_TEXT, XSS_HOST, XSS_PAYLOADS } from '../testing/xss-payloads.ts';
import { headerCsp, metaCsp, parseCsp, parseHeadersFile, REFERRER_POLICY } from './csp.ts';
import { CHROMIUM, HEADLESS_ARGS } from '../testing/chromium.ts';
import { trialListPages } from './trial-list.ts';

let tree: HostileTree;
// CONTEXT.md is not rendered by the site (the readings pages come from the scenario files, which the tree fills).
const site = useBuiltSite('mcpfs-hostile', (root) => void (tree = writeHostileTree(root)));
const reports = new Map<string, PageReport>();

beforeAll(() => {
  for (const p of fg.sync('**/*.html', { cwd: site.out }).sort()) reports.set(p, inspectPage(site.page(p)));
});

describe('the XSS corpus', () => {
  it('has at least 40 payloads with unique ids, covering every kind of trick', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(XSS_PAYLOADS.map((p) => p.id)).size).toBe(XSS_PAYLOADS.length);
    expect(new Set(XSS_PAYLOADS.map((p) => p.kind))).toEqual(
      new Set([
        'script',
        'handler',
        'js-url',
        'svg-mathml',
        'breakout',
        'attribute',
        'template',
        'css',
        'data-url',
        'encoding',
        'markdown',
        'structure',
      ]),
    );
  });
});

describe('site built from a tree with the XSS corpus in every rendered field', () => {
  it('renders every hostile field on some page (a field never shown would test nothing)', () => {
    const fields = tree.fields;
    const text = [...reports.values()].map((r) => r.text).join('\n');
    const missing = fields.filter((f) => !text.includes(`xssf:${f} `));
    console.log(
      `xss kit: ${XSS_PAYLOADS.length} payloads in ${fields.length} rendered fields (+ ${tree.unshown.length} only in raw downloads: ${tree.unshown.join(', ')}), ${reports.size} pages parsed`,
    );
    expect(missing).toEqual([]);
    // The fields said not to be shown really are not (else they belong in the checked list above).
    expect(tree.unshown.filter((f) => text.includes(`xssf:${f} `))).toEqual([]);
  });

  it('shows the whole corpus as the same text it was (a verdict message on the trial page, escaped, not mangled)', () => {
    const text = reports.get(`trials/${tree.trials.agent}/index.html`)!.text;
    // HTML parsing drops NUL characters from text, as browsers do.
    // Verdict messages are capped at 2000 characters by the record schema: the payloads that fit are the ones shown.
    expect(text).toContain(new FieldTexts().text('verdict.message', { max: 2000 }).replaceAll('\u0000', ''));
  });

  it('creates no element, attribute, handler, style or URL the site does not write, on any page', () => {
    const bad = [...reports].flatMap(([p, r]) =>
      r.findings.map((f) => `${p}: ${f.where}: ${f.why}${f.value ? ` (${f.value})` : ''}`),
    );
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('carries the CSP of src/site/csp.ts in every page: no unsafe-inline, equal to _headers less frame-ancestors', () => {
    const rules = parseHeadersFile(readFileSync(join(site.out, '_headers'), 'utf8'));
    const all = Object.fromEntries(rules.find((r) => r.pattern === '/*')!.headers);
    expect(all['Content-Security-Policy']).toBe(headerCsp());
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    const header = parseCsp(all['Content-Security-Policy']!);
    header.delete('frame-ancestors');
    for (const [p, r] of reports) {
      expect(r.csp, p).toBe(metaCsp());
      expect(parseCsp(r.csp!), p).toEqual(header);
      expect(r.csp, p).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
      expect(r.referrer, p).toBe(all['Referrer-Policy']);
      expect(r.referrer, p).toBe(REFERRER_POLICY);
    }
  });
});

/** What a page did in the browser, collected per URL. */
interface Seen {
  hits: string[];
  violations: string[];
  dialogs: string[];
  errors: string[];
  offsite: string[];
  dom: string[];
}

/** In-page spy and detectors, installed before any page script (Playwright init scripts run despite the CSP). */
function spy(): void {
  const w = window as unknown as { __pwned: (n: unknown) => void; __hits: string[]; __violations: string[] };
  w.__hits = [];
  w.__violations = [];
  w.__pwned = (n) => void w.__hits.push(String(n));
  document.addEventListener('securitypolicyviolation', (e) =>
    w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
}

/** DOM checks after load: what escaping must have prevented, whatever the CSP blocked. */
function domFindings(): string[] {
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      if (a.name.startsWith('on')) out.push(`${el.tagName} ${a.name}`);
      if (a.name === 'style' || a.name === 'data-xss') out.push(`${el.tagName} ${a.name}`);
    }
  }
  for (const s of Array.from(document.scripts))
    if (!['/replay.js', '/tables.js', '/trial-search.js'].includes(s.getAttribute('src') ?? ''))
      out.push(`script ${s.getAttribute('src') ?? '(inline)'}`);
  for (const tag of [
    'style',
    'iframe',
    'object',
    'embed',
    'img',
    'base',
    'form',
    'math',
    'video',
    'textarea',
    'noscript',
  ])
    if (document.querySelector(tag)) out.push(`<${tag}>`);
  // Every link, HTML or SVG, resolved as the browser would follow it.
  for (const a of Array.from(document.querySelectorAll('a[href]'))) {
    const protocol = new URL(a.getAttribute('href')!, location.href).protocol;
    if (!['http:', 'https:'].includes(protocol)) out.push(`a href ${protocol}`);
  }
  if (document.querySelector('[id^="xss-"]')) out.push('payload element');
  return out;
}

describe.skipIf(!existsSync(CHROMIUM))("every page kind in Chromium, served with the build's _headers", () => {
  let server: StaticServer;
  let browser: Browser;
  // What beforeAll got as far as starting, so afterAll stops exactly that and never masks beforeAll's own error.
  const started: (() => Promise<void>)[] = [];
  const CONTROL = '/__control/';
  beforeAll(async () => {
    const control = `<!doctype html><title>control</title><img src="x" onerror="__pwned('control-handler')"><script>__pwned('control-inline')</script><img src="http://${XSS_HOST}/control.png">`;
    server = await serveStatic(site.out, { [CONTROL]: { type: 'text/html; charset=utf-8', body: control } });
    started.push(() => server.close());
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // A fresh temporary profile (launch's default). No DNS for anything but loopback, whatever a page asks for (the
      // routes below abort off-site requests too).
      args: [...HEADLESS_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--dns-prefetch-disable'],
    });
    started.push(() => browser.close());
  });
  afterAll(async () => {
    for (const stop of started.reverse()) await stop();
  });

  /** Open `urls` in one context; returns what each did. `bypassCSP` tests escaping with no CSP to fall back on. */
  async function visit(urls: string[], bypassCSP: boolean): Promise<Map<string, Seen>> {
    const ctx: BrowserContext = await browser.newContext({ bypassCSP, acceptDownloads: false });
    const seen = new Map<string, Seen>();
    let cur: Seen = { hits: [], violations: [], dialogs: [], errors: [], offsite: [], dom: [] };
    await ctx.addInitScript(spy);
    await ctx.route('**/*', (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === '127.0.0.1' && u.port === new URL(server.base).port) return route.continue();
      cur.offsite.push(u.href);
      return route.abort('blockedbyclient');
    });
    const page: Page = await ctx.newPage();
    page.on(
      'request',
      (r) => !r.url().startsWith(server.base) && !cur.offsite.includes(r.url()) && cur.offsite.push(r.url()),
    );
    page.on('dialog', (d) => {
      cur.dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('console', (m) => m.type() === 'error' && cur.errors.push(m.text()));
    page.on('pageerror', (e) => cur.errors.push(e.message));
    try {
      for (const url of urls) {
        cur = { hits: [], violations: [], dialogs: [], errors: [], offsite: [], dom: [] };
        seen.set(url, cur);
        const res = await page
          .goto(server.base + url, { waitUntil: 'load' })
          .catch((e: Error) => (/Download is starting/.test(e.message) ? null : Promise.reject(e)));
        if (res === null) continue; // the browser downloads it (CSV): nothing is rendered
        expect(res.status(), url).toBe(200);
        // replay.js sends a link to an exchange of a later page there; read the page it lands on.
        if (/#x-\d+$/.test(url)) await page.waitForURL(/\/exchanges\/\d+\/#x-\d+$/);
        if (/^\/trials\/[^/]+\/$/.test(url)) for (const key of ['j', 'j', 'o', 'k']) await page.keyboard.press(key); // replay.js on hostile steps
        const r = await page.evaluate(() => ({
          hits: (window as unknown as { __hits: string[] }).__hits,
          violations: (window as unknown as { __violations: string[] }).__violations,
          html: document.contentType === 'text/html',
        }));
        cur.hits.push(...r.hits);
        cur.violations.push(...r.violations);
        if (r.html) cur.dom.push(...(await page.evaluate(domFindings)));
      }
    } finally {
      await ctx.close();
    }
    return seen;
  }

  /** A bounded set of pages of every kind (every hostile trial, the second exchange page, a compare page). */
  function pageUrls(): string[] {
    const d = site.dataset();
    const s = d.scenarios.find((x) => x.revision === '2025-11-25' && x.role === 'server')!;
    const c = d.scenarios.find((x) => x.revision === '2026-07-28' && x.role === 'client')!;
    const t = tree.trials;
    const compare = readdirSync(join(site.out, 'compare', t.long))[0]!;
    const table = readdirSync(join(site.out, 'downloads')).find((f) => f.endsWith('.csv'))!;
    return [
      '/',
      '/2025-11-25/',
      // A shared link's query is the visitor's to craft: public/tables.js must only match it, never write it out.
      `/2025-11-25/?role=${encodeURIComponent('<img src=x onerror=__pwned("role")>')}&sort=${encodeURIComponent(`x:"><svg onload=__pwned("sort")>:desc`)}`,
      '/2026-07-28/',
      '/2025-11-25/matrix/',
      `/${s.revision}/${s.role}/${s.id}/`,
      `/${c.revision}/${c.role}/${c.id}/`,
      `/${s.revision}/${s.role}/${s.id}/${s.checkpoints[1]!.slug}/`,
      `/subjects/${tree.subjects.agent}/`,
      `/subjects/${tree.subjects.library}/`,
      '/subjects/calibration/oracle/',
      `/trials/${t.agent}/`,
      `/trials/${t.agent}/#t-2`,
      `/trials/${t.long}/`,
      `/trials/${t.long}/exchanges/2/`,
      `/trials/${t.long}/#x-52`,
      `/trials/${t.infra}/`,
      `/trials/${t.contaminated}/`,
      `/compare/${t.long}/${compare}/`,
      '/subjects/',
      '/trials/',
      ...trialListPages(d).map((p) => `/trials/${p.revision}/${p.role}/${p.page}/`),
      '/data/',
      '/methodology/',
      '/methodology/readings/2025-11-25/server/',
      '/methodology/libraries/2025-11-25/',
      `/downloads/${table}`,
      `/downloads/${table.replace(/csv$/, 'json')}`,
      '/downloads/dataset.json',
      `/trials/${t.agent}/record.json`,
      `/trials/${t.agent}/wire.jsonl`,
      `/trials/${t.agent}/transcript.jsonl`,
      `/trials/${t.agent}/trial.har`,
    ];
  }

  it('catches a real injection: the control page calls the spy, asks off-site, and violates the CSP', async () => {
    const open = (await visit([CONTROL], true)).get(CONTROL)!;
    expect(open.hits.sort()).toEqual(['control-handler', 'control-inline']);
    expect(open.offsite).toContain(`http://${XSS_HOST}/control.png`);
    const enforced = (await visit([CONTROL], false)).get(CONTROL)!;
    expect(enforced.hits).toEqual([]);
    expect(enforced.violations.length).toBeGreaterThan(0);
    expect(enforced.errors.length).toBeGreaterThan(0);
  }, 120_000);

  for (const bypassCSP of [false, true]) {
    it(`runs nothing, asks nothing off 127.0.0.1 and logs no error on any page kind (${bypassCSP ? 'CSP bypassed: escaping alone' : 'CSP enforced'})`, async () => {
      const urls = pageUrls();
      const seen = await visit(urls, bypassCSP);
      const total = (k: keyof Seen) => [...seen.values()].reduce((n, s) => n + s[k].length, 0);
      console.log(
        `xss kit (${bypassCSP ? 'CSP bypassed' : 'CSP enforced'}): ${seen.size} pages, scripts executed ${total('hits')}, dialogs ${total('dialogs')}, requests off 127.0.0.1 ${total('offsite')}, console errors ${total('errors')}, CSP violations ${total('violations')}`,
      );
      const bad = [...seen].flatMap(([url, s]) =>
        (Object.entries(s) as [keyof Seen, string[]][])
          .filter(([, v]) => v.length)
          .map(([k, v]) => `${url} ${k}: ${v.slice(0, 3).join(' | ').slice(0, 300)}`),
      );
      expect(bad).toEqual([]);
      expect(server.requests.filter((r) => /replay\.js$/.test(r)).length).toBeGreaterThan(0);
    }, 240_000);
  }
});
