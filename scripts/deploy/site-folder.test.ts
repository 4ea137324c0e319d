import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headersFile } from '../../src/site/csp.ts';
import { prepareSiteFolder, siteFolderProblems } from './site-folder.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A temp folder shaped like a built site: index.html, a trial page, the build's own `_headers`. */
function site(extra: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpfs-site-'));
  dirs.push(root);
  const files = { 'index.html': '<!doctype html>', 'trials/t1/index.html': '<p>t1</p>', _headers: '/*\n', ...extra };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

describe('a site folder before a deploy', () => {
  it('is accepted and gets the _headers of src/site/csp.ts in place of the one it had', () => {
    const dir = site({ _headers: '/*\n  Content-Security-Policy: default-src *\n' });
    expect(prepareSiteFolder(dir)).toEqual([]);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe(headersFile());
  });

  it('is refused, path-first and untouched, when it holds host configuration the build never writes', () => {
    const dir = site({ _redirects: '/* https://elsewhere.example/:splat 200\n', '_worker.js': 'export default {}' });
    expect(prepareSiteFolder(dir)).toEqual([
      "_redirects: host configuration this site's build never writes (refused: it could re-route or run code)",
      "_worker.js: host configuration this site's build never writes (refused: it could re-route or run code)",
    ]);
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toBe('/*\n');
  });

  it('refuses a symbolic link anywhere in it, without following it', () => {
    const dir = site();
    symlinkSync('/etc/passwd', join(dir, 'trials/t1/record.json'));
    expect(siteFolderProblems(dir)).toEqual([
      'trials/t1/record.json: a symbolic link (a site folder holds regular files and folders only)',
    ]);
  });

  it('names a folder that is missing or is not a built site', () => {
    const dir = site();
    rmSync(join(dir, 'index.html'));
    expect(siteFolderProblems(dir)).toEqual(['index.html: missing (not a built site)']);
    expect(siteFolderProblems(join(dir, 'nope'))).toEqual([`${join(dir, 'nope')}: no such folder (the built site)`]);
  });

  it('lists at most twenty problems and counts the rest', () => {
    const dir = site();
    for (let i = 0; i < 25; i++) symlinkSync('/etc/passwd', join(dir, `l${String(i).padStart(2, '0')}`));
    const problems = siteFolderProblems(dir);
    expect(problems).toHaveLength(21);
    expect(problems[20]).toBe('… and 5 more');
  });
});
