import { z } from 'zod';

/** What a trial consumed, when known. All fields optional: calibration runs only know wall time. */
export const UsageSchema = z.strictObject({
  /** Prompt tokens over the whole session. */
  inputTokens: z.int().nonnegative().optional(),
  /** Completion tokens over the whole session (thinking included). */
  outputTokens: z.int().nonnegative().optional(),
  /** Tokens read from the provider's prompt cache. */
  cacheReadTokens: z.int().nonnegative().optional(),
  /** Tokens written to the provider's prompt cache. */
  cacheWriteTokens: z.int().nonnegative().optional(),
  /** Cost in US dollars as the harness reported it. */
  costUsd: z.number().nonnegative().optional(),
  /** Agent session wall time in milliseconds (start of the agent to its exit or time limit). */
  wallTimeMs: z.int().nonnegative().optional(),
  /** Number of tool calls the agent made. */
  toolCalls: z.int().nonnegative().optional(),
  /** Number of assistant turns. */
  turns: z.int().nonnegative().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;
