import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';
import { describe, expect, it } from 'vitest';
import { reportStyles } from '../../harness/io/report-styles.ts';
import { FieldTexts, hostileWireLog } from '../../testing/hostile-sidecars.ts';
import { inspectPage } from '../../testing/inert-html.ts';
import { CHROMIUM, HEADLESS_ARGS } from '../../testing/chromium.ts';
import { XSS_PAYLOADS } from '../../testing/xss-payloads.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { TrialRecord } from '../schema/trial.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { OPEN_TARGET_SCRIPT, probeHtml, REPORT_CSP, type ReplayProbe, type ReplayRun } from './replay-html.ts';

// Committed calibration trials of one scenario: the oracle passes everything, a mutant fails a MUST.
const DIR = 'results/2025-11-25/server/sessions/none/calibration';
const record = (who: string): TrialRecord => JSON.parse(readFileSync(`${DIR}/${who}/k1.json`, 'utf8')) as TrialRecord;
const wire = (who: string): WireLog => {
  const [header, ...events] = readFileSync(`${DIR}/${who}/k1.wire.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  return { header, events } as WireLog;
};
const scenario = JSON.parse(readFileSync('scenarios/2025-11-25/server/sessions.json', 'utf8')) as Scenario;
const probe = (who: string): ReplayProbe => ({
  scenario: scenario.id,
  title: scenario.title,
  record: record(who),
  log: wire(who),
  checkpoints: scenario.checkpoints,
});
const run = (...probed: ReplayProbe[]): ReplayRun => ({
  url: 'http://127.0.0.1:3000/mcp',
  revision: '2025-11-25',
  role: 'server',
  probed,
});
const styles = reportStyles();

/** Every element of a parsed document, depth first. */
function elements(html: string): T.Element[] {
  const out: T.Element[] = [];
  const visit = (n: T.ParentNode) => {
    for (const c of n.childNodes)
      if ('tagName' in c) {
        out.push(c);
        visit(c);
      }
  };
  visit(parse(html));
  return out;
}
const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

describe("the probe's HTML replay", () => {
  const mutant = probe('mutant-missing-session-404');
  const html = probeHtml(run(probe('oracle'), mutant), styles);
  const els = elements(html);

  it('holds one section per probed scenario, each with its verdicts, timeline and exchanges', () => {
    const sections = els.filter((e) => e.tagName === 'section' && attr(e, 'class') === 'rp-scenario');
    expect(sections.map((s) => attr(s, 'id'))).toEqual(['s0', 's1']);
    for (const id of ['s0', 's1'])
      for (const part of ['verdicts', 'timeline', 'wire']) expect(html).toContain(`id="${id}-${part}"`);
    const exchanges = (id: string) => els.filter((e) => attr(e, 'id')?.startsWith(`${id}-x-`)).length;
    expect(exchanges('s0')).toBe(wire('oracle').events.filter((e) => e.type === 'request').length);
    expect(exchanges('s1')).toBeGreaterThan(0);
  });

  it('needs nothing from the network: no stylesheet, script, font or image to fetch, and every link stays in the file', () => {
    for (const e of els) {
      for (const name of ['src', 'srcset', 'data', 'poster', 'action', 'xlink:href'])
        expect(attr(e, name), `<${e.tagName} ${name}>`).toBeUndefined();
      const href = attr(e, 'href');
      if (href !== undefined) expect(href, `<${e.tagName} href>`).toMatch(/^#[\w-]+$/);
      expect(e.tagName).not.toBe('link');
      expect(e.tagName).not.toBe('img');
    }
    expect(html).not.toMatch(/@import|url\(\s*['"]?(https?:|\/\/)/i);
    const csp = els.filter((e) => attr(e, 'http-equiv')?.toLowerCase() === 'content-security-policy');
    expect(csp.map((e) => attr(e, 'content'))).toEqual([REPORT_CSP]);
    expect(REPORT_CSP).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-/);
  });

  it('runs only the script its CSP names by hash (the one that opens a linked exchange)', () => {
    const scripts = els.filter((e) => e.tagName === 'script');
    expect(scripts).toHaveLength(1);
    const text = (scripts[0]!.childNodes[0] as T.TextNode).value;
    expect(text).toBe(OPEN_TARGET_SCRIPT);
    expect(REPORT_CSP).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  });

  it("links each failing verdict to its evidence exchanges, and each exchange back to its verdict's row", () => {
    const failing = mutant.record.verdicts.filter((v) => v.verdict === 'fail' && v.evidence.length > 0);
    expect(failing.length).toBeGreaterThan(0);
    const ids = new Set(els.map((e) => attr(e, 'id')));
    for (const v of failing) {
      const row = els.find((e) => attr(e, 'id') === `s1-v-${v.checkpoint}`)!;
      const hrefs = linksIn(row);
      for (const x of v.evidence) {
        expect(hrefs).toContain(`#s1-x-${x}`);
        expect(ids.has(`s1-x-${x}`)).toBe(true);
        const ex = els.find((e) => attr(e, 'id') === `s1-x-${x}`)!;
        expect(ex.tagName).toBe('details');
        expect(linksIn(ex)).toContain(`#s1-v-${v.checkpoint}`);
      }
    }
  });

  it('inlines the site’s own replay stylesheet (light and dark), and keeps the verdict table a card at phone width', () => {
    expect(html).toContain(readFileSync('src/styles/replay.css', 'utf8'));
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<td data-label="Level">/);
  });
});

