// How the trials behind one row (a board row, a cell, a tally group) were isolated: how many ran under each isolation
// kind, so a row that pools trials of different kinds says so instead of passing for one. Computed by
// src/bench/derive/isolation.ts; the site only words it.
import { z } from 'zod';
import { TrialInfoSchema } from './trial.ts';

/** An isolation kind, as a record's `trial.isolation` states it: `docker`, `netns` or `none`. */
export const IsolationKindSchema = TrialInfoSchema.shape.isolation.unwrap();
export type IsolationKind = z.infer<typeof IsolationKindSchema>;

/** The trials of a row that ran under one isolation kind. */
export const IsolationCountSchema = z.strictObject({
  /** The isolation kind. */
  kind: IsolationKindSchema,
  /** How many of the row's trials ran under it (at least one: kinds without a trial are left out). */
  trials: z.int().positive(),
});
export type IsolationCount = z.infer<typeof IsolationCountSchema>;

/** Trials per isolation kind over the trials behind a row (each use says which trials those are). */
export const IsolationTallySchema = z.strictObject({
  /** One entry per kind that ran a trial of the row: most trials first, then by kind; empty for a row without trials. */
  kinds: z.array(IsolationCountSchema).max(IsolationKindSchema.options.length),
  /**
   * Whether the row's trials ran under more than one kind: its scores pool trials isolated differently, and every
   * table showing the row says so.
   */
  mixed: z.boolean(),
});
export type IsolationTally = z.infer<typeof IsolationTallySchema>;
