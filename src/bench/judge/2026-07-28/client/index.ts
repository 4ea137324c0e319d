import type { Judge } from '../../types.ts';
import { postAcceptBoth, postSingleMessage } from '../../2025-11-25/client/http.ts';
import { requestIdNotNull, requestIdType } from '../../2025-11-25/client/ids.ts';
import { jsonAndSseHandled } from '../../2025-11-25/client/sse.ts';
import { secretSubmitted } from '../../2025-11-25/client/task.ts';
import { nameHeaderEncoded, noResponsesSent, postOnly, standardHeaders, versionHeader, versionMatchesMeta } from './http.ts';
import { idUniqueInFlight, metaClientInfo, metaRequired } from './meta.ts';
import { inputResponsesSent, noUnissuedRequestState, requestStateEchoed, retryNewId, stateNotReused } from './mrtr.ts';
import { invalidToolNotCalled, paramBase64Unsafe, paramMirrored, paramOmittedAbsent, paramOmittedNull, paramSentinelEscaped } from './params.ts';
import { noInitializeFallback, versionRetryListed } from './version.ts';

/**
 * Judges for 2026-07-28 client-role checkpoints, keyed by checkpoint slug. Rules worded identically in 2025-11-25
 * (Accept on every POST, single-message bodies, id type and non-null ids, JSON
 * and SSE both handled, the secret task) reuse that revision's judges: same sentence, same reading.
 */
export const judges: Record<string, Judge> = {
  'task-secret-submitted': secretSubmitted,
  'http-post-only': postOnly,
  'http-post-accept-both': postAcceptBoth,
  'http-protocol-version-header': versionHeader,
  'http-protocol-version-matches-meta': versionMatchesMeta,
  'http-standard-headers': standardHeaders,
  'http-name-header-encoded': nameHeaderEncoded,
  'http-no-responses-sent': noResponsesSent,
  'http-post-single-message': postSingleMessage,
  'http-json-and-sse-handled': jsonAndSseHandled,
  'meta-required-fields': metaRequired,
  'meta-client-info': metaClientInfo,
  'jsonrpc-request-id-type': requestIdType,
  'jsonrpc-request-id-not-null': requestIdNotNull,
  'jsonrpc-request-id-unique-in-flight': idUniqueInFlight,
  'params-header-mirrored': paramMirrored,
  'params-header-omitted-null': paramOmittedNull,
  'params-header-omitted-absent': paramOmittedAbsent,
  'params-base64-unsafe-value': paramBase64Unsafe,
  'params-base64-sentinel-lookalike': paramSentinelEscaped,
  'tools-invalid-definition-excluded': invalidToolNotCalled,
  'version-retry-listed': versionRetryListed,
  'version-no-initialize-fallback': noInitializeFallback,
  'mrtr-input-responses-sent': inputResponsesSent,
  'mrtr-request-state-echoed': requestStateEchoed,
  'mrtr-no-unissued-request-state': noUnissuedRequestState,
  'mrtr-retry-new-id': retryNewId,
  'mrtr-state-not-reused': stateNotReused,
};
