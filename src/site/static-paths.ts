// Static paths shared by pages that exist once per revision × role (Astro's getStaticPaths), so every such page
// covers the same set, and a new revision in the manifest gets all of them.
import { REVISIONS, type Revision, type Role } from '../bench/schema/common.ts';
import { siteKeyed } from './build-info.ts';

/** Props of a page built once per revision × role. */
export interface RevisionRoleProps {
  /** Protocol revision. */
  revision: Revision;
  /** Role the page is about. */
  role: Role;
}

/** One path per revision × role, server first (the order the methodology lists them). */
export const revisionRolePaths = () =>
  siteKeyed(
    REVISIONS.flatMap((revision) =>
      (['server', 'client'] as const).map((role) => ({ params: { revision, role }, props: { revision, role } })),
    ),
  );
