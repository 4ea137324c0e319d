// The site built from the committed records and the pinned spec (as `npm run build` makes it): no broken link or
// anchor, and no accessibility violation on any kind of page (src/testing/site-quality.ts).
import { useProjectSite } from '../testing/real-site.ts';
import { describeSiteQuality } from '../testing/site-quality.ts';

const site = useProjectSite('mcpfs-quality-records');
describeSiteQuality('site built from the committed records', () => site.out);
