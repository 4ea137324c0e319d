import { describe, expect, it } from 'vitest';
import { HOSTILE, HOSTILE_TEXT } from '../../bench/replay/fixtures.ts';
import { HIGHLIGHT_LIMIT, highlightJson } from './highlight.ts';

/** Every tag in shiki's output must be one of its own; nothing else may look like markup. */
function foreignMarkup(html: string): string[] {
  const tags = html.match(/<[^>]*>/g) ?? [];
  return tags.filter((t) => !/^<\/?(pre|code|span)(\s+(class|tabindex)="[^"<>]*")*\s*>$/.test(t));
}

describe('highlightJson', () => {
  it('turns hostile strings inside JSON into inert escaped text', async () => {
    const code = JSON.stringify(
      { a: HOSTILE_TEXT, [HOSTILE.script]: [HOSTILE.pre, HOSTILE.handler, HOSTILE.js] },
      null,
      2,
    );
    const html = (await highlightJson(code))!;
    expect(foreignMarkup(html)).toEqual([]);
    expect(html).not.toMatch(/<script|<img|<h1|<\/details/i);
    expect(html).toContain('&#x3C;script>');
    // Text content, once tags are stripped and entities decoded, is the JSON again: nothing was lost or added.
    const text = html
      .replace(/<[^>]*>/g, '')
      .replace(/&#x3C;/g, '<')
      .replace(/&#x26;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(text.trim()).toBe(code);
  });

  it('writes no style attribute at all (the CSP allows no inline style), not even on the <pre>', async () => {
    const html = (await highlightJson(JSON.stringify({ a: 1, b: 'x', c: [true, null, { d: -1.5e3 }] }, null, 2)))!;
    expect(html).toMatch(/^<pre class="shiki shiki-themes github-light github-dark" tabindex="0">/);
    expect(html).not.toContain('style=');
  });

  it('rewrites known token colour pairs to short classes and keeps every token', async () => {
    const html = (await highlightJson('{"a": "b", "n": 1, "t": true, "z": null}'))!;
    expect(html).toMatch(/<span class="sk1">/);
    expect(html).toMatch(/<span class="sk2">/);
    expect(html.match(/<span class="sk\d">/g)!.length).toBe(html.match(/<span(?! class="line")/g)!.length);
  });

  it('leaves text over the limit unhighlighted', async () => {
    expect(await highlightJson('"' + 'x'.repeat(HIGHLIGHT_LIMIT) + '"')).toBeUndefined();
  });

  it('does not fall over on text that is not JSON', async () => {
    const html = (await highlightJson(`${HOSTILE.script} {`))!;
    expect(foreignMarkup(html)).toEqual([]);
  });
});
