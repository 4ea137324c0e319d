// Reads a built page with a real HTML parser (parse5, the WHATWG algorithm browsers use) and lists everything in it
// that the site itself never writes: an element or attribute outside the site's vocabulary, an event handler, an
// inline style or script, a URL that is not http(s)/site-relative/a fragment, a second CSP. Untrusted text that was
// escaped cannot produce any of them, so a finding is an escaping defect (or new markup to add to the vocabulary).
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';

/** The site's own scripts (public/), the only ones a page may load. */
export const OWN_SCRIPTS: readonly string[] = ['replay.js', 'tables.js', 'trial-search.js', 'waffle.js'];

export interface Finding {
  /** `tag` or `tag@attribute`. */
  where: string;
  why: string;
  /** The offending value (cut to 120 characters). */
  value?: string;
}

const HTML = new Set(
  'html head body meta title link script a header nav ol ul li main h1 h2 h3 h4 h5 h6 p code b strong em section div dl dt dd table thead tbody tr th td details summary span pre figure figcaption label input kbd footer br blockquote q meter select option output'.split(
    ' ',
  ),
);
const SVG = new Set('svg g line text rect title desc circle path a'.split(' '));
const ATTRS = new Set([
  'class',
  'id',
  'href',
  'title',
  'lang',
  'tabindex',
  'role',
  'scope',
  'colspan',
  'open',
  'download',
  'start',
  'viewbox',
  'preserveaspectratio',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'width',
  'height',
  'cx',
  'cy',
  'r',
  'd',
  'text-anchor',
  'data-v',
  'data-step',
  'data-fail',
  'data-sse',
  'data-err',
  'data-first',
  'data-last',
  'data-col',
  'data-group',
  'data-sortable',
  'data-filterable',
  'data-filters',
  'data-docs',
  'data-role',
  'data-status',
  'data-label',
  'data-harness',
  'data-provider',
  'hidden',
]);
/** Attributes the site writes on one kind of element only (an injected `<a name=…>` clobbers `document.x`). */
const ATTRS_OF: Record<string, ReadonlySet<string>> = {
  meta: new Set(['charset', 'name', 'property', 'content', 'http-equiv']),
  link: new Set(['rel', 'type']),
  script: new Set(['src', 'defer']),
  input: new Set(['type', 'autocomplete', 'spellcheck']),
  meter: new Set(['min', 'max', 'low', 'high', 'optimum', 'value']),
  select: new Set(['name']),
  option: new Set(['value', 'selected']),
  label: new Set(['for']),
  // The trial search box, shown by public/trial-search.js.
  div: new Set(['hidden']),
};
const META_NAMES = new Set(['viewport', 'description', 'color-scheme', 'referrer', 'twitter:card']);
/** Open Graph properties the site writes (a shared link's preview). */
const META_PROPERTIES = new Set(['og:site_name', 'og:type', 'og:title', 'og:description']);
/** Attributes that carry a URL a browser follows or fetches. */
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'srcset',
  'background',
  'ping',
  'cite',
]);

