import type { Revision } from '../schema/common.ts';
import type { TrialSchemaReport } from '../schema/schema-report.ts';

/**
 * Types of the pinned-schema check of wire logs: what derive receives (the parsed `schema.json` of a revision, as data)
 * and what it reports per trial (findings: messages that do not validate; notes: messages only partly checked).
 */

/** The parsed pinned JSON Schema(s) of one revision. The core never reads files: harness/io parses them. */
export interface PinnedSchemas {
  /** `schema/<revision>/schema.json` of the spec repository (JSON Schema 2020-12, definitions under `$defs`). */
  main: unknown;
  /** Extension schemas that define further methods (2026-07-28: the tasks extension), each with a short label. */
  extensions?: readonly { label: string; schema: unknown }[];
}

/** Every revision's pinned schemas as loaded by harness/io, and the revisions whose schema is absent. */
export interface SchemaSet {
  schemas: Partial<Record<Revision, PinnedSchemas>>;
  /** Revisions without a pinned `schema.json`, with the path looked for (their validation is skipped, never silently). */
  missing: { revision: Revision; path: string }[];
}

// The report types are the data set's contract: zod schemas in src/bench/schema/schema-report.ts.
export type {
  MessageLocation,
  MessagePlace,
  SchemaError,
  SchemaFinding,
  SchemaNote,
  Sender,
  TrialSchemaReport,
} from '../schema/schema-report.ts';

/** Bounds on the work and the output, so hostile traces cannot blow up derive or the data set. */
export const SCHEMA_LIMITS = {
  errorsPerMessage: 8,
  findingsPerTrial: 100,
  notesPerTrial: 50,
  /** Messages validated per trial; the rest are counted in a note. */
  messagesPerTrial: 5000,
  /** Text longer than this is not parsed. Bodies are capped by the recorder already; SSE data is not. */
  messageBytes: 1 << 20,
  /** Deeper JSON is not validated (the compiled validators recurse). */
  depth: 128,
  /** Pointers and messages are cut to this many characters. */
  textChars: 300,
} as const;

/** The report of a trial whose revision's schema is absent or unusable. */
export function skippedReport(reason: string): TrialSchemaReport {
  return { status: 'skipped', reason, messages: 0, steps: [], findings: [], notes: [], moreFindings: 0, moreNotes: 0 };
}
