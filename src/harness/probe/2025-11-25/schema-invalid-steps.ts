/**
 * Probe steps of the 2025-11-25 prober whose request breaks the pinned schema on purpose, each with the reason (see
 * the 2026-07-28 file). None today: the version probes (`1900-01-01`) and the header variations are schema-valid
 * messages. Add `[STEP.x]: 'why'` here rather than editing the plans.
 */
export const SCHEMA_INVALID_STEPS: Readonly<Record<string, string>> = {};
