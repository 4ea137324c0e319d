// Crawls a built site (its output folder) the way a visitor would click through it, without fetching anything: every
// internal href/src/srcset/xlink:href of every HTML page must name a file of the build (folders answer with their
// index.html, under the Astro base), every #fragment must be an id (or <a name>) of the target page, and every
// external link must go to an allowed host. Pages are read with parse5, the WHATWG parser browsers use.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';

/**
 * Hosts pages may link to. github.com carries the repository and the pinned spec; the rest are the standards the
 * pinned spec text itself cites (its sentences are quoted verbatim, links included).
 */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set([
  'github.com',
  'modelcontextprotocol.io',
  'datatracker.ietf.org',
  'www.rfc-editor.org',
  'www.w3.org',
  'html.spec.whatwg.org',
  'www.jsonrpc.org',
  // The price table's sources (src/bench/cost/prices.ts).
  'platform.claude.com',
  // The records' licence, linked from the Data page.
  'creativecommons.org',
]);

export interface LinkProblem {
  /** The page holding the link, relative to the output folder (`trials/x/index.html`). */
  page: string;
  /** Element and attribute, e.g. `a@href`. */
  where: string;
  url: string;
  why: string;
}

export interface LinkReport {
  pages: number;
  /** Links checked (internal and external). */
  links: number;
  problems: LinkProblem[];
}

/** Attributes whose value is one URL a browser follows or fetches. */
const URL_ATTRS = new Set(['href', 'src', 'poster', 'action', 'formaction', 'cite', 'data']);

interface PageFacts {
  ids: Set<string>;
  links: { where: string; url: string }[];
}

function walk(node: T.ParentNode, facts: PageFacts): void {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    const el = child;
    for (const a of el.attrs) {
      const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
      if (name === 'id') facts.ids.add(a.value);
      else if (name === 'name' && el.tagName === 'a') facts.ids.add(a.value);
      else if (URL_ATTRS.has(name) || name === 'xlink:href')
        facts.links.push({ where: `${el.tagName}@${name}`, url: a.value });
      else if (name === 'srcset' || name === 'imagesrcset')
        for (const c of a.value.split(',')) {
          const u = c.trim().split(/\s+/)[0];
          if (u) facts.links.push({ where: `${el.tagName}@${name}`, url: u });
        }
    }
    walk(el.tagName === 'template' ? (el as T.Template).content : el, facts);
  }
}

function pageFacts(html: string): PageFacts {
  const facts: PageFacts = { ids: new Set(), links: [] };
  walk(parse(html), facts);
  return facts;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split(sep).join('/'))
    .sort();
}

const ORIGIN = 'http://site.invalid';

/** The URL a page is served at: `a/b/index.html` → `<base>a/b/`. */
const pageUrl = (base: string, file: string): string =>
  `${ORIGIN}${base}${file === 'index.html' ? '' : file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file}`;

/**
 * Every problem with the links of the site built in `outDir`, served under `base` (Astro's `base`, with its slashes),
 * external links allowed to `hosts` only (never fetched).
 */
export function checkSiteLinks(outDir: string, opts: { base?: string; hosts?: ReadonlySet<string> } = {}): LinkReport {
  const base = `/${(opts.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const hosts = opts.hosts ?? EXTERNAL_HOSTS;
  const all = files(outDir);
  const present = new Set(all);
  const folders = new Set(
    all.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, p) => p.slice(0, i + 1).join('/')),
    ),
  );
  const html = all.filter((f) => f.endsWith('.html'));
  const facts = new Map(html.map((f) => [f, pageFacts(readFileSync(join(outDir, f), 'utf8'))]));
  const problems: LinkProblem[] = [];
  let links = 0;
  for (const [page, { links: refs }] of facts) {
    const from = pageUrl(base, page);
    for (const { where, url } of refs) {
      links++;
      const bad = (why: string) => problems.push({ page, where, url, why });
      if (/^(mailto|tel):/i.test(url)) continue;
      let u: URL;
      try {
        u = new URL(url, from);
      } catch {
        bad('not a URL');
        continue;
      }
      if (u.origin !== ORIGIN) {
        if (u.protocol !== 'https:' && u.protocol !== 'http:') bad(`${u.protocol} link`);
        else if (!hosts.has(u.hostname))
          bad(`external host ${u.hostname} is not allowed (link-check.ts EXTERNAL_HOSTS)`);
        continue;
      }
      if (!u.pathname.startsWith(base)) {
        bad(`outside the site base ${base}`);
        continue;
      }
      let path: string;
      try {
        path = decodeURIComponent(u.pathname.slice(base.length));
      } catch {
        bad('malformed percent-encoding');
        continue;
      }
      const target = path === '' || path.endsWith('/') ? `${path}index.html` : path;
      if (!present.has(target)) {
        bad(folders.has(path) ? 'a folder without its trailing slash' : `no file ${target} in the build`);
        continue;
      }
      const frag = u.hash.slice(1);
      if (!frag || !target.endsWith('.html')) continue;
      let id: string;
      try {
        id = decodeURIComponent(frag);
      } catch {
        id = frag;
      }
      if (!facts.get(target)!.ids.has(id)) bad(`no id "${id}" in ${target}`);
    }
  }
  return { pages: html.length, links, problems };
}

/** Problems as lines for a failing test: `page  where  url: why`, the first `max` of them and a count of the rest. */
export function formatLinkProblems(problems: readonly LinkProblem[], max = 60): string {
  const lines = problems.slice(0, max).map((p) => `${p.page}  ${p.where}  ${p.url}: ${p.why}`);
  if (problems.length > max) lines.push(`… and ${problems.length - max} more`);
  return lines.join('\n');
}
