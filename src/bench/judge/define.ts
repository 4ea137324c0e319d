import type { Judge } from './types.ts';

/** Where `judge()` puts the slug on the function it returns: a symbol, so no other export can look like a judge. */
const SLUG = Symbol('checkpoint slug');

/** A judge named by the slug of the checkpoint it decides (see `judge`). Still a plain `Judge` to call. */
export type SlugJudge = Judge & { readonly [SLUG]: string };

/**
 * Name a judge by the checkpoint slug it decides, where the judge is defined: `collectJudges` gathers every such
 * export of a revision's judge modules, so no separate slug map can drift from the functions. Returns a new function,
 * so one rule may be registered under several slugs (the same sentence stated twice, or a judge `common/` shares).
 */
export function judge(slug: string, fn: Judge): SlugJudge {
  const named: Judge = (input) => fn(input);
  return Object.assign(named, { [SLUG]: slug });
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
