import { describe, expect, it } from 'vitest';
import { blockMd, escapeHtml, inlineMd, section, plainMd } from './markdown.ts';

describe('markdown (the one escaping place)', () => {
  it('escapes HTML in untrusted text before adding markup', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;',
    );
    expect(inlineMd('Servers **MUST** <b>not</b> send `<x>`')).toBe(
      'Servers <strong>MUST</strong> &lt;b&gt;not&lt;/b&gt; send <code>&lt;x&gt;</code>',
    );
  });

  it("renders the spec's _term_ emphasis, and leaves snake_case and code alone", () => {
    expect(inlineMd('close the _connection_ (without the _SSE stream_)')).toBe(
      'close the <em>connection</em> (without the <em>SSE stream</em>)',
    );
    expect(inlineMd('a snake_case_name and `_x_`')).toBe('a snake_case_name and <code>_x_</code>');
  });

  it('strips inline markdown to plain text for attributes', () => {
    expect(plainMd('The server **MUST** close the _connection_ with `202` ([see](https://x.org))')).toBe(
      'The server MUST close the connection with 202 (see)',
    );
  });

  it('keeps only http(s) and site-relative links', () => {
    expect(inlineMd('[a](https://x.org/p) [b](javascript:alert(1))')).toBe(
      '<a href="https://x.org/p">a</a> [b](javascript:alert(1))',
    );
  });

  it('keeps a protocol-relative or backslash target as text: browsers read both as another host', () => {
    expect(inlineMd('[a](//evil.invalid/x)')).toBe('[a](//evil.invalid/x)');
    expect(inlineMd('[a](/\\evil.invalid/x)')).toBe('[a](/\\evil.invalid/x)');
    expect(inlineMd('[a](/methodology/#scoring) [b](#v-x)')).toBe(
      '<a href="/methodology/#scoring">a</a> <a href="#v-x">b</a>',
    );
  });

  it('never rewrites a link target with emphasis or code markup, and keeps emphasis in its label', () => {
    expect(inlineMd('[x](https://ok.invalid/**a**)')).toBe('<a href="https://ok.invalid/**a**">x</a>');
    expect(inlineMd('[x](https://ok.invalid/`b`)')).toBe('[x](https://ok.invalid/<code>b</code>)');
    expect(inlineMd('[**bold** `c`](https://ok.invalid/) and **[y](#y)**')).toBe(
      '<a href="https://ok.invalid/"><strong>bold</strong> <code>c</code></a> and <strong><a href="#y">y</a></strong>',
    );
  });

  it('cannot be handed a forged placeholder (NUL digits NUL)', () => {
    expect(inlineMd('a \u00000\u0000 b `c`')).toBe('a 0 b <code>c</code>');
  });

  it('renders lists, headings, fenced code and paragraphs', () => {
    const html = blockMd('# T\n\n- one\n- two `c`\n\n```\n<a>\n```\npara\ntext', 1);
    expect(html).toBe(
      '<h2>T</h2>\n<ul><li>one</li><li>two <code>c</code></li></ul>\n<pre><code>&lt;a&gt;</code></pre>\n<p>para text</p>',
    );
  });

  it('extracts a ## section by title up to the next ## heading', () => {
    const md = '# C\n## Decisions\nx\n## Deviations from the spec\n- d1\n### sub\ny\n## Other\nz';
    expect(section(md, /deviation/i)).toBe('- d1\n### sub\ny');
    expect(section(md, /missing/i)).toBeUndefined();
  });
});
