import { STEP } from '../../../bench/plans/2026-07-28/server-steps.ts';

/**
 * Probe steps of the 2026-07-28 prober whose request breaks the pinned schema on purpose (the checkpoint is about how
 * the server refuses it), each with the reason. The schema gate exempts the prober's messages on exactly these steps;
 * every other prober message must validate, and a step listed here whose requests validate fails the gate as stale.
 */
export const SCHEMA_INVALID_STEPS: Readonly<Record<string, string>> = {
  [STEP.capabilitiesMissing]:
    '_meta leaves out io.modelcontextprotocol/clientCapabilities (RequestMetaObject requires it): the server must refuse it with -32602',
  [STEP.transferMalformedResponse]:
    'inputResponses answers with a string, not an ElicitResult (InputResponse): the server should refuse it (260728-mrtr-261, -262)',
  [STEP.notificationMalformed]:
    'jsonrpc is "1.0" (JSONRPCNotification requires "2.0"): a notification the server cannot accept, refused with an error status',
};
