import { z } from 'zod';
import { REVISION_MANIFEST } from '../spec/revisions.ts';

type RevisionId = (typeof REVISION_MANIFEST)[number]['id'];

/** A protocol revision with its own scenario set (the revision manifest's ids). Tables always split by revision first. */
export const RevisionSchema = z
  .enum(REVISION_MANIFEST.map((r) => r.id) as [RevisionId, ...RevisionId[]])
  .describe('MCP protocol revision');
export type Revision = z.infer<typeof RevisionSchema>;
export const REVISIONS = RevisionSchema.options;

/** Which side of the transport the agent implements: `client` drives our reference server, `server` is probed. */
export const RoleSchema = z.enum(['client', 'server']).describe('role the subject implements');
export type Role = z.infer<typeof RoleSchema>;
export const ROLES = RoleSchema.options;

/**
 * RFC 2119 strength of a checkpoint. Negative forms fold into their positive level
 * (MUST NOT → MUST, SHOULD NOT → SHOULD); REQUIRED/SHALL → MUST, RECOMMENDED → SHOULD, OPTIONAL → MAY.
 */
export const LevelSchema = z.enum(['MUST', 'SHOULD', 'MAY']).describe('RFC 2119 level');
export type Level = z.infer<typeof LevelSchema>;

/** Docs axis: `none` = the prompt only; `full` = the pinned spec copied into the workspace. */
export const DocsAxisSchema = z.enum(['none', 'full']).describe('documentation given to the agent');
export type DocsAxis = z.infer<typeof DocsAxisSchema>;
export const DOCS_AXES = DocsAxisSchema.options;

/** Lower-case kebab-case identifier (scenario ids, checkpoint slugs, mutant switches). */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case kebab-case, e.g. "session-terminated-returns-404"');

/** Sentence id from `normative-sentences.tsv`, e.g. `251125-transports-79a`. */
export const SentenceIdSchema = z
  .string()
  .regex(/^\d{6}-[a-z0-9]+-\d+[a-z]?$/, 'must look like "251125-transports-79a"');
export type SentenceId = z.infer<typeof SentenceIdSchema>;

/** ISO 8601 UTC timestamp with milliseconds, e.g. `2026-11-30T08:00:00.000Z`. */
export const TimestampSchema = z.iso.datetime({ offset: false, precision: 3 });

/**
 * A string of at most `max` characters (and at least `min`): every free-text field of a record or wire log has a
 * bound, so a hostile file cannot carry megabytes in a label and the error names the field.
 */
export const boundedString = (max: number, min = 0) => {
  const s = z.string().max(max, `must be at most ${max} characters`);
  return min > 0 ? s.min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`) : s;
};
