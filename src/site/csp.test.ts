import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  headerCsp,
  headerPatternMatches,
  headersFile,
  metaCsp,
  parseCsp,
  parseHeadersFile,
  SECURITY_HEADERS,
} from './csp.ts';

describe('security headers (src/site/csp.ts, public/_headers)', () => {
  it('public/_headers is exactly headersFile(): the file static hosts read and the code agree', () => {
    const file = readFileSync(join(process.cwd(), 'public/_headers'), 'utf8');
    expect(file, `public/_headers must read:\n${headersFile()}`).toBe(headersFile());
  });

  it('allows scripts and styles only from the site itself: no inline, no eval, no data:, nothing from elsewhere', () => {
    const csp = parseCsp(headerCsp());
    expect(csp.get('default-src')).toBe("'none'");
    for (const d of ['script-src', 'style-src']) expect(csp.get(d), d).toBe("'self'");
    expect(headerCsp()).not.toMatch(/unsafe-|data:|https?:|\*/);
    for (const d of ['base-uri', 'form-action', 'frame-ancestors']) expect(csp.get(d), d).toBe("'none'");
  });

  it('puts in the meta CSP every directive of the header except the header-only frame-ancestors', () => {
    const header = parseCsp(headerCsp());
    header.delete('frame-ancestors');
    expect(parseCsp(metaCsp())).toEqual(header);
  });

  it('sends nosniff, frame denial and a referrer policy on every path', () => {
    const rules = parseHeadersFile(headersFile());
    expect(rules.map((r) => r.pattern)).toEqual(['/*']);
    expect(Object.fromEntries(rules[0]!.headers)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': headerCsp(),
    });
    expect(rules[0]!.headers).toEqual(SECURITY_HEADERS.map(([k, v]) => [k, v]));
  });

  it('matches _headers path patterns like the hosts: * any run of characters, :name one segment', () => {
    expect(headerPatternMatches('/*', '/')).toBe(true);
    expect(headerPatternMatches('/*', '/trials/x/wire.jsonl')).toBe(true);
    expect(headerPatternMatches('/trials/:id/wire.jsonl', '/trials/abc/wire.jsonl')).toBe(true);
    expect(headerPatternMatches('/trials/:id/wire.jsonl', '/trials/a/b/wire.jsonl')).toBe(false);
    expect(headerPatternMatches('/a.b', '/axb')).toBe(false);
  });
});