/** Every href below an element. */
function linksIn(el: T.Element): string[] {
  const out: string[] = [];
  const visit = (n: T.Element) => {
    const h = attr(n, 'href');
    if (h !== undefined) out.push(h);
    for (const c of n.childNodes) if ('tagName' in c) visit(c);
  };
  visit(el);
  return out;
}

describe('a hostile peer in the HTML replay', () => {
  // The XSS corpus in every wire field (bodies, headers, SSE, errors, notes), in verdict messages, the subject, the
  // scenario's title and each checkpoint's quoted sentence and rule.
  const f = new FieldTexts();
  const log = hostileWireLog(f, 8, 'prober', '2026-11-01T10:00:05.000Z');
  const base = record('mutant-missing-session-404');
  const hostile: ReplayProbe = {
    scenario: 'sessions',
    title: f.text('scenario.title'),
    record: {
      ...base,
      subject: { ...base.subject, label: f.text('subject.label') },
      verdicts: base.verdicts.map((v, i) => ({
        ...v,
        message: f.text('verdict.message'),
        evidence: v.verdict === 'fail' ? [i % 8] : v.evidence.filter((x) => x < 8),
      })),
    },
    log,
    checkpoints: scenario.checkpoints.map((c) => ({
      ...c,
      rule: f.text('checkpoint.rule'),
      ...(c.spec ? { spec: { ...c.spec, quote: f.text('checkpoint.spec-quote') } } : {}),
    })),
  };
  const html = probeHtml({ ...run(hostile), url: f.text('probe.url') }, styles);
  const page = inspectPage(html);

  it('escapes every string from the wire and the record: nothing becomes an element, attribute or URL', () => {
    // What the report writes itself and the site never does: its one <style> and its one hashed inline script.
    expect(page.findings.map((x) => `${x.where}: ${x.why}`).sort()).toEqual([
      'script: inline script (the CSP allows none)',
      'script: script with content',
      'style: style element (the CSP allows none)',
    ]);
    for (const e of elements(html)) {
      expect(e.attrs.filter((a) => a.name.startsWith('on'))).toEqual([]);
      const href = attr(e, 'href');
      if (href !== undefined) expect(href).toMatch(/^#[\w-]+$/);
    }
  });

  it('shows each hostile field as text', () => {
    for (const id of f.placed) expect(page.text, id).toContain(`xssf:${id}`);
    // Markup payloads come out as the same text (those without control characters, which the parser rewrites).
    const markup = XSS_PAYLOADS.filter((p) => p.markup && !/[\u0000-\u001f]/.test(p.text));
    expect(markup.length).toBeGreaterThan(20);
    for (const p of markup) expect(page.text).toContain(p.text);
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'renders offline in Chromium from a file: nothing fetched, no script of the peer run, no error, at phone width',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcpfs-replay-html-'));
      const file = join(dir, 'report.html');
      writeFileSync(file, html);
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_ARGS] });
      try {
        const ctx = await browser.newContext({ viewport: { width: 375, height: 800 } });
        const fetched: string[] = [];
        await ctx.route(
          '**/*',
          (r) => (fetched.push(r.request().url()), r.request().url().startsWith('file:') ? r.continue() : r.abort()),
        );
        await ctx.addInitScript(() => {
          const w = window as unknown as { __pwned: (n: unknown) => void; __hits: string[]; __violations: string[] };
          w.__hits = [];
          w.__violations = [];
          w.__pwned = (n) => void w.__hits.push(String(n));
          document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
        });
        const page = await ctx.newPage();
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('dialog', (d) => void d.dismiss().then(() => errors.push(`dialog ${d.message()}`)));
        await page.goto(`file://${file}#s0-x-3`);
        const seen = await page.evaluate(() => {
          const w = window as unknown as { __hits: string[]; __violations: string[] };
          return {
            hits: w.__hits,
            violations: w.__violations,
            // The exchange a link names is opened; the page fits a phone's width.
            open: (document.getElementById('s0-x-3') as HTMLDetailsElement | null)?.open,
            width: document.documentElement.scrollWidth,
          };
        });
        expect(seen).toEqual({ hits: [], violations: [], open: true, width: 375 });
        expect(errors).toEqual([]);
        expect(fetched).toEqual([`file://${file}`]);
      } finally {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
