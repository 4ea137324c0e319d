// A pull request's preview, from the trusted side (.github/workflows/preview-deploy.yml, on `workflow_run` of
// "preview"). The preview run built the pull request's site and report with the pull request's own code and no
// secret; this side runs main's code with the secrets and never runs the pull request's. Everything the preview run
// left is a stranger's data: the artifacts' names (the pull request number they claim), the site folder, the report.
// So: the number is checked against the API (the pull request's head must be the commit the run built), the folder is
// checked and gets main's headers (site-folder.ts), and the report is parsed against its schema and rendered by main's
// Markdown code, which escapes every contributor string. Then one comment on the pull request says all of it.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { reportMarkdown } from '../../src/bench/pr/markdown.ts';
import { PrReportSchema, type PrReport } from '../../src/bench/pr/report-model.ts';
import { RunnerInputError } from '../../src/harness/errors.ts';
import { pullRequest, upsertComment, type GitHubClient } from './github.ts';
import { previewAlias, type DeployTarget, type NetlifyConfig } from './netlify.ts';
import { prepareSiteFolder } from './site-folder.ts';

/** The report comment's first line: how the workflow finds its own comment again. */
export const MARKER = '<!-- mcpfs-pr-report -->';
/** Artifact names the preview workflow uploads, each followed by the pull request number. */
export const SITE_ARTIFACT = 'site-preview-';
export const REPORT_ARTIFACT = 'pr-report-';
/** The report model (`npm run pr-report -- --json`) inside the report artifact. */
export const REPORT_FILE = 'pr-report.json';
/** GitHub refuses a comment body longer than this. */
export const COMMENT_LIMIT = 65_536;
/** A report file larger than this is not read: a real one is a few hundred KB at most. */
const REPORT_MAX_BYTES = 4 * 1024 * 1024;

/** Text from the preview run as an inline code span: one line, no backtick, so nothing in it renders or mentions. */
const codeSpan = (s: string): string => `\`${s.replace(/\s+/g, ' ').replace(/`/g, "'")}\``;

/** The `workflow_run` event fields this side reads (GITHUB_EVENT_PATH). */
const EventSchema = z.object({
  workflow_run: z.object({
    id: z.int(),
    event: z.string(),
    html_url: z.url({ protocol: /^https$/ }),
    head_sha: z.string().regex(/^[0-9a-f]{40}$/),
    head_repository: z.object({ full_name: z.string() }).nullable(),
  }),
});
export type PreviewEvent = z.infer<typeof EventSchema>['workflow_run'];

/** The workflow_run of the event file at `path`; an input error when it is not one. */
export function readEvent(path: string): PreviewEvent {
  const r = EventSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!r.success)
    throw new RunnerInputError(
      `${path}: not a workflow_run event: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      'the file GITHUB_EVENT_PATH names in a workflow run on `workflow_run`',
    );
  return r.data.workflow_run;
}

/** The preview run's artifacts as downloaded (one folder per artifact): the number they name, and their folders. */
export interface PreviewArtifacts {
  pr: number;
  site?: string;
  report?: string;
}

/**
 * The artifacts in `dir` (download-artifact's layout: a folder per artifact, named as uploaded): `undefined` when
 * there are none, else the one pull request number they all name. Artifacts naming two numbers are refused: the
 * preview run of one pull request uploads one of each.
 */
export function previewArtifacts(dir: string): PreviewArtifacts | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const found = new Map<number, PreviewArtifacts>();
  for (const name of names.sort()) {
    const m = /^(site-preview-|pr-report-)([1-9]\d{0,9})$/.exec(name);
    if (!m || !lstatSync(join(dir, name)).isDirectory()) continue;
    const pr = Number(m[2]);
    const a = found.get(pr) ?? { pr };
    if (m[1] === SITE_ARTIFACT) a.site = join(dir, name);
    else a.report = join(dir, name);
    found.set(pr, a);
  }
  if (found.size > 1)
    throw new RunnerInputError(
      `${dir}: artifacts name pull requests ${[...found.keys()].join(' and ')}: one expected`,
      'a preview run uploads one site and one report, both named after its pull request',
    );
  return [...found.values()][0];
}

/** The report of the report artifact, or why there is none (a sentence, already inert Markdown). */
export function readReport(folder: string | undefined): PrReport | { problem: string } {
  if (folder === undefined) return { problem: 'none: the preview run wrote no report (see the run)' };
  const file = join(folder, REPORT_FILE);
  let text: string;
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return { problem: `\`${REPORT_FILE}\`: not a regular file` };
    if (st.size > REPORT_MAX_BYTES) return { problem: `\`${REPORT_FILE}\`: ${st.size} bytes, over the limit` };
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: `\`${REPORT_FILE}\`: missing from the report artifact` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `\`${REPORT_FILE}\`: not JSON` };
  }
  const r = PrReportSchema.safeParse(json);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
  return { problem: `\`${REPORT_FILE}\` does not match the report model: ${codeSpan(issues.join('; '))}` };
}

/** Where the preview is, or why there is none. */
export type PreviewStatus =
  | { kind: 'deployed'; url: string; sha: string }
  | { kind: 'not-configured'; artifact: string; runUrl: string }
  | { kind: 'no-site'; runUrl: string }
  | { kind: 'refused'; problems: string[] }
  | { kind: 'failed'; deployRunUrl: string };

