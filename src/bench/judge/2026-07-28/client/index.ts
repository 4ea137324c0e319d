import type { Judge } from '../../types.ts';

/** Judges for 2026-07-28 client-role checkpoints, keyed by checkpoint slug. */
export const judges: Record<string, Judge> = {};
