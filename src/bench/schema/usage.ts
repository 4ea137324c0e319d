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
  /** Cost in US dollars: the proxy's tokens at the price table's prices (`source: "proxy"`), else as the harness reported it. */
  costUsd: z.number().nonnegative().optional(),
  /** Agent session wall time in milliseconds (start of the agent to its exit or time limit). */
  wallTimeMs: z.int().nonnegative().optional(),
  /** Number of tool calls the agent made. */
  toolCalls: z.int().nonnegative().optional(),
  /** Number of assistant turns. */
  turns: z.int().nonnegative().optional(),
  /** Model requests the proxy forwarded. */
  requests: z.int().nonnegative().optional(),
  /**
   * Where the token figures come from: `proxy` = measured from the provider's responses as the trial's model proxy saw
   * them (the model-traffic sidecar); `harness` = the harness's own count (pi's session before the proxy). Absent: no
   * token figures.
   */
  source: z.enum(['proxy', 'harness']).optional(),
  /** The budget limit the proxy enforced when the session ended there (the trial is judged as it stands). */
  budgetExhausted: z.enum(['tokens', 'costUsd', 'requests']).optional(),
});
export type Usage = z.infer<typeof UsageSchema>;
