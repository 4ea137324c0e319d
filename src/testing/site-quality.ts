// The checks every built site must pass, registered as tests over one build: no broken link (link-check.ts) and no
// accessibility violation (axe.ts) on one page of every route (page-kinds.ts), in light, dark (prefers-color-scheme)
// and at 375 px. The browser part is skipped where /usr/bin/chromium is missing (CI installs it: .ci/needs-chromium).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { checkSiteLinks, formatLinkProblems } from './link-check.ts';
import { htmlFiles, pageKinds, pagesDir, type PageKind } from './page-kinds.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const MODES = [
  { name: 'light', width: 1280, height: 900, colorScheme: 'light' },
  { name: 'dark', width: 1280, height: 900, colorScheme: 'dark' },
  { name: '375px', width: 375, height: 812, colorScheme: 'light' },
] as const;
/** Pages above this size are left out when choosing a route's sample (axe's run time grows with the DOM). */
const MAX_SAMPLE_BYTES = 600_000;

/** The largest page of a route within the size cap: the one with the most of the route's parts on it. */
function sample(out: string, k: PageKind): string | undefined {
  const sized = k.pages
    .map((p) => ({ p, size: statSync(join(out, p)).size }))
    .filter((x) => x.size <= MAX_SAMPLE_BYTES);
  return sized.sort((a, b) => b.size - a.size || a.p.localeCompare(b.p))[0]?.p;
}

/**
 * Register the link and accessibility tests for the site in `out()` (built by a beforeAll registered before this
 * call). `routes`: routes that must have a page in this build (a fixture made to have them); `pages`: pages checked
 * besides each route's sample (parts only some pages of a route have, e.g. a trial's Verification section);
 * `axeOnlyListed`: axe checks only those routes and pages (a fixture whose other routes the committed records' site
 * already checks: axe is the slowest check of the suite, ~1 s a page a mode). Links are checked on every page.
 */
export function describeSiteQuality(
  name: string,
  out: () => string,
  opts: { routes?: string[]; pages?: { route: string; page: string }[]; axeOnlyListed?: boolean } = {},
): void {
  describe(`${name}: links`, () => {
    it('has no broken internal link, no missing anchor and no external link outside the allowed hosts', () => {
      const r = checkSiteLinks(out());
      expect(r.pages).toBeGreaterThan(10);
      expect(r.links).toBeGreaterThan(r.pages * 10);
      expect(r.problems, formatLinkProblems(r.problems)).toEqual([]);
    });
  });

  describe.skipIf(!existsSync(CHROMIUM))(`${name}: accessibility (axe-core, WCAG 2.1 A/AA)`, () => {
    let server: StaticServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await serveStatic(out());
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
    });
    afterAll(async () => {
      await browser.close();
      await server.close();
    });

    it(`has no violation on a page of ${opts.axeOnlyListed ? 'each listed' : 'every'} route, in light, dark and at 375 px`, async () => {
      const kinds = pageKinds(pagesDir(), htmlFiles(out())).filter(
        (k) => !opts.axeOnlyListed || (opts.routes ?? []).includes(k.route),
      );
      const pages = [
        ...kinds.flatMap((k) => {
          const p = sample(out(), k);
          return p ? [{ route: k.route, page: p }] : [];
        }),
        ...(opts.pages ?? []),
      ];
      for (const r of opts.routes ?? [])
        expect(
          pages.map((p) => p.route),
          `route ${r} has no page in this build`,
        ).toContain(r);
      const found: string[] = [];
      for (const mode of MODES) {
        const ctx = await browser.newContext({
          viewport: { width: mode.width, height: mode.height },
          colorScheme: mode.colorScheme,
        });
        const tab = await ctx.newPage();
        for (const { route, page } of pages) {
          const url = `${server.base}/${page.replace(/index\.html$/, '')}`;
          expect((await tab.goto(url))?.status(), url).toBe(200);
          found.push(...(await axeViolations(tab, `${mode.name}  ${page} (${route})`)));
        }
        await ctx.close();
      }
      expect(found, found.slice(0, 80).join('\n')).toEqual([]);
    }, 600_000);
  });
}