/** The status as the comment's **preview** line (Markdown; every string from the preview run in a code span). */
export function previewLine(s: PreviewStatus): string {
  switch (s.kind) {
    case 'deployed':
      return `${s.url}/ (this pull request's head \`${s.sha.slice(0, 12)}\`; each trial below links its replay page there)`;
    case 'not-configured':
      return `not deployed: no Netlify site is set up (repository secret \`NETLIFY_AUTH_TOKEN\`, variable \`NETLIFY_SITE_ID\`); the built site is the artifact \`${s.artifact}\` of [the preview run](${s.runUrl})`;
    case 'no-site':
      return `none: the preview run built no site (see [the preview run](${s.runUrl}))`;
    case 'refused':
      return `not deployed: the built site holds what this site's build never writes: ${s.problems.map(codeSpan).join(', ')}`;
    case 'failed':
      return `the deploy failed (see [the deploy run](${s.deployRunUrl}))`;
  }
}

/** The whole comment: marker, the report (or why there is none) with the preview line, within GitHub's limit. */
export function commentBody(report: PrReport | { problem: string }, status: PreviewStatus): string {
  const line = previewLine(status);
  const url = status.kind === 'deployed' ? status.url : undefined;
  const md =
    'problem' in report
      ? [
          '### MCP From Scratch: records in this pull request',
          '',
          `- **report**: ${report.problem}`,
          `- **preview**: ${line}`,
          '',
        ].join('\n')
      : reportMarkdown(report, url, { previewStatus: line });
  const body = `${MARKER}\n${md}`;
  if (body.length <= COMMENT_LIMIT) return body;
  const cut = '\n\n… (cut at GitHub’s comment limit: `npm run pr-report` on the branch prints all of it)\n';
  const keep = body.slice(0, COMMENT_LIMIT - cut.length);
  return keep.slice(0, keep.lastIndexOf('\n')) + cut;
}

/** What the trusted side needs: the event, the artifacts, GitHub, and Netlify (undefined: not set up). */
export interface PreviewInputs {
  event: PreviewEvent;
  artifactsDir: string;
  github: GitHubClient;
  /** `owner/name` of the repository the workflow runs in. */
  repo: string;
  /** This (deploy) run's page, for a failure's details. */
  deployRunUrl: string;
  netlify: NetlifyConfig | undefined;
  /** Publishes a prepared folder and returns its URL (netlify.ts `netlifyDeploy`; a fake in tests). */
  deploy: (dir: string, config: NetlifyConfig, target: DeployTarget, message: string) => Promise<string>;
  log: (line: string) => void;
}

/**
 * Deploy the preview run's site under the pull request's alias (when Netlify is set up and the folder passes), then
 * write the report comment. Exit code: 1 when the deploy failed (the comment says so first), else 0, also when there
 * is nothing to do (not a pull request's run, no artifacts, a pull request that has moved on since the run).
 */
export async function runPreview(i: PreviewInputs): Promise<number> {
  const run = i.event;
  if (run.event !== 'pull_request') {
    i.log(`not a pull request's run (${run.event}): nothing to do`);
    return 0;
  }
  const artifacts = previewArtifacts(i.artifactsDir);
  if (!artifacts) {
    i.log(`${i.artifactsDir}: no site or report artifact: nothing to do`);
    return 0;
  }
  const pr = await pullRequest(i.github, i.repo, artifacts.pr);
  // The run's artifacts claim a number; the pull request must agree that this run built its current head, from its
  // own repository. Otherwise a run could publish under another pull request's alias, or an older push over a newer.
  const from = pr?.head.repo?.full_name;
  if (
    pr?.state !== 'open' ||
    pr.head.sha !== run.head_sha ||
    from === undefined ||
    from !== run.head_repository?.full_name
  ) {
    const was = pr ? `${pr.state}, head ${pr.head.sha.slice(0, 12)} of ${from ?? 'a deleted repository'}` : 'no such';
    const built = `${run.head_sha.slice(0, 12)} of ${run.head_repository?.full_name ?? 'a deleted repository'}`;
    i.log(
      `pull request #${artifacts.pr} (${was}) is not what run ${run.id} built (${built}): nothing deployed or reported`,
    );
    return 0;
  }
  const status = await deployPreview(i, artifacts);
  i.log(`preview of #${pr.number}: ${status.kind}${status.kind === 'deployed' ? ` at ${status.url}` : ''}`);
  const body = commentBody(readReport(artifacts.report), status);
  i.log(`report comment ${await upsertComment(i.github, i.repo, pr.number, MARKER, body)}`);
  return status.kind === 'failed' ? 1 : 0;
}

async function deployPreview(i: PreviewInputs, a: PreviewArtifacts): Promise<PreviewStatus> {
  if (a.site === undefined) return { kind: 'no-site', runUrl: i.event.html_url };
  if (i.netlify === undefined)
    return { kind: 'not-configured', artifact: `${SITE_ARTIFACT}${a.pr}`, runUrl: i.event.html_url };
  const problems = prepareSiteFolder(a.site);
  if (problems.length) return { kind: 'refused', problems };
  const message = `PR #${a.pr} at ${i.event.head_sha.slice(0, 12)} (preview run ${i.event.id})`;
  try {
    const url = await i.deploy(a.site, i.netlify, { alias: previewAlias(a.pr) }, message);
    return { kind: 'deployed', url, sha: i.event.head_sha };
  } catch (e) {
    i.log(`deploy of #${a.pr} failed: ${e instanceof Error ? e.message : String(e)}`);
    return { kind: 'failed', deployRunUrl: i.deployRunUrl };
  }
}
