// npm run pr-preview -- --event <file> --artifacts <folder> : the trusted side of a pull request's preview
// (.github/workflows/preview-deploy.yml, on `workflow_run` of "preview"). Reads the preview run's artifacts (the
// site and the report model, downloaded into <folder>), checks them against the pull request, deploys the site under
// the alias pr-<n> when NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID are set, and writes the report comment with the
// preview's URL, or with why there is none. Runs main's code only; the artifacts are data (scripts/deploy/preview.ts).
// Environment: GH_TOKEN, GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_API_URL and GITHUB_SERVER_URL (a runner sets all
// but GH_TOKEN). Exit 1 when the deploy failed (after the comment says so), 2 on bad input, else 0.
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { REPO_RE } from './deploy/github.ts';
import { netlifyConfig, netlifyDeploy } from './deploy/netlify.ts';
import { readEvent, runPreview } from './deploy/preview.ts';

const USAGE = 'npm run pr-preview -- --event <workflow_run event file> --artifacts <folder>';

/** An environment variable a run sets, or an input error naming it. */
function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new RunnerInputError(`${name}: not set`, 'set in a GitHub Actions run (GH_TOKEN by the workflow)');
  return v;
}

async function main(): Promise<number> {
  const a = parseCli(process.argv.slice(2), { event: { type: 'string' }, artifacts: { type: 'string' } }, USAGE);
  if (a.event === undefined || a.artifacts === undefined)
    throw new RunnerInputError('--event and --artifacts: required', USAGE);
  const repo = required('GITHUB_REPOSITORY');
  if (!REPO_RE.test(repo)) throw new RunnerInputError(`GITHUB_REPOSITORY "${repo}": not owner/name`);
  const server = process.env.GITHUB_SERVER_URL ?? 'https://github.com';
  return runPreview({
    event: readEvent(a.event),
    artifactsDir: a.artifacts,
    github: { api: process.env.GITHUB_API_URL ?? 'https://api.github.com', token: required('GH_TOKEN') },
    repo,
    deployRunUrl: `${server}/${repo}/actions/runs/${required('GITHUB_RUN_ID')}`,
    netlify: netlifyConfig(process.env),
    deploy: netlifyDeploy,
    log: (line) => console.log(line),
  });
}

runCli('pr-preview', main);
