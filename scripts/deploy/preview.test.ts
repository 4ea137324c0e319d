import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrReport } from '../../src/bench/pr/report-model.ts';
import { headersFile } from '../../src/site/csp.ts';
import { fakeGitHub, type FakeGitHub } from '../../src/testing/fake-github.ts';
import type { DeployTarget, NetlifyConfig } from './netlify.ts';
import {
  COMMENT_LIMIT,
  commentBody,
  MARKER,
  previewArtifacts,
  readEvent,
  readReport,
  runPreview,
  type PreviewEvent,
} from './preview.ts';

const REPO = 'owner/project';
const HEAD = 'c0ffee'.padEnd(40, '0');
const RUN_URL = 'https://github.com/owner/project/actions/runs/41';
const DEPLOY_RUN = 'https://github.com/owner/project/actions/runs/42';
const NETLIFY: NetlifyConfig = { token: 'nt', siteId: 'site-1' };

const REPORT: PrReport = {
  base: { ref: 'origin/main', commit: 'abcdef0123456789abcdef0123456789abcdef01' },
  records: { added: 1, changed: 0, removed: 0 },
  check: [],
  derive: [],
  boards: [],
  trials: [
    {
      id: 'pr-model-c-streaming-k1',
      revision: '2025-11-25',
      role: 'server',
      scenario: 'streaming',
      docs: 'none',
      k: 1,
      subject: 'agent/pi@1.6.0/prov/model-c/high',
      status: 'completed',
      score: 1,
      change: 'added',
      verification: 'unverified',
    },
  ],
  calibration: { ok: 16, total: 16, failing: [], changed: false },
  conformanceChanged: false,
  verification: { agentTrials: 1, counts: { agrees: 0, disagrees: 0, 'infra-error': 0, stale: 0, unverified: 1 } },
};

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

/** A download folder as actions/download-artifact leaves it: one folder per artifact. */
function artifacts(pr: number, { site = true, report = REPORT as unknown, extraSite = {} } = {}): string {
  // report: null writes no report artifact.
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-artifacts-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  if (site) {
    const s = join(dir, `site-preview-${pr}`);
    mkdirSync(join(s, 'trials/pr-model-c-streaming-k1'), { recursive: true });
    const files: Record<string, string> = { 'index.html': '<!doctype html>', _headers: '/*\n', ...extraSite };
    for (const [p, text] of Object.entries(files)) writeFileSync(join(s, p), text);
  }
  if (report !== null) {
    mkdirSync(join(dir, `pr-report-${pr}`));
    writeFileSync(join(dir, `pr-report-${pr}`, 'pr-report.json'), JSON.stringify(report));
  }
  return dir;
}

const EVENT: PreviewEvent = {
  id: 41,
  event: 'pull_request',
  html_url: RUN_URL,
  head_sha: HEAD,
  head_repository: { full_name: 'fork/project' },
};

async function github(): Promise<FakeGitHub> {
  const s = await fakeGitHub(REPO, 'gh');
  cleanup.push(() => s.close());
  s.pulls.set(12, { number: 12, state: 'open', head: { sha: HEAD, repo: { full_name: 'fork/project' } } });
  return s;
}

/** runPreview with a recording fake deploy; returns the exit code, the deploys, the log and the comments. */
async function preview(
  s: FakeGitHub,
  dir: string,
  { netlify = NETLIFY as NetlifyConfig | null, event = EVENT, fail = false } = {},
) {
  const deploys: { dir: string; target: DeployTarget; message: string; headers: string }[] = [];
  const log: string[] = [];
  const code = await runPreview({
    event,
    artifactsDir: dir,
    github: { api: s.api, token: 'gh' },
    repo: REPO,
    deployRunUrl: DEPLOY_RUN,
    netlify: netlify ?? undefined,
    deploy: (d, _c, target, message) => {
      deploys.push({ dir: d, target, message, headers: readFileSync(join(d, '_headers'), 'utf8') });
      return fail
        ? Promise.reject(new Error('netlify: 502'))
        : Promise.resolve(`https://${'alias' in target ? target.alias : 'www'}--mcpfs.netlify.app`);
    },
    log: (l) => log.push(l),
  });
  return { code, deploys, log, comments: s.comments.map((c) => c.body) };
}

