// npm run pr-preview as the preview-deploy workflow runs it: a workflow_run event file, the downloaded artifacts, the
// runner's environment, GitHub's API on a loopback fake, and `npx` a fake on PATH standing in for the Netlify CLI
// (it records its arguments and environment and answers as `netlify deploy --json` does).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGitHub, type FakeGitHub } from '../src/testing/fake-github.ts';
import { NETLIFY_CLI } from './deploy/netlify.ts';

const REPO = 'owner/project';
const HEAD = 'ab12'.padEnd(40, '0');

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-pr-preview-'));
  cleanup.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** The event file, the artifacts of PR 5's preview run (a site and an empty report), and a fake npx. */
function runnerFiles() {
  const d = tmp();
  writeFileSync(
    join(d, 'event.json'),
    JSON.stringify({
      action: 'completed',
      workflow_run: {
        id: 77,
        event: 'pull_request',
        html_url: `https://github.com/${REPO}/actions/runs/77`,
        head_sha: HEAD,
        head_repository: { full_name: 'fork/project' },
      },
    }),
  );
  mkdirSync(join(d, 'artifacts/site-preview-5'), { recursive: true });
  writeFileSync(join(d, 'artifacts/site-preview-5/index.html'), '<!doctype html>');
  mkdirSync(join(d, 'bin'));
  writeFileSync(
    join(d, 'bin/npx'),
    [
      '#!/bin/sh',
      `printf '%s\\n' "$@" > "${join(d, 'npx-args')}"`,
      `printf '%s %s' "$NETLIFY_AUTH_TOKEN" "\${GH_TOKEN:-none}" > "${join(d, 'npx-env')}"`,
      `pwd > "${join(d, 'npx-cwd')}"`,
      `printf '{\\n  "deploy_url": "https://pr-5--mcpfs.netlify.app"\\n}\\n'`,
    ].join('\n'),
  );
  chmodSync(join(d, 'bin/npx'), 0o755);
  return d;
}

/** `npm run -s pr-preview` with the runner's variables (async: the fake API answers from this process). */
function prPreview(d: string, s: FakeGitHub, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(
      'npm',
      ['run', '-s', 'pr-preview', '--', '--event', join(d, 'event.json'), '--artifacts', join(d, 'artifacts')],
      {
        env: {
          ...process.env,
          PATH: `${join(d, 'bin')}:${process.env.PATH ?? ''}`,
          GH_TOKEN: 'gh-token',
          GITHUB_REPOSITORY: REPO,
          GITHUB_RUN_ID: '78',
          GITHUB_API_URL: s.api,
          GITHUB_SERVER_URL: 'https://github.com',
          NETLIFY_AUTH_TOKEN: '',
          NETLIFY_SITE_ID: '',
          NO_COLOR: '1',
          ...env,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (x: string) => (stdout += x));
    child.stderr.setEncoding('utf8').on('data', (x: string) => (stderr += x));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

async function github() {
  const s = await fakeGitHub(REPO, 'gh-token');
  cleanup.push(() => s.close());
  s.pulls.set(5, { number: 5, state: 'open', head: { sha: HEAD, repo: { full_name: 'fork/project' } } });
  return s;
}

describe('npm run pr-preview', () => {
  it('deploys PR 5 under pr-5 through the pinned Netlify CLI and comments its URL', async () => {
    const d = runnerFiles();
    const s = await github();
    const out = await prPreview(d, s, { NETLIFY_AUTH_TOKEN: 'nf-token', NETLIFY_SITE_ID: 'site-9' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('preview of #5: deployed at https://pr-5--mcpfs.netlify.app\nreport comment created\n');
    expect(readFileSync(join(d, 'npx-args'), 'utf8').trim().split('\n')).toEqual([
      '--yes',
      NETLIFY_CLI,
      'deploy',
      '--no-build',
      '--json',
      `--dir=${join(d, 'artifacts/site-preview-5')}`,
      '--site=site-9',
      `--message=PR #5 at ${HEAD.slice(0, 12)} (preview run 77)`,
      '--alias=pr-5',
    ]);
    // The CLI gets Netlify's token and not GitHub's, and runs outside the checkout and the artifacts.
    expect(readFileSync(join(d, 'npx-env'), 'utf8')).toBe('nf-token none');
    expect(readFileSync(join(d, 'npx-cwd'), 'utf8')).toMatch(/\/mcpfs-netlify-[^/]+\n$/);
    const body = s.comments[0]!.body;
    expect(body).toContain('- **report**: none: the preview run wrote no report (see the run)\n');
    expect(body).toContain(
      `- **preview**: https://pr-5--mcpfs.netlify.app/ (this pull request's head \`${HEAD.slice(0, 12)}\``,
    );
  });

  it('without Netlify set up, comments where the artifact is and runs no CLI', async () => {
    const d = runnerFiles();
    const s = await github();
    const out = await prPreview(d, s, {});
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('preview of #5: not-configured\nreport comment created\n');
    expect(s.comments[0]!.body).toContain('the built site is the artifact `site-preview-5` of [the preview run]');
    expect(() => readFileSync(join(d, 'npx-args'))).toThrow();
  });

  it('refuses half a Netlify set-up, path-first, before any call', async () => {
    const d = runnerFiles();
    const s = await github();
    const out = await prPreview(d, s, { NETLIFY_SITE_ID: 'site-9' });
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      'pr-preview: NETLIFY_AUTH_TOKEN: not set, but NETLIFY_SITE_ID is\n  hint: set both: the repository secret NETLIFY_AUTH_TOKEN and the repository variable NETLIFY_SITE_ID (docs/commands.md, "Publishing the site")\n',
    );
    expect(s.calls).toEqual([]);
  });
});
