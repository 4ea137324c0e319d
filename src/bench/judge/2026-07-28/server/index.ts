import type { Judge } from '../../types.ts';
import * as H from './headers.ts';
import * as M from './mrtr.ts';
import * as S from './stateless.ts';
import * as K from './tasks.ts';

/** Judges for 2026-07-28 server-role checkpoints, keyed by checkpoint slug. */
export const judges: Record<string, Judge> = {
  // stateless-tools
  'task-stateless-tools-answer': S.statelessToolsAnswer,
  'stateless-first-request-served': S.firstRequestServed,
  'discover-implemented': S.discoverImplemented,
  'discover-server-info': S.discoverServerInfo,
  'result-type-everywhere': S.resultTypeEverywhere,
  'result-server-info-meta': S.resultServerInfo,
  'request-content-type-json-or-sse': S.requestContentType,
  'jsonrpc-result-id-echoed': S.responseIdEchoed,
  'origin-foreign-returns-403': S.foreignOrigin403,
  'version-header-mismatch-400': S.versionMismatch400,
  'version-unsupported-400': S.versionUnsupported400,
  'version-header-missing-rejected': S.versionMissingRejected,
  'method-header-missing-400': S.methodHeaderMissing400,
  'unknown-method-404': S.unknownMethod404,
  'meta-capabilities-missing-32602': S.capabilitiesMissing32602,
  'meta-capabilities-missing-400': S.capabilitiesMissing400,
  'legacy-get-delete-session-ignored': S.legacyTrafficHandled,
  'tools-list-stable-across-connections': S.toolsListStable,
  // param-headers
  'task-route-query-answers': H.routeQueryAnswers,
  'param-base64-sentinel-decoded': H.base64Decoded,
  'header-names-case-insensitive': H.lowercaseHeaderNames,
  'param-header-omitted-rejected': H.paramHeaderOmittedRejected,
  'param-header-mismatch-400': H.paramHeaderMismatch400,
  'param-null-header-not-expected': H.nullParamHeaderNotExpected,
  'param-absent-header-not-expected': H.absentParamHeaderNotExpected,
  'param-integer-compared-numerically': H.integerComparedNumerically,
  'name-header-mismatch-rejected': H.nameMismatchRejected,
  // multi-round-trip
  'task-transfer-confirmed': M.transferConfirmed,
  'mrtr-input-required-has-requests-or-state': M.inputRequiredHasRequestsOrState,
  'mrtr-request-state-integrity': M.requestStateIntegrity,
  'mrtr-no-undeclared-input-requests': M.noUndeclaredInputRequests,
  'capability-missing-32021': M.missingCapability32021,
  'capability-missing-400': M.missingCapability400,
  'mrtr-input-required-only-where-allowed': M.inputRequiredOnlyWhereAllowed,
  'sse-no-server-requests': M.sseNoServerRequests,
  'sse-x-accel-buffering-no': M.sseNoBuffering,
  'sse-closes-after-response': M.sseClosesAfterResponse,
  // tasks
  'task-square-via-task': K.squareViaTask,
  'tasks-create-result-type-task': K.createResultTypeTask,
  'tasks-created-task-resolvable': K.createdTaskResolvable,
  'tasks-get-result-type-complete': K.getResultTypeComplete,
  'tasks-completed-has-result': K.completedHasResult,
  'tasks-unknown-id-32602': K.unknownTask32602,
  'tasks-none-without-extension': K.noTaskWithoutExtension,
  'tasks-missing-extension-32021': K.missingExtension32021,
  'tasks-get-without-extension-32021': K.getWithoutExtension32021,
  'tasks-cancel-acknowledged': K.cancelAcknowledged,
};