describe('a pull request’s preview, from the trusted side', () => {
  it('deploys the site under pr-<n> with main’s headers and links every trial of the comment to it', async () => {
    const s = await github();
    const dir = artifacts(12, { extraSite: { _headers: '/*\n  Content-Security-Policy: default-src *\n' } });
    const r = await preview(s, dir);
    expect(r.code).toBe(0);
    expect(r.deploys).toEqual([
      {
        dir: join(dir, 'site-preview-12'),
        target: { alias: 'pr-12' },
        message: `PR #12 at ${HEAD.slice(0, 12)} (preview run 41)`,
        headers: headersFile(),
      },
    ]);
    expect(r.comments).toHaveLength(1);
    const body = r.comments[0]!;
    expect(body.startsWith(`${MARKER}\n### MCP From Scratch: records in this pull request\n`)).toBe(true);
    expect(body).toContain(
      `- **preview**: https://pr-12--mcpfs.netlify.app/ (this pull request's head \`${HEAD.slice(0, 12)}\`; each trial below links its replay page there)\n`,
    );
    expect(body).toContain(
      '[`pr-model-c-streaming-k1`](https://pr-12--mcpfs.netlify.app/trials/pr-model-c-streaming-k1/)',
    );
  });

  it('without Netlify set up, deploys nothing and says the site is the run’s artifact', async () => {
    const s = await github();
    const r = await preview(s, artifacts(12), { netlify: null });
    expect(r.deploys).toEqual([]);
    expect(r.code).toBe(0);
    const body = r.comments[0]!;
    expect(body).toContain(
      `- **preview**: not deployed: no Netlify site is set up (repository secret \`NETLIFY_AUTH_TOKEN\`, variable \`NETLIFY_SITE_ID\`); the built site is the artifact \`site-preview-12\` of [the preview run](${RUN_URL})\n`,
    );
    expect(body).toContain('| `pr-model-c-streaming-k1` |');
    expect(body).not.toContain('No preview URL given');
  });

  it('updates its comment on the next push instead of adding one', async () => {
    const s = await github();
    await preview(s, artifacts(12), { netlify: null });
    await preview(s, artifacts(12));
    expect(s.comments).toHaveLength(1);
    expect(s.comments[0]!.body).toContain('https://pr-12--mcpfs.netlify.app/');
  });

  it('does nothing for a run whose commit is no longer the pull request’s head, or comes from another repository', async () => {
    const s = await github();
    const moved = await preview(s, artifacts(12), { event: { ...EVENT, head_sha: 'f'.repeat(40) } });
    const other = await preview(s, artifacts(12), { event: { ...EVENT, head_repository: { full_name: 'x/project' } } });
    for (const r of [moved, other]) expect([r.code, r.deploys, r.comments]).toEqual([0, [], []]);
    expect(moved.log[0]).toMatch(/^pull request #12 \(open, head c0ffee000000 of fork\/project\) is not what run 41/);
    // An artifact claiming another pull request's number is checked against that pull request, and fails the same way.
    s.pulls.set(13, { number: 13, state: 'open', head: { sha: 'e'.repeat(40), repo: { full_name: 'owner/project' } } });
    const claimed = await preview(s, artifacts(13));
    const missing = await preview(s, artifacts(99));
    for (const r of [claimed, missing]) expect([r.code, r.deploys, r.comments]).toEqual([0, [], []]);
    expect(missing.log).toEqual([
      'pull request #99 (no such) is not what run 41 built (c0ffee000000 of fork/project): nothing deployed or reported',
    ]);
  });

  it('refuses a site holding host configuration, and says why in the comment with the name made inert', async () => {
    const s = await github();
    const r = await preview(s, artifacts(12, { extraSite: { _redirects: '/* https://evil.example 200!' } }));
    expect(r.deploys).toEqual([]);
    expect(r.comments[0]).toContain(
      "- **preview**: not deployed: the built site holds what this site's build never writes: `_redirects: host configuration this site's build never writes (refused: it could re-route or run code)`\n",
    );
  });

  it('reports a failed deploy in the comment and exits 1', async () => {
    const s = await github();
    const r = await preview(s, artifacts(12), { fail: true });
    expect(r.code).toBe(1);
    expect(r.comments[0]).toContain(`- **preview**: the deploy failed (see [the deploy run](${DEPLOY_RUN}))\n`);
    expect(r.log).toContain('deploy of #12 failed: netlify: 502');
  });

  it('says when the preview run built no site, and still posts the report', async () => {
    const s = await github();
    const r = await preview(s, artifacts(12, { site: false }));
    expect(r.deploys).toEqual([]);
    expect(r.comments[0]).toContain(
      `- **preview**: none: the preview run built no site (see [the preview run](${RUN_URL}))`,
    );
    expect(r.comments[0]).toContain('- **check**: passed');
  });

  it('renders a report only through the report model: a forged one is named, never pasted', async () => {
    const s = await github();
    const forged = { ...REPORT, trials: [{ ...REPORT.trials[0]!, id: 'x](https://evil.example) @octocat <img' }] };
    const r = await preview(s, artifacts(12, { report: forged }));
    const body = r.comments[0]!;
    expect(body).toContain(
      '- **report**: `pr-report.json` does not match the report model: `trials.0.id: must be 6–100 chars of [a-z0-9-]`\n',
    );
    expect(body).toContain('- **preview**: https://pr-12--mcpfs.netlify.app/');
    expect(body).not.toMatch(/\]\(https:\/\/evil|@octocat|<img/);
    expect(readReport(undefined)).toEqual({ problem: 'none: the preview run wrote no report (see the run)' });
    // Free strings the model allows (a ref, calibration keys, problems) stay in code spans and blocks.
    const loose = {
      ...REPORT,
      base: { ...REPORT.base, ref: 'main`\n\n<img src=x> @octocat' },
      check: ['a ```\n<img src=y>'],
      calibration: { ...REPORT.calibration!, failing: ['x\n\n[a](https://evil.example)'] },
    };
    const s2 = await github();
    const body2 = (await preview(s2, artifacts(12, { report: loose }))).comments[0]!;
    expect(body2).toContain('Compared with `main <img src=x> @octocat` at');
    expect(body2).toContain('fails on `x [a](https://evil.example)`');
    expect(body2).toContain("```text\na '''\n<img src=y>\n```");
    // Outside the fenced block, no line starts as HTML, a link or a mention (the marker is the comment's own).
    let fenced = false;
    const outside = body2.split('\n').filter((l) => (l.startsWith('```') ? ((fenced = !fenced), false) : !fenced));
    expect(outside.filter((l) => /^\s*(<|\[|@)/.test(l))).toEqual([MARKER]);
  });

  it('does nothing for a run that is not a pull request’s, or left no artifact', async () => {
    const s = await github();
    const push = await preview(s, artifacts(12), { event: { ...EVENT, event: 'push' } });
    const empty = mkdtempSync(join(tmpdir(), 'mcpfs-artifacts-'));
    cleanup.push(() => rmSync(empty, { recursive: true }));
    const none = await preview(s, empty);
    for (const r of [push, none]) expect([r.code, r.deploys, r.comments]).toEqual([0, [], []]);
    expect(s.calls).toEqual([]);
  });
});

describe('the preview run’s artifacts and event', () => {
  it('name one pull request; two numbers are refused', () => {
    const dir = artifacts(12);
    expect(previewArtifacts(dir)).toEqual({
      pr: 12,
      site: join(dir, 'site-preview-12'),
      report: join(dir, 'pr-report-12'),
    });
    mkdirSync(join(dir, 'site-preview-13'));
    expect(() => previewArtifacts(dir)).toThrow(`${dir}: artifacts name pull requests 12 and 13: one expected`);
  });

  it('ignore folders named otherwise (the verification files, anything else the run uploaded)', () => {
    const dir = artifacts(12, { report: null });
    for (const n of ['verifications-12', 'site-preview-012', 'site-preview-x']) mkdirSync(join(dir, n));
    expect(previewArtifacts(dir)).toEqual({ pr: 12, site: join(dir, 'site-preview-12') });
  });

  it('come from a workflow_run event file, refused path-first when it is not one', () => {
    const dir = artifacts(12);
    const file = join(dir, 'event.json');
    writeFileSync(file, JSON.stringify({ workflow_run: { ...EVENT, extra: 1 }, repository: { full_name: REPO } }));
    expect(readEvent(file)).toEqual(EVENT);
    writeFileSync(file, JSON.stringify({ pull_request: { number: 1 } }));
    expect(() => readEvent(file)).toThrow(`${file}: not a workflow_run event: workflow_run:`);
  });
});

describe('the comment', () => {
  it('stays within GitHub’s limit, cut at a line with a note', () => {
    const trials = Array.from({ length: 900 }, (_, i) => ({
      ...REPORT.trials[0]!,
      id: `pr-model-c-streaming-k${i + 1}`,
      verification: 'agrees' as const,
    }));
    const verification = { agentTrials: 900, counts: { ...REPORT.verification!.counts, agrees: 900, unverified: 0 } };
    const deployed = { kind: 'deployed', url: 'https://pr-1--m.netlify.app', sha: HEAD } as const;
    const body = commentBody({ ...REPORT, trials, verification }, deployed);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toMatch(
      /\|\n\n… \(cut at GitHub’s comment limit: `npm run pr-report` on the branch prints all of it\)\n$/,
    );
  });
});
