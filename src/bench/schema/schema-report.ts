// What the pinned-schema check of a wire log reports, per trial and per revision (src/bench/wire-schema computes it;
// the data set publishes it beside the verdicts).
import { z } from 'zod';
import { SCHEMA_LIMITS } from '../wire-schema/types.ts';
import { RevisionSchema, SlugSchema } from './common.ts';

/** Who put a message on the wire: the harness (prober, reference server) or the subject under test. */
export const SenderSchema = z.enum(['harness', 'subject']);
export type Sender = z.infer<typeof SenderSchema>;

/** Where in an exchange a message travelled: request body, non-SSE response body, or one SSE event's `data`. */
export const MessagePlaceSchema = z.enum(['request', 'response', 'sse']);
export type MessagePlace = z.infer<typeof MessagePlaceSchema>;

/** Where a message was found: exchange, place, SSE event index (from 0) and position inside a JSON array body. */
export const MessageLocationSchema = z.strictObject({
  /** Exchange index of the wire log. */
  x: z.int().nonnegative(),
  /** `request` = request body, `response` = non-SSE response body, `sse` = one SSE event's `data`. */
  where: MessagePlaceSchema,
  /** Index of the SSE event within its exchange, from 0 (only for `sse`). */
  sse: z.int().nonnegative().optional(),
  /** Position inside a JSON array (batch) body, from 0 (absent for a single message). */
  batch: z.int().nonnegative().optional(),
  /** Who sent it. */
  sender: SenderSchema,
});
export type MessageLocation = z.infer<typeof MessageLocationSchema>;

/** One schema violation inside a message. */
export const SchemaErrorSchema = z.strictObject({
  /** JSON Pointer into the message (`/result/ttlMs`); `` = the message itself. */
  pointer: z.string(),
  /** JSON Schema keyword that failed (`required`, `type`, `const`, …; `json` when the text is not JSON). */
  keyword: z.string(),
  /** Validator message (`must have required property 'ttlMs'`). */
  message: z.string(),
});
export type SchemaError = z.infer<typeof SchemaErrorSchema>;

/** A message that does not validate against a definition of the pinned schema. */
export const SchemaFindingSchema = MessageLocationSchema.extend({
  /** Probe step or reference label of the exchange (the request event's `step`), when it has one. */
  step: z.string().optional(),
  /** JSON-RPC method of the message, or of the request it answers; absent when unknown. */
  method: z.string().optional(),
  /** Definition validated against (`ListToolsResult`, `JSONRPCErrorResponse`, `ext-tasks:CreateTaskResult`). */
  def: z.string().min(1),
  /** Pointer the definition was applied at (`/result` for a result definition), `` for the whole message. */
  at: z.string(),
  /** The errors, deduplicated, at most `SCHEMA_LIMITS.errorsPerMessage`. */
  errors: z.array(SchemaErrorSchema).max(SCHEMA_LIMITS.errorsPerMessage),
  /** How many errors were left out by the cap. */
  moreErrors: z.int().nonnegative(),
  /** Checkpoint slugs of the trial's verdicts whose evidence names this exchange (filled in by derive). */
  checkpoints: z.array(SlugSchema).optional(),
  /** Why the violation is deliberate (a declared probe step or mutant; filled in by derive), when it is. */
  declared: z.string().optional(),
});
export type SchemaFinding = z.infer<typeof SchemaFindingSchema>;

/** A message that was only partly checked (or not at all), and why. Never a violation by itself. */
export const SchemaNoteSchema = MessageLocationSchema.extend({
  /** Probe step or reference label of the exchange, when it has one. */
  step: z.string().optional(),
  /** JSON-RPC method of the message, when known. */
  method: z.string().optional(),
  /** One line: `unknown method "foo/bar": envelope only`, `body truncated at the cap: not validated`. */
  text: z.string().min(1),
});
export type SchemaNote = z.infer<typeof SchemaNoteSchema>;

/** What the check found in one trial's wire log. */
export const TrialSchemaReportSchema = z.strictObject({
  /** `checked` with the pinned schema, or `skipped` (schema absent, see `reason`). */
  status: z.enum(['checked', 'skipped']),
  /** Why it was skipped. */
  reason: z.string().min(1).optional(),
  /** JSON-RPC messages looked at. */
  messages: z.int().nonnegative(),
  /** Probe steps / reference labels of the exchanges those messages travelled on, sorted, unique. */
  steps: z.array(z.string()),
  /** Violations, in wire order, at most `SCHEMA_LIMITS.findingsPerTrial`. */
  findings: z.array(SchemaFindingSchema).max(SCHEMA_LIMITS.findingsPerTrial),
  /** Partly checked messages, in wire order, at most `SCHEMA_LIMITS.notesPerTrial`. */
  notes: z.array(SchemaNoteSchema).max(SCHEMA_LIMITS.notesPerTrial),
  /** Findings left out by the cap. */
  moreFindings: z.int().nonnegative(),
  /** Notes left out by the cap. */
  moreNotes: z.int().nonnegative(),
});
export type TrialSchemaReport = z.infer<typeof TrialSchemaReportSchema>;

/** Whether one revision's messages were checked against its pinned schema, or skipped (and why). */
export const SchemaRevisionStatusSchema = z.strictObject({
  /** The revision. */
  revision: RevisionSchema,
  /** `checked` when its pinned `schema.json` was loaded, else `skipped`. */
  status: z.enum(['checked', 'skipped']),
  /** Why it was skipped. */
  reason: z.string().min(1).optional(),
});
export type SchemaRevisionStatus = z.infer<typeof SchemaRevisionStatusSchema>;
