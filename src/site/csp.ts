// The site's security headers, in one place: the Content-Security-Policy (sent as a header through `public/_headers`
// by hosts that read it, Netlify and Cloudflare Pages, and repeated in a <meta> of every page for hosts that do not)
// and the other response headers of `public/_headers`. csp.test.ts keeps `public/_headers` equal to headersFile().
//
// Why these: every page is static and renders text a stranger may commit (PR previews), so nothing inline runs or
// styles: scripts and styles come only from the site's own files ('self', no 'unsafe-inline'), nothing is fetched
// from elsewhere, no plugin, <base> or form can re-point the page, and no other site may frame it.

/**
 * Directives in the order they are written. `default-src 'none'` denies every fetch the site does not name (fonts,
 * connections, frames, plugins, media); the site uses its own scripts (public/replay.js), stylesheets (Astro's
 * bundles) and images (the favicon). base-uri, form-action and frame-ancestors do not fall back to default-src.
 */
export const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

/** Directives a browser ignores (and reports) in a <meta> CSP: they only work as a header. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

const join = (ds: readonly (readonly [string, string])[]) => ds.map(([k, v]) => `${k} ${v}`).join('; ');

/** The policy as the `Content-Security-Policy` response header. */
export const headerCsp = (): string => join(CSP_DIRECTIVES);

/** The policy as a <meta http-equiv> can carry it: the header's directives less the header-only ones. */
export const metaCsp = (): string => join(CSP_DIRECTIVES.filter(([k]) => !HEADER_ONLY.has(k)));

/** Parse a policy into directive → value (lower-case names, single spaces). */
export function parseCsp(policy: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) m.set(name.toLowerCase(), values.join(' '));
  }
  return m;
}

/** `Referrer-Policy`: a preview URL (PR number, branch) is nobody else's business. Also sent as <meta name="referrer">. */
export const REFERRER_POLICY = 'no-referrer';

/** Every header `public/_headers` sends on every path. */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', headerCsp()],
  // With script-src 'self', a same-origin file a stranger controls (wire.jsonl, record.json) must never run as a script
  // or render as HTML: the browser has to believe the Content-Type.
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', REFERRER_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
];

/** The text of `public/_headers` (Netlify / Cloudflare Pages format: a path pattern, then indented `Name: value` lines). */
export function headersFile(): string {
  return [
    '# Security headers for every path (Netlify, Cloudflare Pages), from src/site/csp.ts: change both together;',
    '# csp.test.ts fails while they differ and prints this file as it should be. The same CSP, less frame-ancestors,',
    '# is in a <meta> of every page for hosts that ignore this file.',
    '/*',
    ...SECURITY_HEADERS.map(([k, v]) => `  ${k}: ${v}`),
    '',
  ].join('\n');
}

/** Parse a `_headers` file into rules: path pattern and its headers, in file order (comments and blanks skipped). */
export function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[] {
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const i = line.indexOf(':');
      const rule = rules[rules.length - 1];
      if (rule && i > 0) rule.headers.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/** Whether a `_headers` path pattern (`*` matches any run of characters, `:name` one path segment) matches `path`. */
export function headerPatternMatches(pattern: string, path: string): boolean {
  const re = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((p) => (p === '*' ? '.*' : p.startsWith(':') ? '[^/]+' : p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${re}$`).test(path);
}
