// The libraries board's committed data: which real MCP libraries run, with which glue, where a scenario is not
// attempted (and why), and the raw evidence kept for each library failure. Files: `libraries/registry.json`,
// `libraries/evidence/index.json` (CONTEXT.md "Libraries board").
import { z } from 'zod';
import { RevisionSchema, RoleSchema, SentenceIdSchema, SlugSchema } from './common.ts';
import { ReviewSchema } from './review.ts';

/** An exact npm version (no ranges: a record never claims a version that did not run). */
const ExactVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, 'must be an exact version, e.g. "1.32.2"');

/** A path relative to `libraries/`, without `..` segments. */
const LibraryPathSchema = z
  .string()
  .regex(
    /^(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9@._/-]+$/,
    'must be a path relative to libraries/, e.g. "typescript-sdk/server.ts"',
  );

/** A scenario a library's glue does not run, and why the library cannot do it. */
export const NotAttemptedSchema = z.strictObject({
  /** Revision of the scenario. */
  revision: RevisionSchema,
  /** Role of the scenario. */
  role: RoleSchema,
  /** Scenario id (`scenarios/<revision>/<role>/<scenario>.json`). */
  scenario: SlugSchema,
  /** What the library lacks, concretely (shown on the board instead of a score). */
  reason: z.string().min(20),
  /**
   * Set when the reason is the protocol version: the version the library answers an initialize asking for this
   * revision with (e.g. `2025-03-26`). Such a library is listed beside its board, greyed and out of the ranking,
   * stating the version it speaks, never shown as a broken row.
   */
  negotiates: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a protocol version, e.g. "2025-06-18"')
    .optional(),
});
export type NotAttempted = z.infer<typeof NotAttemptedSchema>;

/**
 * Whose Streamable HTTP transport code a library runs, so a reader can tell twenty implementations from twenty
 * wrappers of one: its own, or an official SDK's (used as a dependency or bundled into the library).
 */
export const TransportLineageSchema = z
  .strictObject({
    /** `own`: the library implements the transport itself; `sdk`: it runs an official MCP SDK's transport. */
    code: z.enum(['own', 'sdk']),
    /** With `sdk`: the SDK package whose transport runs, e.g. `@modelcontextprotocol/sdk`. */
    package: z.string().min(1).optional(),
    /** With `sdk`: that package's exact installed version (checked before a run); absent when the library bundles it. */
    version: ExactVersionSchema.optional(),
    /** Where it is seen in the installed package: the file and class or function that handles the HTTP exchange. */
    note: z.string().min(10),
  })
  .refine((l) => l.code === 'own' || l.package !== undefined, {
    message: 'code "sdk" needs the SDK package that runs',
    path: ['package'],
  });
export type TransportLineage = z.infer<typeof TransportLineageSchema>;

/** One library under test. */
export const LibraryEntrySchema = z.strictObject({
  /** npm package name the records claim, e.g. `@modelcontextprotocol/sdk`. */
  library: z.string().min(1),
  /** Exact version the records claim; must equal the installed one (checked before running). */
  libraryVersion: ExactVersionSchema,
  /** Display name on the board. */
  label: z.string().min(1),
  /** Install folder (relative to `libraries/`, `.` for `libraries/` itself) whose node_modules holds the library. */
  installFolder: LibraryPathSchema.or(z.literal('.')),
  /** Other packages the glue imports, by name → exact version (checked like the library's). */
  companions: z.record(z.string().min(1), ExactVersionSchema).default({}),
  /** Glue program per revision and role, relative to `libraries/`; run as `node <glue> <scenario id>`. */
  glue: z.partialRecord(RevisionSchema, z.partialRecord(RoleSchema, LibraryPathSchema)),
  /** Scenarios of a glued revision × role that the library cannot do. */
  notAttempted: z.array(NotAttemptedSchema).default([]),
  /** Whose transport code runs (shown on the library's pages); for a library with both roles, the server's. */
  transport: TransportLineageSchema,
  /** The client role's lineage, when it runs another package's transport than the server role (e.g. Mastra). */
  clientTransport: TransportLineageSchema.optional(),
});
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>;

/** `libraries/registry.json`. */
export const LibraryRegistrySchema = z.strictObject({
  /** JSON Schema of this file (editor support). */
  $schema: z.string().optional(),
  /** The libraries, in board-independent order (the board orders by score). */
  libraries: z.array(LibraryEntrySchema).min(1),
});
export type LibraryRegistry = z.infer<typeof LibraryRegistrySchema>;

/**
 * Raw evidence for one failing verdict of a library (the scored verdict, or the strict reading of a contested
 * checkpoint), observed without the prober or the reference server, and its review.
 */
export const EvidenceEntrySchema = z.strictObject({
  /** Library package name (as in the registry). */
  library: z.string().min(1),
  /** Exact version that produced the transcript. */
  libraryVersion: ExactVersionSchema,
  revision: RevisionSchema,
  role: RoleSchema,
  scenario: SlugSchema,
  /** Checkpoint slug whose failing verdict this evidence concerns. */
  checkpoint: SlugSchema,
  /** The spec sentence the checkpoint cites (null for the task checkpoint). */
  sentence: SentenceIdSchema.nullable(),
  /** Transcript file, relative to `libraries/evidence/`. */
  transcript: LibraryPathSchema,
  /** The command that produced it (shell, as run by `npm run libraries -- --evidence`). */
  command: z.string().min(1),
  /**
   * A JavaScript regular expression (flags none) the transcript must match where it shows the behaviour; `--evidence`
   * re-runs the command and requires a match again. A regex, not a substring: ids, ports and dates change per run.
   */
  expect: z
    .string()
    .min(1)
    .refine((s) => {
      try {
        new RegExp(s);
        return true;
      } catch {
        return false;
      }
    }, 'must be a valid JavaScript regular expression'),
  /**
   * What the exchange shows: `confirmed` = the library violates the sentence; `judge-suspected-wrong` = the raw
   * exchange does not show a violation of the sentence (reported to the judges' owner, verdict kept as judged).
   */
  status: z.enum(['confirmed', 'judge-suspected-wrong']),
  /** One or two sentences: what in the transcript shows it. */
  note: z.string().min(10),
  /** Why the verdict fails, as one review class with its reason and links (checked against the verdict by derive). */
  review: ReviewSchema,
});
export type EvidenceEntry = z.infer<typeof EvidenceEntrySchema>;

/** `libraries/evidence/index.json`. */
export const EvidenceIndexSchema = z.strictObject({
  $schema: z.string().optional(),
  entries: z.array(EvidenceEntrySchema),
});
export type EvidenceIndex = z.infer<typeof EvidenceIndexSchema>;
