// A built site as the host will publish it. A pull request's preview is built by the pull request's own code, so the
// folder that reaches the deploy step is a stranger's bytes: it may hold anything the build (or an edited workflow)
// wrote. The host serves content, but it also reads a few files as its own configuration; those decide what the CSP
// is and whether a path is proxied to another origin or answered by code. So before any deploy: regular files and
// folders only, none of the host-configuration files this site never writes, and `_headers` written from
// src/site/csp.ts (the CSP of the code doing the deploy, never the one in the folder).
import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { headersFile } from '../../src/site/csp.ts';

/**
 * Top-level names a host reads as configuration and this site's build never writes: Netlify's `_redirects` (a rule can
 * proxy any path to another origin, under our host name) and `netlify.toml`; Cloudflare Pages' `_worker.js` and
 * `_routes.json` (code run on the host). `_headers` is not here: it is replaced, not refused.
 */
export const HOST_CONFIG_FILES: readonly string[] = ['_redirects', 'netlify.toml', '_worker.js', '_routes.json'];

/** At most this many problems are listed: a hostile folder can hold thousands of links. */
const MAX_PROBLEMS = 20;

/**
 * What stops `dir` from being published, path-first (paths relative to `dir`); empty when it can be. A folder that is
 * missing, a link or not a folder is one problem.
 */
export function siteFolderProblems(dir: string): string[] {
  let top;
  try {
    top = lstatSync(dir);
  } catch {
    return [`${dir}: no such folder (the built site)`];
  }
  if (!top.isDirectory()) return [`${dir}: not a folder (a link, or a file)`];
  const problems: string[] = [];
  let extra = 0;
  const add = (p: string) => (problems.length < MAX_PROBLEMS ? problems.push(p) : extra++);
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true })
    .map((e) => ({ e, rel: relative(dir, join(e.parentPath, e.name)) }))
    .sort((a, b) => (a.rel < b.rel ? -1 : 1));
  for (const { e, rel } of entries) {
    // Dirents describe the entry itself (lstat), so a link is reported as a link and never followed.
    if (e.isSymbolicLink()) add(`${rel}: a symbolic link (a site folder holds regular files and folders only)`);
    else if (!e.isFile() && !e.isDirectory()) add(`${rel}: not a regular file or folder`);
    else if (e.parentPath === dir && HOST_CONFIG_FILES.includes(e.name))
      add(`${rel}: host configuration this site's build never writes (refused: it could re-route or run code)`);
  }
  if (!readdirSync(dir).includes('index.html')) add('index.html: missing (not a built site)');
  if (extra > 0) problems.push(`… and ${extra} more`);
  return problems;
}

/**
 * Make `dir` ready to publish: refuse it (the problems, nothing written) or write its `_headers` from src/site/csp.ts
 * and return no problem. For main's own build that rewrites the same bytes (csp.test.ts keeps `public/_headers` equal
 * to headersFile()); for a preview it drops whatever headers the pull request's build wrote.
 */
export function prepareSiteFolder(dir: string): string[] {
  const problems = siteFolderProblems(dir);
  if (problems.length === 0) writeFileSync(join(dir, '_headers'), headersFile());
  return problems;
}
