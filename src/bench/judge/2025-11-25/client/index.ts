import type { Judge } from '../../types.ts';
import { getAcceptEventStream, messagesByPost, messagesToEndpoint, postAcceptBoth, postSingleMessage, protocolVersionHeader, protocolVersionNegotiated } from './http.ts';
import { requestIdNotNull, requestIdType, requestIdUnique, responseHasResult, responseSameId } from './ids.ts';
import { initializedNotification, initializeFirst, initializeParams, initializeVersionSupported, noRequestBeforeInitResult, onlyNegotiatedCapabilities } from './lifecycle.ts';
import { deleteOnExit, reinitializeAfter404, sessionIdEchoed } from './session.ts';
import { jsonAndSseHandled, reconnectAfterCut, resumeWithLastEventId, retryRespected } from './sse.ts';
import { secretSubmitted } from './task.ts';

/** Judges for 2025-11-25 client-role checkpoints, keyed by checkpoint slug. */
export const judges: Record<string, Judge> = {
  'task-secret-submitted': secretSubmitted,
  'lifecycle-initialize-first': initializeFirst,
  'lifecycle-initialize-params': initializeParams,
  'lifecycle-initialize-version-supported': initializeVersionSupported,
  'lifecycle-initialized-notification': initializedNotification,
  'lifecycle-no-request-before-initialize-result': noRequestBeforeInitResult,
  'lifecycle-only-negotiated-capabilities': onlyNegotiatedCapabilities,
  'http-messages-by-post': messagesByPost,
  'http-messages-to-endpoint': messagesToEndpoint,
  'http-post-accept-both': postAcceptBoth,
  'http-get-accept-event-stream': getAcceptEventStream,
  'http-post-single-message': postSingleMessage,
  'http-protocol-version-header': protocolVersionHeader,
  // Same rule, stated again in lifecycle.mdx: cited by a different scenario so both sentences are tested.
  'lifecycle-protocol-version-header': protocolVersionHeader,
  'http-protocol-version-negotiated': protocolVersionNegotiated,
  'jsonrpc-request-id-type': requestIdType,
  'jsonrpc-request-id-not-null': requestIdNotNull,
  'jsonrpc-request-id-unique': requestIdUnique,
  'jsonrpc-response-same-id': responseSameId,
  'jsonrpc-response-has-result': responseHasResult,
  'session-id-echoed': sessionIdEchoed,
  'session-reinitialize-after-404': reinitializeAfter404,
  'session-delete-on-exit': deleteOnExit,
  'sse-json-and-sse-handled': jsonAndSseHandled,
  'sse-reconnect-after-cut': reconnectAfterCut,
  'sse-retry-respected': retryRespected,
  'sse-resume-with-last-event-id': resumeWithLastEventId,
};
