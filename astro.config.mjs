// @ts-check
import { defineConfig } from 'astro/config';
import { keptOutput } from './src/harness/io/kept-output.ts';

// Static output only: every page is pre-rendered from the derived data set at build time. Stylesheets are never
// inlined: the CSP (src/site/csp.ts) allows styles only from the site's own files (style-src 'self').
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL ?? 'https://mcp-from-scratch.example',
  base: process.env.SITE_BASE ?? '/',
  trailingSlash: 'always',
  // Eight pages in flight: a page's file write overlaps the next page's render. At 1, a third of the build was the
  // main thread idle, waiting on writes (1,000-trial tree: 29 s → 21 s; see docs/performance.md).
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 8 },
  // Incremental builds: a page whose getStaticPaths cacheKey and module code are unchanged is copied from the last
  // build instead of rendered (the per-trial pages; src/site/page-keys.ts says what their keys cover). The cache lives
  // in the project, not in node_modules/.astro: project copies (tests, the bench) share node_modules by symlink, and
  // two builds writing one cache at once could restore each other's pages. `astro build --force` ignores it.
  cacheDir: './.cache/astro',
  experimental: { incrementalBuild: true },
  // The output folder is kept between builds, so a reused page is left in place rather than deleted and copied back;
  // src/harness/io/kept-output.ts empties it when it cannot be trusted and deletes what no page of the build wrote.
  vite: { build: { emptyOutDir: false } },
  integrations: [keptOutput()],
});
