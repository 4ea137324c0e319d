import type { Revision, Role } from '../schema/common.ts';
import type { Judge, JudgeRegistry } from './types.ts';
import { judges as client251125 } from './2025-11-25/client/index.ts';
import { judges as server251125 } from './2025-11-25/server/index.ts';
import { judges as client260728 } from './2026-07-28/client/index.ts';
import { judges as server260728 } from './2026-07-28/server/index.ts';

/**
 * Every judge of the benchmark, by revision, role and slug. Each revision's judges name their own slugs (`judge()`);
 * `satisfies` makes a revision added to the manifest (`spec/revisions.ts`) a type error here until its judges exist.
 */
export const JUDGES: JudgeRegistry = {
  '2025-11-25': { server: server251125, client: client251125 },
  '2026-07-28': { server: server260728, client: client260728 },
} satisfies Record<Revision, Record<Role, Readonly<Record<string, Judge>>>>;
