import type { Revision, Role } from '../../bench/schema/common.ts';
import type { MutantSchemaDeclaration, SchemaExemptions } from '../../bench/wire-schema/gate.ts';
import { DRIVERS } from './registry.ts';

/** The deliberately schema-invalid probe steps, reference labels and mutants, as the schema gate takes them. */
export function schemaExemptions(): SchemaExemptions {
  const steps: SchemaExemptions['steps'] = {};
  const labels: NonNullable<SchemaExemptions['labels']> = {};
  const mutants: SchemaExemptions['mutants'] = {};
  for (const [rev, roles] of Object.entries(DRIVERS) as [Revision, (typeof DRIVERS)[Revision]][]) {
    for (const [role, driver] of Object.entries(roles ?? {}) as [
      Role,
      NonNullable<(typeof DRIVERS)[Revision]>[Role],
    ][]) {
      const declared: Record<string, MutantSchemaDeclaration> = {};
      for (const m of driver?.mutants ?? []) if (m.schemaInvalid) declared[m.id] = m.schemaInvalid;
      if (driver?.role === 'server') steps[rev] = driver.schemaInvalidSteps;
      if (driver?.role === 'client' && driver.schemaInvalidLabels) labels[rev] = driver.schemaInvalidLabels;
      (mutants[rev] ??= {})[role] = declared;
    }
  }
  return { steps, labels, mutants };
}
