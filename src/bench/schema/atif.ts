// ATIF, Harbor's Agent Trajectory Interchange Format (RFC 0001, v1.4): what every trial's model traffic is exported as,
// for tools that read trajectories. Only the fields this benchmark fills are typed; the RFC allows more.
import { z } from 'zod';

/** The ATIF version exported. */
export const ATIF_VERSION = 'ATIF-v1.4';

/** One tool call of an agent step. */
export const AtifToolCallSchema = z.strictObject({
  /** Correlates with an observation result's `source_call_id`. */
  tool_call_id: z.string(),
  /** The tool's name as the harness declared it. */
  function_name: z.string(),
  /** Arguments as the model sent them (a JSON object; unparseable text as `{"raw": …}`). */
  arguments: z.record(z.string(), z.unknown()),
});

/** Token figures of one agent step (ATIF: `prompt_tokens` includes cached tokens). */
export const AtifMetricsSchema = z.strictObject({
  /** All input tokens, cached ones included. */
  prompt_tokens: z.int().nonnegative().optional(),
  /** Output tokens, reasoning and tool calls included. */
  completion_tokens: z.int().nonnegative().optional(),
  /** The part of `prompt_tokens` read from the prompt cache. */
  cached_tokens: z.int().nonnegative().optional(),
  /** At the price table's prices, when the model is priced. */
  cost_usd: z.number().nonnegative().optional(),
  /** `cache_write_tokens` (tokens written to the cache, priced apart), `latency_ms`, `first_byte_ms`, `exchange`. */
  extra: z.record(z.string(), z.unknown()).optional(),
});

/** One step: the system prompt, the task message, or one model turn with what its tool calls returned. */
export const AtifStepSchema = z.strictObject({
  /** 1, 2, … */
  step_id: z.int().positive(),
  /** When the model request was made (ISO 8601). */
  timestamp: z.string().optional(),
  /** `system`, `user` or `agent`. */
  source: z.enum(['system', 'user', 'agent']),
  /** The model that answered (agent steps). */
  model_name: z.string().optional(),
  /** The text: the system prompt, the task message, or the model's visible answer (may be empty). */
  message: z.string(),
  /** The model's reasoning text, when the API exposes it. */
  reasoning_content: z.string().optional(),
  tool_calls: z.array(AtifToolCallSchema).optional(),
  /** What the harness sent back for the tool calls (read from the next request). */
  observation: z
    .strictObject({
      results: z.array(z.strictObject({ source_call_id: z.string().optional(), content: z.string().optional() })),
    })
    .optional(),
  metrics: AtifMetricsSchema.optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});

/** A whole trajectory. */
export const AtifTrajectorySchema = z.strictObject({
  /** `ATIF-v1.4`. */
  schema_version: z.literal(ATIF_VERSION),
  /** The trial id. */
  session_id: z.string(),
  /** The harness, its version and the model. */
  agent: z.strictObject({
    name: z.string(),
    version: z.string(),
    model_name: z.string().optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
  steps: z.array(AtifStepSchema),
  /** How the trajectory was made (from the proxy's record, side requests left out). */
  notes: z.string().optional(),
  final_metrics: z
    .strictObject({
      total_prompt_tokens: z.int().nonnegative().optional(),
      total_completion_tokens: z.int().nonnegative().optional(),
      total_cached_tokens: z.int().nonnegative().optional(),
      total_cost_usd: z.number().nonnegative().optional(),
      total_steps: z.int().nonnegative().optional(),
      extra: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type AtifTrajectory = z.infer<typeof AtifTrajectorySchema>;
export type AtifStep = z.infer<typeof AtifStepSchema>;
