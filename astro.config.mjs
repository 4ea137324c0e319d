// @ts-check
import { defineConfig } from 'astro/config';

// Static output only: every page is pre-rendered from the derived data set at build time. Stylesheets are never
// inlined: the CSP (src/site/csp.ts) allows styles only from the site's own files (style-src 'self').
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL ?? 'https://mcp-from-scratch.example',
  base: process.env.SITE_BASE ?? '/',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
});
