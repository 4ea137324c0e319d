import { STEP } from '../../../bench/plans/2025-11-25/server-steps.ts';

/**
 * Probe steps of the 2025-11-25 prober whose request breaks the pinned schema on purpose, each with the reason (see
 * the 2026-07-28 file). The version probes (`1900-01-01`) and the header variations are schema-valid messages. Add
 * `[STEP.x]: 'why'` here rather than editing the plans.
 */
export const SCHEMA_INVALID_STEPS: Readonly<Record<string, string>> = {
  [STEP.notificationBadJsonrpc]:
    'a notification with jsonrpc "1.0": input the server cannot accept, which must get an HTTP error status (251125-transports-98)',
};
