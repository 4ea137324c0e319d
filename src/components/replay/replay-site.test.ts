// Builds the site once for a generated tree (hostile trial with SSE, errors, truncation and a pi transcript; a
// 2,000-exchange trial; an infra error; re-run verified ones) and checks the replay pages' HTML, downloads and
// inertness, then that build's quality: every route has a page here, exchange pages included; no broken link or
// anchor, and no accessibility violation on any kind of page (src/testing/site-quality.ts), nor on the trial page with
// a Verification section and a snapshot (the route's sample is the largest trial page, which has neither). One build
// for both: the quality checks had a file and a build of their own (issue 31: shared heavy fixtures).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialRow } from '../../bench/derive/dataset.ts';
import { PAGE_SIZE } from '../../bench/replay/view.ts';
import { useBuiltSite } from '../../testing/built-site.ts';
import {
  FIXTURE_IDS,
  FIXTURE_SANDBOX,
  HUGE_EXCHANGES,
  writeReplayFixtureFiles,
} from '../../testing/replay-fixture-tree.ts';
import { serveStatic, type StaticServer } from '../../testing/static-server.ts';
import { CODECS } from '../../bench/model-traffic/codecs.ts';
import { ATIF_VERSION } from '../../bench/schema/atif.ts';
import { describeSiteQuality } from '../../testing/site-quality.ts';

// One build in a private copy of the project (src/testing/site-build.ts), derived without the pinned spec.
const site = useBuiltSite('mcpfs-replay', writeReplayFixtureFiles, { timeoutMs: 600_000 });
const root = site.root;
const dist = site.out;
const page = site.page;
let trials: TrialRow[] = [];
const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];

beforeAll(() => {
  trials = site.dataset().trials;
});

describe('trial replay page of a hostile trial', () => {
  const id = FIXTURE_IDS.hostile;
  let html = '';
  beforeAll(() => {
    html = page(`trials/${id}/index.html`);
  });

  it('renders every exchange, turn and verdict as a deep-link target', () => {
    for (let x = 0; x < 8; x++) expect(html).toContain(`id="x-${x}"`);
    for (let t = 1; t <= 7; t++) expect(html).toContain(`id="t-${t}"`);
    const row = trials.find((t) => t.id === id)!;
    for (const v of row.verdicts) expect(html).toContain(`id="v-${v.checkpoint}"`);
  });

  it('links failed verdicts to their exchanges and exchanges back to the verdicts', () => {
    const failed = trials.find((t) => t.id === id)!.verdicts.find((v) => v.verdict === 'fail')!;
    expect(html).toContain(`href="/trials/${id}/#x-${failed.evidence[0]}"`);
    expect(html).toMatch(new RegExp(`This exchange failed <a href="/trials/${id}/#v-${failed.checkpoint}">`));
  });

  it('shows SSE events, the truncated body with its true length, the transport error and the binary dump', () => {
    expect(html).toContain('SSE × 3');
    expect(html).toMatch(/truncated by the recorder: 2,048 of [\d,]{6,} bytes captured/);
    expect(html).toContain('ECONNRESET');
    expect(html).toContain('not UTF-8: hex dump');
    expect(html).toContain('retry 3000 ms');
  });

  it('highlights JSON bodies with shiki in both themes', () => {
    expect(html).toContain('class="shiki shiki-themes github-light github-dark"');
    expect(html).toMatch(/<span class="sk[0-9]">/);
  });

  it('shows the pi transcript: collapsed thinking, tool calls, edits as diffs, errors, tokens per turn', () => {
    expect(html).toMatch(/<details class="thinking"><summary>thinking/);
    expect(html).toContain('<p class="what">read TASK.md</p>');
    expect(html).toContain('<span class="d-del">- const a = 2;</span><span class="d-add">+ const a = 3;</span>');
    expect(html).toContain('call kind-bash is-error');
    expect(html).toMatch(/tokens in 1\.0k · out 100/);
  });

  it('draws the timelines as SVG at build time, agent turns and wire on one clock, each with a legend', () => {
    expect(html.match(/<svg [^>]*role="group"/g)).toHaveLength(2);
    expect(html.match(/<ul class="rp-legend" aria-label="Legend">/g)).toHaveLength(2);
    expect(html).toContain('agent turn (top lane)</li>');
    expect(html).toContain('evidence of a failed verdict</li>');
    expect(html).toMatch(/<a href="#t-1"><rect class="turn"/);
    expect(html).toMatch(/<a href="\/trials\/[^"]+#x-5"><rect class="fail"/);
  });

  it('says when the pinned-schema check was skipped', () => {
    expect(html).toContain('Schema validation skipped: no pinned schema was given to derive.');
  });

  it('puts the failure attribution at the top and derives the score', () => {
    expect(html.indexOf('rp-attr')).toBeLessThan(html.indexOf('id="verdicts"'));
    expect(html).toContain('First MUST failure');
    expect(html).toContain('any failed MUST zeroes a trial');
  });

  it('renders every hostile string inert: no foreign tag, no event handler, no javascript: URL, only the site’s own external scripts', () => {
    const all = tags(html);
    const scripts = all.filter((t) => /^<script/i.test(t));
    expect(scripts).toEqual([
      '<script src="/tables.js" defer>',
      '<script src="/replay.js" defer>',
      '<script src="/trial-search.js" defer>',
    ]);
    expect(all.filter((t) => /\son[a-z]+\s*=/i.test(t))).toEqual([]);
    expect(all.filter((t) => /javascript:/i.test(t))).toEqual([]);
    expect(
      all.filter((t) => /^<(img|iframe|object|embed|h1 id="pwned"|base|form|meta http-equiv="refresh")/i.test(t)),
    ).toEqual([]);
    const names = new Set(all.map((t) => /^<\/?([a-zA-Z0-9-]+)/.exec(t)?.[1]?.toLowerCase()).filter(Boolean));
    const allowed =
      'html head body meta title link script a header nav ol ul li main h1 h2 h3 h4 p code b strong section div dl dt dd table thead tbody tr th td details summary span pre svg g line text rect figure figcaption label input kbd footer br';
    expect([...names].filter((n) => !allowed.split(' ').includes(n!))).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(&quot;xss-script&quot;)&lt;/script&gt;');
  });

  it('keeps a CSP without unsafe-inline for scripts', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    expect(/script-src ([^;]+)/.exec(csp)![1]).toBe("'self'");
  });
});

