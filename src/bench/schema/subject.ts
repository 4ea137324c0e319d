import { z } from 'zod';
import { boundedString } from './common.ts';

/** Who produced a trial: an agent from scratch, a real MCP library, or a calibration implementation. */
export const SubjectKindSchema = z.enum(['agent', 'library', 'calibration']);
export type SubjectKind = z.infer<typeof SubjectKindSchema>;

const SEGMENT = /^[A-Za-z0-9@._+-]+$/;

/**
 * The agent harnesses this project runs inside the trial's sandbox beside pi (`npm run trial -- --agent <name>`), each
 * pinned under `agents/<name>/`: the one list the runner, run manifests, pull-request checks and the site read.
 */
export const SANDBOXED_HARNESSES = ['claude-code', 'codex', 'gemini-cli', 'opencode'] as const;

/**
 * A subject. `id` is its stable name and also its folder under a scenario's results:
 * `calibration/oracle`, `calibration/null`, `calibration/mutant-<switch>`, `library/<package>@<version>`,
 * `agent/<harness>@<version>/<provider>/<model>/<thinking>`.
 */
export const SubjectSchema = z
  .strictObject({
    /** Board this subject appears on. */
    kind: SubjectKindSchema,
    /** Stable id, `<kind>/…`; slash-separated segments of `[A-Za-z0-9@._+-]`, no `.` or `..` segment. */
    id: boundedString(200, 3),
    /** Display name, e.g. "pi 1.6.0 · anthropic/claude-sonnet-5 · high". */
    label: boundedString(200, 1),
    /** Agent harness name, e.g. "pi" (agents and scripted calibration runs). */
    harness: boundedString(100, 1).optional(),
    /** Agent harness version, e.g. "1.6.0". */
    harnessVersion: boundedString(100, 1).optional(),
    /** Model provider, e.g. "anthropic". */
    provider: boundedString(100, 1).optional(),
    /** Model id at the provider. */
    model: boundedString(100, 1).optional(),
    /** Thinking level as the harness names it (pi: off|minimal|low|medium|high|xhigh|max). */
    thinking: boundedString(100, 1).optional(),
    /** Library package name, e.g. "@modelcontextprotocol/sdk". */
    library: boundedString(100, 1).optional(),
    /** Library version, exact. */
    libraryVersion: boundedString(100, 1).optional(),
  })
  .superRefine((s, ctx) => {
    const segs = s.id.split('/');
    if (segs[0] !== s.kind) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: `must start with "${s.kind}/" to match kind` });
    }
    if (segs.length < 2 || segs.some((g) => !SEGMENT.test(g) || g === '.' || g === '..')) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'segments must be non-empty [A-Za-z0-9@._+-], not "." or ".."',
      });
    }
  });
export type Subject = z.infer<typeof SubjectSchema>;
