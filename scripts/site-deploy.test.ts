// npm run site-deploy as the deploy workflow runs it, with `npx` a fake on PATH standing in for the Netlify CLI.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headersFile } from '../src/site/csp.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A built site in `<d>/dist`, and a fake npx in `<d>/bin` that records its arguments and answers as netlify does. */
function setup(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-site-deploy-'));
  dirs.push(d);
  mkdirSync(join(d, 'dist'));
  writeFileSync(join(d, 'dist/index.html'), '<!doctype html>');
  mkdirSync(join(d, 'bin'));
  writeFileSync(
    join(d, 'bin/npx'),
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(d, 'npx-args')}"\necho '{"deploy_url":"https://abc--mcpfs.netlify.app","url":"https://mcpfs.netlify.app"}'\n`,
  );
  chmodSync(join(d, 'bin/npx'), 0o755);
  return d;
}

function siteDeploy(d: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync('npm', ['run', '-s', 'site-deploy', '--', ...args], {
    env: {
      ...process.env,
      PATH: `${join(d, 'bin')}:${process.env.PATH ?? ''}`,
      NETLIFY_AUTH_TOKEN: 'nf-token',
      NETLIFY_SITE_ID: 'site-9',
      GITHUB_SHA: 'f00d'.padEnd(40, '0'),
      NO_COLOR: '1',
      ...env,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run site-deploy', () => {
  it('publishes a built folder to production with the headers of src/site/csp.ts and prints its URL', () => {
    const d = setup();
    const out = siteDeploy(d, ['--dir', join(d, 'dist'), '--prod']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('published: https://mcpfs.netlify.app/\n');
    expect(readFileSync(join(d, 'dist/_headers'), 'utf8')).toBe(headersFile());
    const args = readFileSync(join(d, 'npx-args'), 'utf8').trim().split('\n');
    expect(args.slice(2)).toEqual([
      'deploy',
      '--no-build',
      '--json',
      `--dir=${join(d, 'dist')}`,
      '--site=site-9',
      '--message=commit f00d00000000',
      '--prod',
    ]);
  });

  it('refuses a folder with host configuration, path-first, and publishes nothing', () => {
    const d = setup();
    writeFileSync(join(d, 'dist/_redirects'), '/* https://elsewhere.example 200\n');
    const out = siteDeploy(d, ['--dir', join(d, 'dist'), '--alias', 'pr-3']);
    expect(out.status).toBe(1);
    expect(out.stderr).toBe(
      `${join(d, 'dist')}/_redirects: host configuration this site's build never writes (refused: it could re-route or run code)\n`,
    );
    expect(() => readFileSync(join(d, 'npx-args'))).toThrow();
  });

  it('says what is missing: the token and site, a target, a valid alias', () => {
    const d = setup();
    const dir = join(d, 'dist');
    const none = siteDeploy(d, ['--dir', dir, '--prod'], { NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' });
    expect([none.status, none.stderr.split('\n')[0]]).toEqual([
      2,
      'site-deploy: NETLIFY_AUTH_TOKEN, NETLIFY_SITE_ID: not set',
    ]);
    const both = siteDeploy(d, ['--dir', dir, '--prod', '--alias', 'pr-1']);
    expect([both.status, both.stderr.split('\n')[0]]).toEqual([2, 'site-deploy: --prod or --alias: exactly one']);
    const bad = siteDeploy(d, ['--dir', dir, '--alias', 'main']);
    expect([bad.status, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'site-deploy: --alias "main": the production branch\'s name',
    ]);
  });
});
