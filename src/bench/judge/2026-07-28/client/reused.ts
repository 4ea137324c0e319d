import { judge } from '../../define.ts';
import { postAcceptBoth as acceptBoth, postSingleMessage as singleMessage } from '../../2025-11-25/client/http.ts';
import { requestIdNotNull as idNotNull, requestIdType as idType } from '../../2025-11-25/client/ids.ts';
import { jsonAndSseHandled as bothHandled } from '../../2025-11-25/client/sse.ts';
import { secretSubmitted as secret } from '../../2025-11-25/client/task.ts';

/**
 * Rules worded identically in 2025-11-25 (Accept on every POST, single-message bodies, id type and non-null ids, JSON
 * and SSE both handled, the secret task) reuse that revision's judges: same sentence, same reading.
 */
export const secretSubmitted = judge('task-secret-submitted', secret);
export const postAcceptBoth = judge('http-post-accept-both', acceptBoth);
export const postSingleMessage = judge('http-post-single-message', singleMessage);
export const jsonAndSseHandled = judge('http-json-and-sse-handled', bothHandled);
export const requestIdType = judge('jsonrpc-request-id-type', idType);
export const requestIdNotNull = judge('jsonrpc-request-id-not-null', idNotNull);
