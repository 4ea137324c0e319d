import type { Revision } from '../schema/common.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { skippedReport } from './types.ts';
import { validateWireLog } from './validate.ts';
import type { SchemaRevisionStatus } from '../schema/schema-report.ts';
import type { SchemaSet, TrialSchemaReport } from './types.ts';

/** How schema validation went for one revision, for the data set (a skip is never silent). */
export type { SchemaRevisionStatus } from '../schema/schema-report.ts';

/** Why a revision's check is skipped, or undefined when its schema is there. */
function skipReason(revision: Revision, set: SchemaSet | undefined): string | undefined {
  if (!set) return 'no pinned schema was given to derive';
  if (set.schemas[revision]) return undefined;
  const miss = set.missing.find((m) => m.revision === revision);
  return `pinned schema for ${revision} not found${miss ? ` (${miss.path})` : ''}`;
}

/** The check's status per revision. */
export function schemaStatuses(revisions: readonly Revision[], set: SchemaSet | undefined): SchemaRevisionStatus[] {
  return revisions.map((revision) => {
    const reason = skipReason(revision, set);
    return reason ? { revision, status: 'skipped', reason } : { revision, status: 'checked' };
  });
}

/**
 * One trial's schema report: the wire log validated against its revision's pinned schema, each finding tagged with
 * the checkpoints whose verdict evidence names its exchange (the verdicts themselves are not touched).
 */
export function trialSchemaReport(
  revision: Revision,
  log: WireLog,
  verdicts: readonly Verdict[],
  set: SchemaSet | undefined,
): TrialSchemaReport {
  const reason = skipReason(revision, set);
  if (reason) return skippedReport(reason);
  const report = validateWireLog(set!.schemas[revision]!, log);
  const byX = new Map<number, string[]>();
  for (const v of verdicts) for (const x of new Set(v.evidence)) byX.set(x, [...(byX.get(x) ?? []), v.checkpoint]);
  return { ...report, findings: report.findings.map((f) => (byX.has(f.x) ? { ...f, checkpoints: byX.get(f.x)! } : f)) };
}
