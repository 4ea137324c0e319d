import { z } from 'zod';
import { CheckpointSchema } from './checkpoint.ts';
import { RevisionSchema, RoleSchema, SlugSchema } from './common.ts';

/** A tool the task requires the subject to expose (server role) or call (client role). */
export const ScenarioToolSchema = z.strictObject({
  /** Tool name exactly as on the wire. */
  name: z.string().min(1),
  /** What the tool does, as told to the agent. */
  description: z.string().min(1),
  /** JSON Schema of the tool's arguments. */
  inputSchema: z.record(z.string(), z.unknown()),
});
export type ScenarioTool = z.infer<typeof ScenarioToolSchema>;

/**
 * A give-away token a scenario's texts may name: the prompt states the task, never the grade, and the leakage test
 * fails on any token a checkpoint grades (a status code, a header, a field name…) unless it is listed here.
 */
export const LeakAllowanceSchema = z.strictObject({
  /** The token exactly as the leakage test prints it (case-insensitive), e.g. `null`. */
  token: z.string().min(1),
  /** One line on why the task itself must name it, e.g. "the get_secret arguments include a null value". */
  reason: z.string().regex(/\S/, 'must say why the prompt names this token'),
});
export type LeakAllowance = z.infer<typeof LeakAllowanceSchema>;

/** A benchmark task: one revision, one role, the prompt an agent gets, and the checkpoints that grade it. */
export const ScenarioSchema = z
  .strictObject({
    /** Path of the JSON Schema for editors; ignored by the loader. */
    $schema: z.string().optional(),
    /** Stable kebab-case id; the file must be `scenarios/<revision>/<role>/<id>.json`. */
    id: SlugSchema,
    /** Protocol revision this scenario exercises. */
    revision: RevisionSchema,
    /** Role the subject implements. */
    role: RoleSchema,
    /** Short human title. */
    title: z.string().min(1),
    /** Difficulty grade, 1 (basic) to 5 (hard); orders scenarios in tables. */
    grade: z.int().min(1).max(5),
    /** One paragraph on what this scenario tests, for scenario pages. */
    summary: z.string().min(1),
    /** The complete task given to the agent as `TASK.md` (markdown). */
    prompt: z.string().min(1),
    /** Behaviours the task requires, in words (shown on the scenario page). */
    requires: z.array(z.string().min(1)).default([]),
    /** Give-away tokens the prompt, `requires` or tool descriptions may name, each with its reason (default none). */
    leakAllowed: z.array(LeakAllowanceSchema).default([]),
    /** Tools the task names (server role: to expose; client role: to call). */
    tools: z.array(ScenarioToolSchema).default([]),
    /**
     * Decisions about the scenario as a whole, one or two sentences each (inline markdown): why a tool or the prompt is
     * shaped the way it is, or a reading that several of its checkpoints share. Absent when there is none. Rendered
     * into CONTEXT.md's generated deviations section (`npm run context`); not part of the scenario hash.
     */
    design: z.array(z.string().min(1)).min(1).optional(),
    /** Checkpoints, in display order; exactly one has `kind: "task"`. */
    checkpoints: z.array(CheckpointSchema).min(1),
  })
  .superRefine((s, ctx) => {
    const seen = new Map<string, number>();
    s.checkpoints.forEach((c, i) => {
      const prev = seen.get(c.slug);
      if (prev !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['checkpoints', i, 'slug'],
          message: `duplicate slug "${c.slug}" (also checkpoints[${prev}])`,
        });
      }
      seen.set(c.slug, i);
    });
    const tasks = s.checkpoints.filter((c) => c.kind === 'task').length;
    if (tasks !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkpoints'],
        message: `needs exactly one checkpoint of kind "task", found ${tasks}`,
      });
    }
  });
export type Scenario = z.infer<typeof ScenarioSchema>;
