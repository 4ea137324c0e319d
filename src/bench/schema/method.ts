// `dataset.method`: the constants behind the board's intervals, ranks, pass^k and cost, published beside the numbers
// so the site states them from the data it renders (src/bench/scoring/uncertainty.ts, src/bench/cost/).
import { z } from 'zod';
import { PriceTableSchema } from './prices.ts';

/** How intervals, provisional rows, pass^k and cost were computed. */
export const MethodSchema = z.strictObject({
  /** The percentile bootstrap behind every interval. */
  bootstrap: z.strictObject({
    /** Resamples per interval. */
    resamples: z.int().positive(),
    /** Coverage of each interval (0.95). */
    confidence: z.number().gt(0).lt(1),
    /** How each interval is seeded: mulberry32 seeded by FNV-1a of the cell's or row's key, so reruns agree byte for byte. */
    seed: z.literal('mulberry32(fnv1a(key))'),
  }),
  /** Fewest completed trials per cell for a row not to be provisional. */
  minK: z.int().positive(),
  /** The k of pass^k. */
  passHatK: z.int().positive(),
  /** The dated price table costs fall back on. */
  prices: PriceTableSchema,
});
export type Method = z.infer<typeof MethodSchema>;
