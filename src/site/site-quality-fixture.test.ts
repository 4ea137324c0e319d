// The site built from the replay fixture tree (the synthetic tree plus a hostile, a 2,000-exchange and an infra-error
// trial, and re-run verified ones; no pinned spec): every route has a page here, exchange pages included. No broken
// link or anchor, and no accessibility violation on any kind of page (src/testing/site-quality.ts), nor on the trial
// page with a Verification section and a snapshot (the route's sample is the largest trial page, which has neither).
import { useBuiltSite } from '../testing/built-site.ts';
import { FIXTURE_IDS, writeReplayFixtureFiles } from '../testing/replay-fixture-tree.ts';
import { describeSiteQuality } from '../testing/site-quality.ts';

const site = useBuiltSite('mcpfs-quality-fixture', writeReplayFixtureFiles);
describeSiteQuality('site built from the replay fixture tree', () => site.out, {
  routes: ['trials/[id]/exchanges/[page].astro', 'compare/[a]/[b]/index.astro', 'subjects/[...subject].astro'],
  pages: [{ route: 'trials/[id]/index.astro', page: `trials/${FIXTURE_IDS.disagrees}/index.html` }],
});
