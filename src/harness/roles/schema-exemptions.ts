import type { Revision, Role } from '../../bench/schema/common.ts';
import type { MutantSchemaDeclaration, SchemaExemptions } from '../../bench/wire-schema/gate.ts';
import { SCHEMA_INVALID_STEPS as STEPS_251125 } from '../probe/2025-11-25/schema-invalid-steps.ts';
import { SCHEMA_INVALID_STEPS as STEPS_260728 } from '../probe/2026-07-28/schema-invalid-steps.ts';
import { DRIVERS } from './registry.ts';

/** The deliberately schema-invalid probe steps and mutants, as the schema gate (derive, calibrate) takes them. */
export function schemaExemptions(): SchemaExemptions {
  const mutants: SchemaExemptions['mutants'] = {};
  for (const [rev, roles] of Object.entries(DRIVERS) as [Revision, (typeof DRIVERS)[Revision]][]) {
    for (const [role, driver] of Object.entries(roles ?? {}) as [Role, NonNullable<(typeof DRIVERS)[Revision]>[Role]][]) {
      const declared: Record<string, MutantSchemaDeclaration> = {};
      for (const m of driver?.mutants ?? []) if (m.schemaInvalid) declared[m.id] = m.schemaInvalid;
      (mutants[rev] ??= {})[role] = declared;
    }
  }
  return { steps: { '2025-11-25': STEPS_251125, '2026-07-28': STEPS_260728 }, mutants };
}