describe('downloads', () => {
  it('serves the record and sidecars byte for byte, and the transcript only when there is one', () => {
    const row = trials.find((t) => t.id === FIXTURE_IDS.hostile)!;
    expect(page(`trials/${row.id}/record.json`)).toBe(readFileSync(join(root, row.files.record), 'utf8'));
    expect(page(`trials/${row.id}/wire.jsonl`)).toBe(readFileSync(join(root, row.files.wire), 'utf8'));
    expect(page(`trials/${row.id}/transcript.jsonl`)).toBe(readFileSync(join(root, row.files.transcript!), 'utf8'));
    expect(existsSync(join(dist, `trials/${FIXTURE_IDS.huge}/transcript.jsonl`))).toBe(false);
  });

  it('exports the wire log as HAR 1.2 with one entry per exchange', () => {
    const har = JSON.parse(page(`trials/${FIXTURE_IDS.hostile}/trial.har`)) as {
      log: { version: string; entries: unknown[] };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(8);
  });
});

describe('a 2,000-exchange trial', () => {
  const id = FIXTURE_IDS.huge;

  it('holds the first page of exchanges in full and pages the rest', () => {
    const html = page(`trials/${id}/index.html`);
    const size = statSync(join(dist, `trials/${id}/index.html`)).size;
    console.log(
      `replay: ${HUGE_EXCHANGES}-exchange trial page: ${size} bytes; exchange page 2: ${statSync(join(dist, `trials/${id}/exchanges/2/index.html`)).size} bytes`,
    );
    expect(html.match(/<details class="ex"/g)).toHaveLength(PAGE_SIZE);
    expect(readdirSync(join(dist, `trials/${id}/exchanges`))).toHaveLength(HUGE_EXCHANGES / PAGE_SIZE - 1);
    expect(page(`trials/${id}/exchanges/${HUGE_EXCHANGES / PAGE_SIZE}/index.html`)).toContain(
      `id="x-${HUGE_EXCHANGES - 1}"`,
    );
    expect(html).toContain(
      `href="/trials/${id}/exchanges/2/" data-first="${PAGE_SIZE}" data-last="${2 * PAGE_SIZE - 1}"`,
    );
    expect(size).toBeLessThan(1_000_000);
  });
});

describe('infra-error trial and compare pages', () => {
  it('renders an infra-error trial with its reason escaped and no score', () => {
    const html = page(`trials/${FIXTURE_IDS.infra}/index.html`);
    expect(html).toContain('Infrastructure error (not counted): sandbox failed &lt;script&gt;');
    expect(html).toContain('not scored');
  });

  it('builds a compare page against the scenario oracle with the first diverging exchange', () => {
    const row = trials.find((t) => t.id === FIXTURE_IDS.hostile)!;
    const oracle = trials.find(
      (t) =>
        t.subject.id === 'calibration/oracle' &&
        t.scenario === row.scenario &&
        t.revision === row.revision &&
        t.role === row.role,
    )!;
    const html = page(`compare/${row.id}/${oracle.id}/index.html`);
    expect(html).toContain('Verdicts that differ');
    expect(html).toMatch(/diverge at position \d+/);
    // The exchanges where the verdicts part (a-, b-) and, folded under them, those of the first divergence (da-, db-).
    expect(html).toMatch(/id="d?a-x-/);
  });
});

describe.skipIf(!existsSync('/usr/bin/chromium'))('in Chromium', () => {
  let server: StaticServer;
  let base = '';
  beforeAll(async () => {
    server = await serveStatic(dist);
    base = server.base;
  });
  afterAll(() => server.close());

  it('runs nothing from the trace, opens deep links, and steps with the keyboard', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const tab = await browser.newPage();
      const dialogs: string[] = [];
      tab.on('dialog', (d: { message(): string; dismiss(): Promise<void> }) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await tab.goto(`${base}/trials/${FIXTURE_IDS.hostile}/#x-3`, { waitUntil: 'load' });
      expect(await tab.locator('#pwned').count()).toBe(0);
      expect(await tab.locator('img').count()).toBe(0);
      expect(await tab.locator('#x-3').getAttribute('open')).not.toBeNull();
      await tab.keyboard.press('j');
      expect(await tab.evaluate(() => location.hash)).toBe('#x-4');
      await tab.goto(`${base}/trials/${FIXTURE_IDS.huge}/#x-1234`, { waitUntil: 'load' });
      await tab.waitForURL(/exchanges\/\d+\/#x-1234$/);
      const t0 = performance.now();
      await tab.goto(`${base}/trials/${FIXTURE_IDS.huge}/`, { waitUntil: 'load' });
      console.log(
        `replay: ${HUGE_EXCHANGES}-exchange trial page loaded in Chromium in ${Math.round(performance.now() - t0)} ms (informational)`,
      );
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('re-run verification on the replay pages and boards', () => {
  it('shows a disagreeing re-run first on the trial page, with its date, commit, isolation and downloads', () => {
    const html = page(`trials/${FIXTURE_IDS.disagrees}/index.html`);
    const row = trials.find((t) => t.id === FIXTURE_IDS.disagrees)!;
    expect(row.verification!.status).toBe('disagrees');
    expect(html).toContain('<h2 id="verification">Verification</h2>');
    expect(html).toContain('The re-run disagrees with the record');
    expect(html).toContain('2026-12-01 10:00 UTC');
    expect(html).toContain('<code title="0123456789abcdef0123456789abcdef01234567">0123456789ab</code>');
    // Every checkpoint failed on re-run (the solution answered 500): each row says so, disagreements linked.
    const first = row.verdicts[0]!.checkpoint;
    expect(html).toContain(`<a href="#v-${first}"><code>${first}</code></a>`);
    expect(html).toMatch(/<tr class="differs"><th scope="row"><code>[^<]+<\/code><\/th><td>pass<\/td><td>fail<\/td>/);
    for (const f of ['snapshot.jsonl', 'verification.jsonl']) {
      expect(html).toContain(`href="/trials/${FIXTURE_IDS.disagrees}/${f}"`);
      const path = f === 'snapshot.jsonl' ? row.files.snapshot! : row.files.verification!;
      expect(page(`trials/${FIXTURE_IDS.disagrees}/${f}`)).toBe(readFileSync(join(root, path), 'utf8'));
    }
  });

  it("lists the snapshot's files without their texts", () => {
    const html = page(`trials/${FIXTURE_IDS.verified}/index.html`);
    expect(html).toContain('<h2 id="snapshot">Solution snapshot</h2>');
    expect(html).toContain('<code>server.mjs</code>');
    expect(html).toContain('text stored (1 redacted)');
    expect(html).not.toContain('import http');
    expect(existsSync(join(dist, `trials/${FIXTURE_IDS.hostile}/snapshot.jsonl`))).toBe(false);
  });

  it('badges the board row whose every trial agrees on re-run, and the row where some do', () => {
    const board = page('2025-11-25/index.html');
    expect(board).toMatch(/scripted-2 · off<\/a><span class="badge verified" title="[^"]+">re-run verified<\/span>/);
    expect(board).toMatch(
      /scripted-1 · &lt;b&gt;off&lt;\/b&gt;<\/a><span class="badge verified" title="[^"]+">1\/5 re-run verified<\/span>/,
    );
  });
});

describe('isolation on the replay pages and boards', () => {
  it("shows a docker trial's container: image, short image id, limits and capabilities", () => {
    const html = page(`trials/${FIXTURE_IDS.verifiedOther}/index.html`);
    expect(html).toContain('<dt>Isolation</dt><dd>docker — own container, no network, limits</dd>');
    expect(html).toContain('<dt>Image</dt><dd><code>mcpfs-sandbox:abcdef012345</code></dd>');
    expect(html).toContain(
      `<dt>Image id</dt><dd><code title="${FIXTURE_SANDBOX.imageId}">sha256:c0ffeec0ffee</code></dd>`,
    );
    expect(html).toContain('<dt>Limits</dt><dd>pids 128 · memory 1536 MiB · cpus 1.5 · /tmp 64 MiB</dd>');
    expect(html).toContain('<dt>Capabilities</dt><dd>none</dd>');
  });

  it('shows only the kind for a trial without a container', () => {
    const html = page(`trials/${FIXTURE_IDS.verified}/index.html`);
    expect(html).toContain('<dt>Isolation</dt><dd>netns — own network namespace, loopback only</dd>');
    expect(html).not.toContain('<dt>Image</dt>');
  });

  it('says mixed, with trials per kind, on the board row whose trials ran under different isolation', () => {
    const board = page('2025-11-25/index.html');
    // scripted-1: the hostile, huge, infra and model trials ran unisolated, the two verified ones under netns.
    expect(board).toMatch(
      /<td data-v="none:4 netns:2" title="trials of this row ran under different isolation: [^"]+">mixed: none 4 · netns 2<\/td>/,
    );
    expect(board).toMatch(
      /<td data-v="docker:1" title="its one trial: own container, no network, limits">docker<\/td>/,
    );
    expect(board).toContain('mixed: the trials of the row ran under different isolation kinds');
  });
});

describe('model traffic on the replay page', () => {
  const id = FIXTURE_IDS.model;
  let html = '';
  beforeAll(() => {
    html = page(`trials/${id}/index.html`);
  });

  it('lists every model exchange by number and API, the refusal, the budget and its end line', () => {
    expect(html).toContain('<h2 id="model">Model traffic</h2>');
    for (const n of [1, 3, 4]) expect(html).toContain(`id="m-${n}"`);
    expect(html).toContain('refused by the proxy: the model budget was spent');
    expect(html).toContain('Budget: tokens 2,500');
    expect(html).toContain('session ended by the model budget (tokens: 2,577 of 2,500 tokens)');
    expect(html).toContain('anthropic-messages');
  });

  it('reads the turns through the API codec when one is registered, and never renders the bodies as markup', () => {
    if (CODECS['anthropic-messages']) {
      expect(html).toContain('Writing the server.');
      expect(html).toContain('Tool result toolu_fixture_1');
      expect(html).toContain('&lt;script&gt;alert(&quot;result&quot;)&lt;/script&gt; wrote 8 bytes');
      expect(html).toContain('Done &lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('Side requests without tools (1)');
    } else expect(html).toContain('no reader for the anthropic-messages API on this site');
    expect(html).not.toContain('<script>alert(');
    expect(html).not.toContain('<img src=x');
  });

  it('marks the usage measured at the model proxy and says the budget ended the session', () => {
    expect(html).toMatch(/<span class="badge measured" title="[^"]+">measured at the model proxy<\/span>/);
    expect(html).toContain('session ended by the model budget (tokens');
    const hostile = page(`trials/${FIXTURE_IDS.hostile}/index.html`);
    expect(hostile).toContain('reported by the harness');
    expect(hostile).not.toContain('<h2 id="model">');
  });

  it('serves the sidecar as stored and its ATIF trajectory, linked from the files list; none for other trials', () => {
    const row = trials.find((t) => t.id === id)!;
    expect(page(`trials/${id}/model.jsonl`)).toBe(readFileSync(join(root, row.files.model!), 'utf8'));
    const atif = JSON.parse(page(`trials/${id}/trajectory.atif.json`)) as {
      schema_version: string;
      session_id: string;
      agent: { name: string };
    };
    expect(atif.schema_version).toBe(ATIF_VERSION);
    expect(atif.session_id).toBe(id);
    expect(atif.agent.name).toBe('pi');
    for (const f of ['model.jsonl', 'trajectory.atif.json']) {
      expect(html).toContain(`href="/trials/${id}/${f}"`);
      expect(existsSync(join(dist, `trials/${FIXTURE_IDS.hostile}/${f}`))).toBe(false);
    }
  });
});

describeSiteQuality('site built from the replay fixture tree', () => site.out, {
  routes: ['trials/[id]/exchanges/[page].astro', 'compare/[a]/[b]/index.astro', 'subjects/[...subject].astro'],
  pages: [
    { route: 'trials/[id]/index.astro', page: `trials/${FIXTURE_IDS.disagrees}/index.html` },
    { route: 'trials/[id]/index.astro', page: `trials/${FIXTURE_IDS.model}/index.html` },
  ],
  // Boards, methodology and the other routes: site-quality-records.test.ts checks them on the committed records.
  axeOnlyListed: true,
});
