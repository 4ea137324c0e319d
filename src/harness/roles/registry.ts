import type { Revision, Role } from '../../bench/schema/common.ts';
import { RunnerInputError } from '../errors.ts';
import type { RoleDriver } from './types.ts';
import { driver as client251125 } from './2025-11-25-client.ts';
import { driver as server251125 } from './2025-11-25-server.ts';
import { driver as client260728 } from './2026-07-28-client.ts';
import { driver as server260728 } from './2026-07-28-server.ts';

/** Drivers by revision and role; each role's module registers itself here. */
export const DRIVERS: Partial<Record<Revision, Partial<Record<Role, RoleDriver>>>> = {};
(DRIVERS['2025-11-25'] ??= {}).client = client251125;
(DRIVERS['2025-11-25'] ??= {}).server = server251125;
(DRIVERS['2026-07-28'] ??= {}).client = client260728;
(DRIVERS['2026-07-28'] ??= {}).server = server260728;

export function driverFor(revision: Revision, role: Role): RoleDriver | undefined {
  return DRIVERS[revision]?.[role];
}

/** The driver of a revision and role; a missing one is an input error. */
export function requireDriver(revision: Revision, role: Role): RoleDriver {
  const d = driverFor(revision, role);
  if (!d)
    throw new RunnerInputError(
      `no role driver registered for ${revision} ${role}`,
      'see src/harness/roles/registry.ts',
    );
  return d;
}
