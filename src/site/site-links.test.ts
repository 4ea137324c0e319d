// Crawls the site built from the project's own records and the pinned spec: every internal href/src resolves to a
// built file, every #fragment to an id of its page, every external link goes to an allowed host (never fetched).
import { describe, expect, it } from 'vitest';
import { checkSiteLinks, formatLinkProblems } from '../testing/link-check.ts';
import { useProjectSite } from '../testing/real-site.ts';

const site = useProjectSite('mcpfs-links');

describe('links of the site built from the committed records', () => {
  it('has no broken internal link, no missing anchor and no external link outside the allowed hosts', () => {
    const r = checkSiteLinks(site.out);
    expect(r.pages).toBeGreaterThan(100);
    expect(r.links).toBeGreaterThan(r.pages * 10);
    expect(r.problems, formatLinkProblems(r.problems)).toEqual([]);
  });
});
