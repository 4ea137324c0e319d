import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deployedUrl, NETLIFY_CLI, netlifyConfig, netlifyDeploy, netlifyDeployArgs, previewAlias } from './netlify.ts';

const JSON_OUT = (o: Record<string, string>) => `${JSON.stringify(o, null, 2)}\n`;

describe('netlify deploys', () => {
  it('pin the CLI at an exact version', () => {
    expect(NETLIFY_CLI).toMatch(/^netlify-cli@\d+\.\d+\.\d+$/);
  });

  it('are configured by both the token and the site id, or by neither (then nothing is published)', () => {
    expect(netlifyConfig({})).toBeUndefined();
    expect(netlifyConfig({ NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' })).toBeUndefined();
    expect(netlifyConfig({ NETLIFY_AUTH_TOKEN: 't', NETLIFY_SITE_ID: 's' })).toEqual({ token: 't', siteId: 's' });
    expect(() => netlifyConfig({ NETLIFY_SITE_ID: 's' })).toThrow(
      'NETLIFY_AUTH_TOKEN: not set, but NETLIFY_SITE_ID is',
    );
    expect(() => netlifyConfig({ NETLIFY_AUTH_TOKEN: 't' })).toThrow(
      'NETLIFY_SITE_ID: not set, but NETLIFY_AUTH_TOKEN is',
    );
  });

  it('upload the folder without building, to production or to the pull request’s alias, never with the token in argv', () => {
    const prod = netlifyDeployArgs('/tmp/site', 'site-1', { prod: true }, 'main at abc');
    expect(prod).toEqual([
      '--yes',
      NETLIFY_CLI,
      'deploy',
      '--no-build',
      '--json',
      '--dir=/tmp/site',
      '--site=site-1',
      '--message=main at abc',
      '--prod',
    ]);
    const pr = netlifyDeployArgs('/tmp/site', 'site-1', { alias: previewAlias(12) }, 'm');
    expect(pr.at(-1)).toBe('--alias=pr-12');
    expect(pr).not.toContain('--prod');
  });

  it('read the production URL or the alias URL from the CLI’s JSON, after any log lines', () => {
    const out = JSON_OUT({
      site_id: 's',
      deploy_url: 'https://pr-12--mcpfs.netlify.app',
      url: 'https://mcpfs.netlify.app/',
    });
    expect(deployedUrl(out, { alias: 'pr-12' })).toBe('https://pr-12--mcpfs.netlify.app');
    expect(deployedUrl(`Deploying…\nDone\n${out}`, { prod: true })).toBe('https://mcpfs.netlify.app');
  });

  it('refuse an answer without an https URL', () => {
    expect(() => deployedUrl('Error: unauthorized\n', { prod: true })).toThrow(
      'netlify deploy --json: output is not JSON: "Error: unauthorized\\n"',
    );
    expect(() => deployedUrl(JSON_OUT({ deploy_url: 'javascript:alert(1)' }), { alias: 'pr-1' })).toThrow(
      'netlify deploy --json: "deploy_url" is not an https URL: "javascript:alert(1)"',
    );
    expect(() => deployedUrl(JSON_OUT({ deploy_url: 'https://x.example' }), { prod: true })).toThrow('"url"');
  });

  it('run the CLI in an empty folder of its own, with the Netlify token and without the GitHub ones', async () => {
    const seen: { args: string[]; cwd: string; env: NodeJS.ProcessEnv; existed: boolean }[] = [];
    const url = await netlifyDeploy('dist', { token: 'secret-t', siteId: 'site-1' }, { alias: 'pr-3' }, 'PR #3', {
      env: { PATH: '/usr/bin', GH_TOKEN: 'gh-t', GITHUB_TOKEN: 'gh-t2' },
      run: (args, cwd, env) => {
        seen.push({ args, cwd, env, existed: existsSync(cwd) });
        return Promise.resolve(JSON_OUT({ deploy_url: 'https://pr-3--mcpfs.netlify.app' }));
      },
    });
    expect(url).toBe('https://pr-3--mcpfs.netlify.app');
    const [call] = seen;
    expect(call!.existed).toBe(true);
    expect(existsSync(call!.cwd)).toBe(false);
    expect(call!.env).toEqual({ PATH: '/usr/bin', NETLIFY_AUTH_TOKEN: 'secret-t' });
    expect(call!.args.join(' ')).not.toContain('secret-t');
  });
});
