import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSiteLinks } from './link-check.ts';
import { freshDir } from './site-build.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  dir = freshDir('mcpfs-link-check');
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), body);
  }
  return dir;
}
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
const whys = (out: string, base?: string) =>
  checkSiteLinks(out, { base }).problems.map((p) => `${p.page} ${p.url}: ${p.why}`);

describe('link crawler', () => {
  it('accepts links to pages, folders with their index.html, files, anchors and allowed hosts', () => {
    const out = tree({
      'index.html': page(
        '<a href="/a/">a</a><a href="a/#x">x</a><a href="/f.css">f</a><a href="#top">t</a><span id="top"></span>' +
          '<img src="/f.css" srcset="/f.css 1x, /a/ 2x"><svg><a xlink:href="/a/#x"><text>s</text></a></svg>' +
          '<a href="https://github.com/o/r">r</a><a href="mailto:x@y">m</a>',
      ),
      'a/index.html': page('<h2 id="x">x</h2><a href="../">up</a><a href="/#top">top</a>'),
      'f.css': 'body{}',
    });
    expect(whys(out)).toEqual([]);
  });

  it('reports missing files, missing anchors, folders without a slash, other hosts and links outside the base', () => {
    const out = tree({
      'index.html': page(
        '<a href="/specification/2025-11-25/basic/lifecycle#x">spec</a><a href="#nowhere">n</a>' +
          '<a href="/a">a</a><a href="/a/#gone">g</a><svg><a xlink:href="/b.svg">b</a></svg>' +
          '<img srcset="/ok.css 1x, /big.png 2x"><a href="https://example.com/">e</a><a href="javascript:x()">j</a>',
      ),
      'a/index.html': page('<a name="named">n</a><a href="#named">ok</a>'),
      'ok.css': '',
    });
    expect(whys(out)).toEqual([
      'index.html /specification/2025-11-25/basic/lifecycle#x: no file specification/2025-11-25/basic/lifecycle in the build',
      'index.html #nowhere: no id "nowhere" in index.html',
      'index.html /a: a folder without its trailing slash',
      'index.html /a/#gone: no id "gone" in a/index.html',
      'index.html /b.svg: no file b.svg in the build',
      'index.html /big.png: no file big.png in the build',
      'index.html https://example.com/: external host example.com is not allowed (link-check.ts EXTERNAL_HOSTS)',
      'index.html javascript:x(): javascript: link',
    ]);
  });

  it('resolves links under the Astro base and refuses links that leave it', () => {
    const out = tree({
      'index.html': page('<a href="/mcpfs/a/">a</a><a href="/a/">outside</a><a href="a/#x">rel</a>'),
      'a/index.html': page('<p id="x">x</p>'),
    });
    expect(whys(out, '/mcpfs/')).toEqual(['index.html /a/: outside the site base /mcpfs/']);
  });
});
