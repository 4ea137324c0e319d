// Publishing a built site on Netlify (CONTEXT.md, "Site": why Netlify): production, or a pull request's preview under
// its own alias. The CLI comes from npm at an exact version through npx, at deploy time only: it is large, and no
// test or build needs it. It runs in an empty temp folder with --no-build, so it finds no netlify.toml, no functions
// and no build command: it uploads the folder it is given, and nothing else runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { RunnerInputError } from '../../src/harness/errors.ts';
import { McpfsError } from '../../src/bench/errors.ts';

/** The Netlify CLI, exact: a new release changes what a deploy does only when this line changes. */
export const NETLIFY_CLI = 'netlify-cli@27.10.2';

/** Where a deploy goes: the site's production URL, or an alias (`pr-12` → `https://pr-12--<site>.netlify.app`). */
export type DeployTarget = { prod: true } | { alias: string };

/** The token (a secret) and the site id (a repository variable), from the environment. */
export interface NetlifyConfig {
  token: string;
  siteId: string;
}

/** The alias of a pull request's preview: one per pull request, so each push replaces the last. */
export const previewAlias = (pr: number): string => `pr-${pr}`;

/**
 * The deploy configuration in `env`: both values, or `undefined` when neither is set (deploys not set up: the caller
 * says so and publishes nothing). One without the other is an input error naming the missing one.
 */
export function netlifyConfig(env: NodeJS.ProcessEnv): NetlifyConfig | undefined {
  const token = env.NETLIFY_AUTH_TOKEN ?? '';
  const siteId = env.NETLIFY_SITE_ID ?? '';
  if (token === '' && siteId === '') return undefined;
  if (token === '') throw new RunnerInputError('NETLIFY_AUTH_TOKEN: not set, but NETLIFY_SITE_ID is', SETUP_HINT);
  if (siteId === '') throw new RunnerInputError('NETLIFY_SITE_ID: not set, but NETLIFY_AUTH_TOKEN is', SETUP_HINT);
  return { token, siteId };
}

const SETUP_HINT =
  'set both: the repository secret NETLIFY_AUTH_TOKEN and the repository variable NETLIFY_SITE_ID (docs/commands.md, "Publishing the site")';

/** npx's arguments for one deploy. The token is not among them: it goes by environment, never on a command line. */
export function netlifyDeployArgs(dir: string, siteId: string, target: DeployTarget, message: string): string[] {
  return [
    '--yes',
    NETLIFY_CLI,
    'deploy',
    '--no-build',
    '--json',
    `--dir=${resolve(dir)}`,
    `--site=${siteId}`,
    `--message=${message}`,
    ...('prod' in target ? ['--prod'] : [`--alias=${target.alias}`]),
  ];
}

/** A deploy that did not happen or whose answer made no sense. */
export class DeployError extends McpfsError {}

/**
 * The published URL from `netlify deploy --json`'s output: `url` for production (the site's own address), else
 * `deploy_url` (the alias's address). The JSON is the output's last object: older releases printed log lines first.
 */
export function deployedUrl(stdout: string, target: DeployTarget): string {
  const start = stdout.trimStart().startsWith('{') ? stdout.indexOf('{') : stdout.lastIndexOf('\n{') + 1;
  let out: unknown;
  try {
    out = JSON.parse(stdout.slice(start));
  } catch {
    throw new DeployError(`netlify deploy --json: output is not JSON: ${JSON.stringify(stdout.slice(0, 200))}`);
  }
  const key = 'prod' in target ? 'url' : 'deploy_url';
  const v = typeof out === 'object' && out !== null ? (out as Record<string, unknown>)[key] : undefined;
  if (typeof v !== 'string' || !URL.canParse(v) || new URL(v).protocol !== 'https:')
    throw new DeployError(`netlify deploy --json: "${key}" is not an https URL: ${JSON.stringify(v)}`);
  return new URL(v).href.replace(/\/+$/, '');
}

/** Runs npx with `args` in `cwd` and `env`; resolves with its stdout when it exits 0 (its stderr goes to ours). */
export type NpxRunner = (args: string[], cwd: string, env: NodeJS.ProcessEnv) => Promise<string>;

const runNpx: NpxRunner = (args, cwd, env) =>
  new Promise((done, fail) => {
    const child = spawn('npx', args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done(out) : fail(new DeployError(`npx ${NETLIFY_CLI} deploy: exit ${code ?? 'by signal'}`)),
    );
  });

/**
 * Deploy `dir` (already prepared: site-folder.ts) and return its URL. The CLI's environment is ours less the GitHub
 * tokens: a third-party tool gets the one credential it needs.
 */
export async function netlifyDeploy(
  dir: string,
  config: NetlifyConfig,
  target: DeployTarget,
  message: string,
  { run = runNpx, env: parent = process.env }: { run?: NpxRunner; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const { GH_TOKEN: _gh, GITHUB_TOKEN: _github, ...env } = parent;
  const cwd = mkdtempSync(resolve(tmpdir(), 'mcpfs-netlify-'));
  try {
    const stdout = await run(netlifyDeployArgs(dir, config.siteId, target, message), cwd, {
      ...env,
      NETLIFY_AUTH_TOKEN: config.token,
    });
    return deployedUrl(stdout, target);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