/** A link target the site may write: a fragment, a site-relative path (not `//host`, not `/\host`), or http(s). */
export const safeHref = (v: string): boolean => /^(#|\/(?![/\\])|https?:\/\/)/i.test(v.trim());
/** A fetched resource (script, stylesheet, icon): site-relative only. */
const sameOrigin = (v: string): boolean => /^\/(?![/\\])/.test(v.trim());

const cut = (v: string) => (v.length > 120 ? `${v.slice(0, 120)}…` : v);

function attrName(a: T.Element['attrs'][number]): string {
  return (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase();
}

function checkElement(el: T.Element, out: Finding[], base: string): void {
  const tag = el.tagName.toLowerCase();
  const ns = el.namespaceURI.endsWith('/svg') ? 'svg' : el.namespaceURI.endsWith('/xhtml') ? 'html' : 'other';
  const add = (why: string, attr?: string, value?: string) =>
    out.push({ where: attr ? `${tag}@${attr}` : tag, why, ...(value !== undefined ? { value: cut(value) } : {}) });
  if (tag === 'style') add('style element (the CSP allows none)');
  else if (ns === 'other' || !(ns === 'svg' ? SVG : HTML).has(tag))
    add(`element not written by the site (${ns} namespace)`);
  const attrs = new Map(el.attrs.map((a) => [attrName(a), a.value]));
  for (const [name, value] of attrs) {
    if (name.startsWith('on')) add('event handler attribute', name, value);
    else if (name === 'style') add('inline style attribute (the CSP allows none)', name, value);
    else if (!ATTRS.has(name) && !ATTRS_OF[tag]?.has(name) && !name.startsWith('aria-'))
      add(`attribute the site does not write on <${tag}>`, name, value);
    if (URL_ATTRS.has(name) && !safeHref(value))
      add('URL that is not a fragment, site-relative or http(s)', name, value);
    if (/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(value.replace(/[\u0000-\u001f]/g, '')) && URL_ATTRS.has(name))
      add('javascript: URL', name, value);
  }
  if (tag === 'script' && ns === 'html') {
    const src = attrs.get('src');
    if (src === undefined) add('inline script (the CSP allows none)');
    else if (!sameOrigin(src) || !OWN_SCRIPTS.some((f) => src === `${base}${f}`))
      add("script that is not the site's own", 'src', src);
    if (el.childNodes.length > 0) add('script with content');
  }
  if (
    tag === 'link' &&
    (!sameOrigin(attrs.get('href') ?? '') || !['stylesheet', 'icon'].includes(attrs.get('rel') ?? ''))
  )
    add("link that is not the site's stylesheet or icon", 'href', attrs.get('href') ?? '');
  if (tag === 'meta') {
    const equiv = attrs.get('http-equiv');
    const name = attrs.get('name');
    if (equiv !== undefined && equiv.toLowerCase() !== 'content-security-policy')
      add('meta http-equiv other than the CSP', 'http-equiv', equiv);
    if (name !== undefined && !META_NAMES.has(name)) add('meta name not written by the site', 'name', name);
    const property = attrs.get('property');
    if (property !== undefined && !META_PROPERTIES.has(property))
      add('meta property not written by the site', 'property', property);
  }
  if (tag === 'input' && !['checkbox', 'search'].includes(attrs.get('type') ?? ''))
    add('input that is not a filter checkbox or the search box', 'type', attrs.get('type') ?? '');
}

export interface PageReport {
  /** Everything the site never writes itself (see the file comment). */
  findings: Finding[];
  /** Every text node and attribute value, decoded, joined by newlines (to find what a field rendered). */
  text: string;
  /** The content of the CSP meta element, and of the referrer meta element, when present. */
  csp?: string;
  referrer?: string;
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** Parse a page once and report on it. `base` is the site's base path (where replay.js and tables.js live). */
export function inspectPage(html: string, base = '/'): PageReport {
  const findings: Finding[] = [];
  const text: string[] = [];
  const csps: string[] = [];
  let referrer: string | undefined;
  const visit = (node: T.ParentNode) => {
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') text.push((child as T.TextNode).value);
      if (!('tagName' in child)) continue;
      checkElement(child, findings, base);
      for (const a of child.attrs) text.push(a.value);
      if (child.tagName === 'meta' && attr(child, 'http-equiv')?.toLowerCase() === 'content-security-policy')
        csps.push(attr(child, 'content') ?? '');
      if (child.tagName === 'meta' && attr(child, 'name') === 'referrer') referrer = attr(child, 'content');
      visit(child);
      if (child.tagName === 'template') visit((child as T.Template).content);
    }
  };
  visit(parse(html));
  if (csps.length !== 1)
    findings.push({ where: 'meta', why: `expected exactly one CSP meta element, found ${csps.length}` });
  return {
    findings,
    text: text.join('\n'),
    ...(csps[0] !== undefined ? { csp: csps[0] } : {}),
    ...(referrer !== undefined ? { referrer } : {}),
  };
}

/** The findings alone (see inspectPage). */
export const inertFindings = (html: string, base = '/'): Finding[] => inspectPage(html, base).findings;
