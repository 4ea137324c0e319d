import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../bench/report/markdown.ts';
import { inertFindings, inspectPage } from './inert-html.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/** A page shaped like the site's (one CSP meta, the replay script) around `body`. */
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><title>t</title><link rel="stylesheet" href="/_astro/a.css"></head><body><main>${body}</main><script src="/replay.js" defer></script></body></html>`;

describe('inert-html: what a built page may contain', () => {
  it("accepts the site's own markup", () => {
    expect(
      inertFindings(
        page(
          '<table><tr><th scope="row" data-v="x">x</th></tr></table><svg viewBox="0 0 1 1"><a href="#t-1"><rect class="turn" x="1" y="1" width="2" height="7"><title>t</title></rect></a></svg><a href="https://github.com/x">x</a><input type="checkbox" id="f-fail">',
        ),
      ),
    ).toEqual([]);
  });

  it('flags every markup payload of the corpus pasted raw into the page, and none once escaped', () => {
    const missed = XSS_PAYLOADS.filter((p) => p.markup && inertFindings(page(`<p>${p.text}</p>`)).length === 0).map(
      (p) => p.id,
    );
    expect(missed).toEqual([]);
    const text = XSS_PAYLOADS.filter((p) => !p.markup && inertFindings(page(`<p>${p.text}</p>`)).length > 0).map(
      (p) => p.id,
    );
    expect(text, 'payloads marked markup: false that do create markup raw').toEqual([]);
    for (const p of XSS_PAYLOADS) {
      expect(
        inertFindings(page(`<p title="${escapeHtml(p.text)}">${escapeHtml(p.text)}</p>`)),
        `payload ${p.id}`,
      ).toEqual([]);
    }
  });

  it('accepts the Open Graph tags the site writes in the head, and flags any other meta property', () => {
    const head = (meta: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'">${meta}<title>t</title></head><body><main>x</main></body></html>`;
    const own =
      '<meta property="og:title" content="t"><meta property="og:description" content="d"><meta name="twitter:card" content="summary">';
    expect(inertFindings(head(own))).toEqual([]);
    expect(
      inertFindings(head('<meta property="og:url" content="https://evil.invalid/">')).map(
        (f) => `${f.where}: ${f.why}`,
      ),
    ).toEqual(['meta@property: meta property not written by the site']);
  });

  it('flags inline styles, style elements, inline scripts, foreign scripts and off-site link targets the site might write itself', () => {
    const why = (body: string) => inertFindings(page(body)).map((f) => `${f.where}: ${f.why}`);
    expect(why('<pre style="--x:1">x</pre>')).toEqual(['pre@style: inline style attribute (the CSP allows none)']);
    expect(why('<style>p{}</style>')).toEqual(['style: style element (the CSP allows none)']);
    expect(why('<script>1</script>')).toEqual([
      'script: inline script (the CSP allows none)',
      'script: script with content',
    ]);
    expect(why('<script src="/other.js"></script>')).toEqual(["script@src: script that is not the site's own"]);
    expect(why('<a href="//evil.invalid/">x</a>')).toEqual([
      'a@href: URL that is not a fragment, site-relative or http(s)',
    ]);
  });

  it('counts CSP meta elements and reads the page text with entities decoded', () => {
    expect(inertFindings('<html><head></head><body></body></html>').map((f) => f.why)).toEqual([
      'expected exactly one CSP meta element, found 0',
    ]);
    const r = inspectPage(page('<p title="a &amp; b">&lt;script&gt;</p>'));
    expect(r.text).toContain('a & b');
    expect(r.text).toContain('<script>');
    expect(r.csp).toBe("default-src 'none'");
  });
});
