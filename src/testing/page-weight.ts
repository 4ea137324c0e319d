// Transfer weight of one built page: its HTML plus every stylesheet, script and font it references (gzip -9), as a
// browser loading it cold would fetch them. Used by the site build test (budget) and `npm run bench`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Transfer budget of a leaderboard page (gzip HTML + CSS + fonts + JS): 30 KB. */
export const PAGE_BUDGET_BYTES = 30 * 1024;

/** Size of one methodology page's HTML, uncompressed (what a phone parses and lays out): 150 KB. */
export const METHODOLOGY_PAGE_BYTES = 150 * 1024;

export interface PageWeight {
  /** The HTML itself, uncompressed bytes. */
  htmlBytes: number;
  html: number;
  css: number;
  js: number;
  fonts: number;
  total: number;
  /** Referenced local assets (site-absolute paths). */
  assets: string[];
}

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

export function pageWeight(outDir: string, pagePath: string, base = '/'): PageWeight {
  const html = readFileSync(join(outDir, pagePath), 'utf8');
  const refs = [...html.matchAll(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((u) => u.startsWith(base) && /\.(css|js|mjs|woff2?|ttf|otf)$/.test(u));
  const w: PageWeight = {
    htmlBytes: Buffer.byteLength(html),
    html: gz(html),
    css: 0,
    js: 0,
    fonts: 0,
    total: 0,
    assets: [],
  };
  for (const u of new Set(refs)) {
    const f = join(outDir, u.slice(base.length));
    if (!existsSync(f)) continue;
    const buf = readFileSync(f);
    w.assets.push(u);
    if (u.endsWith('.css')) {
      w.css += gz(buf);
      // Fonts are fetched through the stylesheet's url(...) references.
      for (const m of buf.toString('utf8').matchAll(/url\(["']?([^"')]+\.(?:woff2?|ttf|otf))["']?\)/g)) {
        const ff = join(outDir, m[1]!.replace(/^\//, ''));
        if (existsSync(ff)) ((w.fonts += readFileSync(ff).length), w.assets.push(m[1]!));
      }
    } else if (/\.m?js$/.test(u)) w.js += gz(buf);
    else w.fonts += buf.length;
  }
  w.total = w.html + w.css + w.js + w.fonts;
  return w;
}
