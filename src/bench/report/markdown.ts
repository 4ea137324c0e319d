// The one place that turns untrusted or authored text into HTML, for the site (Astro's set:html) and the prober's HTML
// report (replay-html.ts) alike. Everything is HTML-escaped first; then a small inline subset (`code`, **strong**,
// *em*, [text](https://…)) and, for blocks, headings, lists, paragraphs and fenced code. Links are kept only for
// http(s), fragment and site-relative targets.

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/**
 * A link target markdown may produce: http(s), a fragment, or a site-relative path; not `//host` or `/\host`, which
 * browsers read as another host.
 */
const LINK_TARGET = /^(https?:\/\/|\/(?![/\\])|#)/;

/** Inline emphasis, as HTML and as the plain text it stands for (`plainMd`). */
const EMPHASIS: readonly { re: RegExp; html: string; plain: string }[] = [
  { re: /\*\*([^*]+)\*\*/g, html: '<strong>$1</strong>', plain: '$1' },
  { re: /(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, html: '$1<em>$2</em>', plain: '$1$2' },
  // `_term_` is emphasis too (the spec writes `_connection_`); `snake_case` is not: it needs a non-word before.
  { re: /(^|[^\w])_([^_\s][^_]*)_(?!\w)/g, html: '$1<em>$2</em>', plain: '$1$2' },
];

/** Inline markdown → HTML (escaped). */
export function inlineMd(text: string): string {
  // Finished fragments (code spans, links) wait behind NUL-delimited placeholders, so later rules never rewrite them
  // (no emphasis inside a URL). NUL has no business in text and is dropped first: input cannot forge a placeholder.
  const held: string[] = [];
  const hold = (html: string) => `\u0000${held.push(html) - 1}\u0000`;
  const emphasis = (t: string) => EMPHASIS.reduce((x, e) => x.replace(e.re, e.html), t);
  let s = escapeHtml(text.replaceAll('\u0000', '')).replace(/`([^`]+)`/g, (_m, c: string) => hold(`<code>${c}</code>`));
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, label: string, url: string) =>
    LINK_TARGET.test(url) && !url.includes('\u0000') ? hold(`<a href="${url}">${emphasis(label)}</a>`) : m,
  );
  const restore = (t: string): string => t.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => restore(held[Number(i)]!));
  return restore(emphasis(s));
}

/** Inline markdown → plain text, for attributes that show no markup (titles, meta descriptions): markers dropped. */
export function plainMd(text: string): string {
  const unmarked = text.replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1').replace(/`([^`]+)`/g, '$1');
  return EMPHASIS.reduce((x, e) => x.replace(e.re, e.plain), unmarked);
}

/** Block markdown → HTML: `#` headings (shifted by `headingOffset`), `-`/`*`/`1.` lists, fenced code, paragraphs. */
export function blockMd(text: string, headingOffset = 2): string {
  const out: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (para.length) (out.push(`<p>${inlineMd(para.join(' '))}</p>`), (para = []));
    if (list)
      (out.push(`<${list.tag}>${list.items.map((i) => `<li>${inlineMd(i)}</li>`).join('')}</${list.tag}>`),
        (list = null));
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```/.exec(line);
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    const li = /^\s*(?:([-*])|(\d+)\.)\s+(.*)$/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^```/.test(lines[i]!)) code.push(lines[i]!);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (h) {
      flush();
      const n = Math.min(6, h[1]!.length + headingOffset);
      out.push(`<h${n}>${inlineMd(h[2]!)}</h${n}>`);
    } else if (li) {
      const tag = li[1] ? 'ul' : 'ol';
      if (para.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(li[3]!);
    } else if (line.trim() === '') flush();
    else if (list && /^\s+\S/.test(line)) list.items[list.items.length - 1] += ` ${line.trim()}`;
    else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

/**
 * The body of the first `## …` section whose title matches `title` (case-insensitive), up to the next `## ` heading;
 * `undefined` when there is none.
 */
export function section(markdown: string, title: RegExp): string | undefined {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => /^##\s/.test(l) && title.test(l.replace(/^##\s+/, '')));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && /^##\s/.test(l));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}
