// The dated price table the site's cost column falls back on when pi reports no cost for a trial.
import { z } from 'zod';

/** ISO calendar date, `YYYY-MM-DD`. */
const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');

/** One model's list prices, US$ per million tokens. */
export const ModelPriceSchema = z.strictObject({
  /** `<provider>/<model id>`, as the subject id and pi's `--model` spell it. */
  model: z.string().regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._:-]+$/, 'must be "<provider>/<model id>"'),
  /** Uncached input tokens. */
  input: z.number().nonnegative(),
  /** Output tokens (thinking included). */
  output: z.number().nonnegative(),
  /** Tokens read from the prompt cache. */
  cacheRead: z.number().nonnegative(),
  /** Tokens written to the prompt cache (the provider's default cache lifetime). */
  cacheWrite: z.number().nonnegative(),
  /** The page the prices were read from. */
  source: z.url(),
  /** When they were read there. */
  asOf: DateSchema,
});
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/** The price table: when it was last checked and the models it prices (ids unique). */
export const PriceTableSchema = z
  .strictObject({
    /** When the table as a whole was last checked. */
    asOf: DateSchema,
    /** Currency of every price. */
    currency: z.literal('USD'),
    /** Unit of every price. */
    per: z.literal('1M tokens'),
    /** Priced models, by id. */
    models: z.array(ModelPriceSchema),
  })
  .superRefine((t, ctx) => {
    t.models.forEach((m, i) => {
      if (t.models.findIndex((x) => x.model === m.model) !== i)
        ctx.addIssue({ code: 'custom', path: ['models', i, 'model'], message: `duplicate model "${m.model}"` });
    });
  });
export type PriceTable = z.infer<typeof PriceTableSchema>;
