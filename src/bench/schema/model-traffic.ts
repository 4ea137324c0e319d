import { z } from 'zod';
import { boundedString } from './common.ts';

/** Format tag of a model-traffic sidecar (`<trial>.model.jsonl`). Bump on a breaking change. */
export const MODEL_TRAFFIC_FORMAT = 'mcpfs.model-traffic/1';

/** The model APIs the proxy speaks, and so the scripted model too. */
export const ModelApiSchema = z.enum(['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini-generate']);
export type ModelApi = z.infer<typeof ModelApiSchema>;
export const MODEL_APIS = ModelApiSchema.options;

/** A budget the proxy enforces for one trial (any limit absent: none). */
export const ModelBudgetSchema = z.strictObject({
  /** Input + output tokens (cache reads and writes included) over the session, as the provider reported them. */
  tokens: z.int().positive().optional(),
  /** Cost in US dollars at the price table's prices. */
  costUsd: z.number().positive().optional(),
  /** Model requests forwarded. */
  requests: z.int().positive().optional(),
});
export type ModelBudget = z.infer<typeof ModelBudgetSchema>;

/** Line 1 of the sidecar: what the proxy forwarded to, under which budget. */
export const ModelTrafficHeaderSchema = z.strictObject({
  /** Always `mcpfs.model-traffic/1`. */
  format: z.literal(MODEL_TRAFFIC_FORMAT),
  /** Where each API was forwarded (origin only; a real provider's, or the scripted model's on 127.0.0.1). */
  upstreams: z.partialRecord(ModelApiSchema, boundedString(300, 1)),
  /** The budget in force, if any. */
  budget: ModelBudgetSchema.optional(),
});
export type ModelTrafficHeader = z.infer<typeof ModelTrafficHeaderSchema>;

/** One request the harness sent to the proxy and what came back, bodies as text exactly as they passed. */
export const ModelExchangeSchema = z.strictObject({
  /** 1, 2, … in arrival order. */
  n: z.int().positive(),
  /** The API the path belongs to. */
  api: ModelApiSchema,
  /** HTTP method. */
  method: boundedString(16, 1),
  /** Path and query as the harness sent them, any `key=` query value replaced by `[redacted]`. */
  path: boundedString(2000, 1),
  /** When the request arrived, ms after the proxy started. */
  t: z.number().nonnegative(),
  /** ms from arrival to the response's first body byte, when one came. */
  firstByteMs: z.number().nonnegative().optional(),
  /** ms from arrival to the response's end (or its failure). */
  durationMs: z.number().nonnegative(),
  /** Upstream status; absent when nothing came back. */
  status: z.int().min(100).max(599).optional(),
  /** Request body (UTF-8 text), cut at the cap. */
  request: z.string(),
  /** Response content type. */
  responseType: boundedString(200).optional(),
  /** Response body (SSE streams as their text), cut at the cap. */
  response: z.string(),
  /** Bodies cut at the per-body cap. */
  truncated: z.boolean().optional(),
  /** The proxy answered itself instead of forwarding: the budget was spent, or the request was refused. */
  refused: z.enum(['budget', 'unauthorized', 'no-upstream']).optional(),
  /** A transport failure towards the upstream, in words. */
  error: boundedString(500).optional(),
});
export type ModelExchange = z.infer<typeof ModelExchangeSchema>;

/** Last line: why the proxy ended the session, when it did. */
export const ModelTrafficEndSchema = z.strictObject({
  /** Always `end`. */
  end: z.literal(true),
  /** Which budget limit was reached (`tokens`, `costUsd`, `requests`), if one was. */
  budgetExhausted: z.enum(['tokens', 'costUsd', 'requests']).optional(),
  /** The limit and the amount spent when it was reached, in words. */
  detail: boundedString(300).optional(),
});
export type ModelTrafficEnd = z.infer<typeof ModelTrafficEndSchema>;
