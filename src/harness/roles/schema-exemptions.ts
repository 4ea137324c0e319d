import type { Revision, Role } from '../../bench/schema/common.ts';
import type { MutantSchemaDeclaration, SchemaExemptions } from '../../bench/wire-schema/gate.ts';
import { DRIVERS } from './registry.ts';

/** The deliberately schema-invalid probe steps and mutants, as the schema gate (derive, calibrate) takes them. */
export function schemaExemptions(): SchemaExemptions {
  const steps: SchemaExemptions['steps'] = {};
  const mutants: SchemaExemptions['mutants'] = {};
  for (const [rev, roles] of Object.entries(DRIVERS) as [Revision, (typeof DRIVERS)[Revision]][]) {
    for (const [role, driver] of Object.entries(roles ?? {}) as [
      Role,
      NonNullable<(typeof DRIVERS)[Revision]>[Role],
    ][]) {
      const declared: Record<string, MutantSchemaDeclaration> = {};
      for (const m of driver?.mutants ?? []) if (m.schemaInvalid) declared[m.id] = m.schemaInvalid;
      if (driver?.role === 'server') steps[rev] = driver.schemaInvalidSteps;
      (mutants[rev] ??= {})[role] = declared;
    }
  }
  return { steps, mutants };
}
