// `dataset.method`: the constants the board's statistics were computed with, published with them.
import type { Method } from '../schema/method.ts';
import type { PriceTable } from '../schema/prices.ts';
import { BOOTSTRAP_RESAMPLES, CONFIDENCE, MIN_K, PASS_HAT_K } from '../scoring/uncertainty.ts';

/** The method block of a data set priced with `prices`. */
export function methodOf(prices: PriceTable): Method {
  return {
    bootstrap: { resamples: BOOTSTRAP_RESAMPLES, confidence: CONFIDENCE, seed: 'mulberry32(fnv1a(key))' },
    minK: MIN_K,
    passHatK: PASS_HAT_K,
    prices,
  };
}
