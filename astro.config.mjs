// @ts-check
import { defineConfig } from 'astro/config';

// Static output only: every page is pre-rendered from the derived data set at build time.
export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL ?? 'https://mcp-from-scratch.example',
  base: process.env.SITE_BASE ?? '/',
  trailingSlash: 'always',
  build: { format: 'directory' },
});
