// The replay page of the 2,000-exchange fixture trial (src/testing/replay-fixture-tree.ts) built, served on loopback
// and opened in Debian's Chromium through Playwright: first render is the browser's own first-contentful-paint (the
// Paint Timing API), taken from a fresh page each round with the cache disabled, so every round pays for the HTML,
// CSS and fonts. Also the HTML's bytes, raw and gzip -9 (what a static host sends).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXTURE_IDS, writeReplayFixtureFiles } from '../replay-fixture-tree.ts';
import { astroBuild, deriveRoot, freshDir } from '../site-build.ts';
import { serveStatic } from '../static-server.ts';
import { CHROMIUM, HEADLESS_ARGS } from '../chromium.ts';

/** First render of the big replay page. */
export interface ReplayRender {
  /** First contentful paint, ms from navigation start: the median of the rounds. */
  fcpMs: number;
  /** DOMContentLoaded, ms from navigation start (median). */
  domContentLoadedMs: number;
  /** The HTML document's bytes, raw and gzip -9. */
  htmlBytes: number;
  htmlGzipBytes: number;
  rounds: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Build the fixture site (one astro build), then time `rounds` first renders of the big trial's page. */
export async function measureReplayRender(rounds = 5, cwd = process.cwd()): Promise<ReplayRender> {
  const root = freshDir('mcpfs-bench-replay');
  const server = { close: async () => {} };
  try {
    const made = writeReplayFixtureFiles(root);
    deriveRoot(root, { judges: made.judges });
    const out = join(root, 'dist');
    await astroBuild(root, out, cwd);
    const html = readFileSync(join(out, `trials/${FIXTURE_IDS.huge}/index.html`));
    const served = await serveStatic(out);
    server.close = () => served.close();
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...HEADLESS_ARGS],
    });
    try {
      const fcp: number[] = [];
      const dcl: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await tab.goto(`${served.base}/trials/${FIXTURE_IDS.huge}/`, { waitUntil: 'load' });
        // The paint entry is queued after the frame is presented, which can be after `load`: wait for it (5 s cap).
        const t = await tab.evaluate(
          () =>
            new Promise<{ fcp: number; dcl: number }>((resolve) => {
              const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
              const done = (fcp: number) => resolve({ fcp, dcl: nav.domContentLoadedEventEnd });
              new PerformanceObserver((list, obs) => {
                const paint = list.getEntriesByName('first-contentful-paint')[0];
                if (!paint) return;
                obs.disconnect();
                done(paint.startTime);
              }).observe({ type: 'paint', buffered: true });
              setTimeout(() => done(Number.NaN), 5000);
            }),
        );
        await context.close();
        // A round without a paint entry is left out (said in `rounds`), not guessed; none at all is an error.
        if (!Number.isFinite(t.fcp)) continue;
        fcp.push(t.fcp);
        dcl.push(t.dcl);
      }
      if (fcp.length === 0)
        throw new Error(`replay render: Chromium reported no first-contentful-paint in ${rounds} rounds`);
      return {
        fcpMs: median(fcp),
        domContentLoadedMs: median(dcl),
        htmlBytes: html.length,
        htmlGzipBytes: gzipSync(html, { level: 9 }).length,
        rounds: fcp.length,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
