// The site built from the committed records and the pinned spec (as `npm run build` makes it): no broken link or
// anchor, no accessibility violation on any kind of page (src/testing/site-quality.ts), and every failing library
// verdict's pages (trial, subject, checkpoint) link its evidence, its glue and a reproduce command; the index pages
// (trials, subjects, data) stay within the page budget on real data, a full page of trials included.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../bench/derive/dataset.ts';
import { useProjectSite } from '../testing/real-site.ts';
import { describeSiteQuality } from '../testing/site-quality.ts';
import { tableValues } from '../testing/html.ts';
import { PAGE_BUDGET_BYTES, pageWeight } from '../testing/page-weight.ts';
import { TRIALS_PAGE_SIZE, trialListPages } from './trial-list.ts';

const site = useProjectSite('mcpfs-quality-records');
describeSiteQuality('site built from the committed records', () => site.out);

describe('failing library verdicts on the records site', () => {
  const page = (path: string) => readFileSync(join(site.out, path, 'index.html'), 'utf8');
  const linksTo = (html: string, path: string) => html.includes(`/${path}" `) || html.includes(`/${path}">`);

  it('link the raw transcript, its script and the glue on the trial, subject and checkpoint pages, with a reproduce command', () => {
    const d = JSON.parse(readFileSync(join(dirname(site.out), 'generated/dataset.json'), 'utf8')) as Dataset;
    const failures = d.libraries.failures.filter((f) => f.trial && f.evidence);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      const where = `${f.subject} ${f.revision} ${f.role} ${f.scenario} ${f.checkpoint}`;
      const pages = {
        trial: page(`trials/${f.trial}`),
        subject: page(`subjects/${f.subject}`),
        checkpoint: page(`${f.revision}/${f.role}/${f.scenario}/${f.checkpoint}`),
      };
      for (const [kind, html] of Object.entries(pages)) {
        for (const path of [f.evidence!.file, f.evidence!.script!, f.glue!])
          expect(linksTo(html, path), `${where}: ${kind} page links ${path}`).toBe(true);
      }
      for (const html of [pages.trial, pages.subject])
        expect(html, `${where}: reproduce command`).toContain(
          `npm run libraries -- --library ${f.subject.slice(8)} --revision ${f.revision} --role ${f.role} --evidence`,
        );
    }
  });
});

describe('index pages on the records site', () => {
  it(`keeps a full page of ${TRIALS_PAGE_SIZE} trials, every trials page, the subjects index and the Data page within ${PAGE_BUDGET_BYTES / 1024} KB`, () => {
    const d = JSON.parse(readFileSync(join(dirname(site.out), 'generated/dataset.json'), 'utf8')) as Dataset;
    const lists = trialListPages(d).map((p) => ({ ...p, path: `trials/${p.revision}/${p.role}/${p.page}/index.html` }));
    // The budget is meant for a page at its fullest: the records must fill one (they do from 100 trials of a role).
    const full = lists.filter(
      (p) => tableValues(readFileSync(join(site.out, p.path), 'utf8'), p.id).length === TRIALS_PAGE_SIZE,
    );
    expect(full.length).toBeGreaterThan(0);
    for (const path of ['trials/index.html', ...lists.map((p) => p.path), 'subjects/index.html', 'data/index.html']) {
      const w = pageWeight(site.out, path);
      console.log(
        `page weight ${path}: ${(w.total / 1024).toFixed(1)} KB (HTML ${(w.html / 1024).toFixed(1)} KB gzip)`,
      );
      expect(w.total, path).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
    }
  });
});
