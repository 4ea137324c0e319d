import type { Revision } from '../schema/common.ts';

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

/** Who put a message on the wire: the harness (prober, reference server) or the subject under test. */
export type Sender = 'harness' | 'subject';

/** Where in an exchange a message travelled. */
export type MessagePlace = 'request' | 'response' | 'sse';

/** Where a message was found: exchange, place, SSE event index (from 0) and position inside a JSON array body. */
export interface MessageLocation {
  /** Exchange index of the wire log. */
  x: number;
  /** `request` = request body, `response` = non-SSE response body, `sse` = one SSE event's `data`. */
  where: MessagePlace;
  /** Index of the SSE event within its exchange, from 0 (only for `sse`). */
  sse?: number;
  /** Position inside a JSON array (batch) body, from 0 (absent for a single message). */
  batch?: number;
  sender: Sender;
}

/** One schema violation inside a message. */
export interface SchemaError {
  /** JSON Pointer into the message (`/result/ttlMs`); `` = the message itself. */
  pointer: string;
  /** JSON Schema keyword that failed (`required`, `type`, `const`, …; `json` when the text is not JSON). */
  keyword: string;
  /** Validator message (`must have required property 'ttlMs'`). */
  message: string;
}

/** A message that does not validate against a definition of the pinned schema. */
export interface SchemaFinding extends MessageLocation {
  /** JSON-RPC method of the message, or of the request it answers; absent when unknown. */
  method?: string;
  /** Definition validated against (`ListToolsResult`, `JSONRPCErrorResponse`, `ext-tasks:CreateTaskResult`). */
  def: string;
  /** Pointer the definition was applied at (`/result` for a result definition), `` for the whole message. */
  at: string;
  /** The errors, deduplicated, at most `SCHEMA_LIMITS.errorsPerMessage`. */
  errors: SchemaError[];
  /** How many errors were left out by the cap. */
  moreErrors: number;
  /** Probe step or reference label of the exchange (the request event's `step`), when it has one. */
  step?: string;
  /** Checkpoint slugs of the trial's verdicts whose evidence names this exchange (filled in by derive). */
  checkpoints?: string[];
}

/** A message that was only partly checked (or not at all), and why. Never a violation by itself. */
export interface SchemaNote extends MessageLocation {
  method?: string;
  /** One line: `unknown method "foo/bar": envelope only`, `body truncated at the cap: not validated`. */
  text: string;
  step?: string;
}

/** What the check found in one trial's wire log. */
export interface TrialSchemaReport {
  /** `checked` with the pinned schema, or `skipped` (schema absent, see `reason`). */
  status: 'checked' | 'skipped';
  /** Why it was skipped. */
  reason?: string;
  /** JSON-RPC messages looked at. */
  messages: number;
  /** Probe steps / reference labels of the exchanges those messages travelled on, sorted, unique. */
  steps: string[];
  /** Violations, in wire order, at most `SCHEMA_LIMITS.findingsPerTrial`. */
  findings: SchemaFinding[];
  /** Partly checked messages, in wire order, at most `SCHEMA_LIMITS.notesPerTrial`. */
  notes: SchemaNote[];
  /** Findings and notes left out by the caps. */
  moreFindings: number;
  moreNotes: number;
}

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
