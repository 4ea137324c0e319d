// npm run site-deploy -- --dir <folder> (--prod | --alias <name>) [--message <text>] : publish a built site on Netlify
// (CONTEXT.md, "Site"): production (the deploy workflow, main's build) or an alias (`pr-12` →
// https://pr-12--<site>.netlify.app). Needs NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID. The folder is checked first
// (regular files and folders, no host configuration the build never writes) and its `_headers` written from
// src/site/csp.ts; problems path-first, exit 1, nothing published. Prints the published URL.
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { netlifyConfig, netlifyDeploy, type DeployTarget } from './deploy/netlify.ts';
import { prepareSiteFolder } from './deploy/site-folder.ts';

const USAGE = 'npm run site-deploy -- --dir <folder> (--prod | --alias <name>) [--message <text>]';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    { dir: { type: 'string' }, prod: { type: 'boolean' }, alias: { type: 'string' }, message: { type: 'string' } },
    USAGE,
  );
  if (a.dir === undefined) throw new RunnerInputError('--dir: required', USAGE);
  if (a.prod === (a.alias !== undefined)) throw new RunnerInputError('--prod or --alias: exactly one', USAGE);
  // Netlify's rule for an alias: the start of a host name, at most 37 characters.
  if (a.alias !== undefined && !/^[a-z0-9](?:[a-z0-9-]{0,35}[a-z0-9])?$/.test(a.alias))
    throw new RunnerInputError(
      `--alias "${a.alias}": not a host-name label of at most 37 characters`,
      'e.g. --alias pr-12',
    );
  // An alias named like the production branch is published as production (Netlify's CLI documentation).
  if (a.alias === 'main') throw new RunnerInputError('--alias "main": the production branch\'s name', 'use --prod');
  const target: DeployTarget = a.prod ? { prod: true } : { alias: a.alias! };
  const config = netlifyConfig(process.env);
  if (!config)
    throw new RunnerInputError(
      'NETLIFY_AUTH_TOKEN, NETLIFY_SITE_ID: not set',
      'a personal access token of the Netlify account, and the site id (docs/commands.md, "Publishing the site")',
    );
  const problems = prepareSiteFolder(a.dir);
  for (const p of problems) console.error(`${a.dir}/${p}`);
  if (problems.length) return 1;
  const commit = process.env.GITHUB_SHA?.slice(0, 12);
  const message = a.message ?? (commit ? `commit ${commit}` : 'npm run site-deploy');
  console.log(`published: ${await netlifyDeploy(a.dir, config, target, message)}/`);
  return 0;
}

runCli('site-deploy', main);
