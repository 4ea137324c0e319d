import type { Judge } from './types.ts';

/** Where `judge()` puts the slug on the function it returns: a symbol, so no other export can look like a judge. */
const SLUG = Symbol('checkpoint slug');

/** Where a contested checkpoint's judge keeps its strict form (see `judge`). */
const STRICT = Symbol('strict reading');

/** A judge named by the slug of the checkpoint it decides (see `judge`). Still a plain `Judge` to call. */
export type SlugJudge = Judge & { readonly [SLUG]: string; readonly [STRICT]?: Judge };

/**
 * Name a judge by the checkpoint slug it decides, where the judge is defined: `collectJudges` gathers every such
 * export of a revision's judge modules, so no separate slug map can drift from the functions. Returns a new function,
 * so one rule may be registered under several slugs (the same sentence stated twice, or a judge `common/` shares).
 */
export function judge(slug: string, fn: Judge, strict?: Judge): SlugJudge {
  const named: Judge = (input) => fn(input);
  return Object.assign(named, { [SLUG]: slug }, strict ? { [STRICT]: strict } : {});
}

/**
 * Wrap a judge and, when it has one, its strict form the same way (e.g. a revision binding): a wrapper that forgot the
 * strict form would silently stop judging the contested reading.
 */
export function wrapJudge(j: Judge, wrap: (inner: Judge) => Judge): Judge {
  const strict = strictOf(j);
  const outer = wrap(j);
  return strict ? Object.assign(outer, { [STRICT]: wrap(strict) }) : outer;
}

/**
 * The strict form of a contested checkpoint's judge (the third argument of `judge`), else undefined. The plain call
 * judges the lenient reading, which scores; the strict form judges the reading a careful implementer contests,
 * reported beside it (`checkpoint.contested`).
 */
export function strictOf(v: Judge): Judge | undefined {
  return STRICT in v ? (v as SlugJudge)[STRICT] : undefined;
}

/** The checkpoint slug of a value made by `judge()`, else undefined (helpers, constants, plain judges). */
export function slugOf(v: unknown): string | undefined {
  return typeof v === 'function' && SLUG in v ? (v as SlugJudge)[SLUG] : undefined;
}

/**
 * Every judge the given modules (`import * as M`) export through `judge()`, by slug. Two different judges under one
 * slug are a defect of the benchmark and throw when the registry loads; the same judge exported twice is one.
 */
export function collectJudges(...modules: readonly object[]): Record<string, Judge> {
  const out: Record<string, Judge> = {};
  for (const m of modules) {
    for (const v of Object.values(m)) {
      const slug = slugOf(v);
      if (slug === undefined) continue;
      if (out[slug] !== undefined && out[slug] !== v) throw new Error(`two judges registered for checkpoint "${slug}"`);
      out[slug] = v as Judge;
    }
  }
  return out;
}
