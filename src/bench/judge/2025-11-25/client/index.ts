import type { Judge } from '../../types.ts';

/** Judges for 2025-11-25 client-role checkpoints, keyed by checkpoint slug. */
export const judges: Record<string, Judge> = {};
