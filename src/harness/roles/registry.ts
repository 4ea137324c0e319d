import type { Revision, Role } from '../../bench/schema/common.ts';
import type { RoleDriver } from './types.ts';

/** Drivers by revision and role; each role's module registers itself here. */
export const DRIVERS: Partial<Record<Revision, Partial<Record<Role, RoleDriver>>>> = {};

export function driverFor(revision: Revision, role: Role): RoleDriver | undefined {
  return DRIVERS[revision]?.[role];
}
