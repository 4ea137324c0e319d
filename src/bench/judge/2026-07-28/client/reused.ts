import { postAcceptBoth as acceptBoth, postSingleMessage as singleMessage } from '../../common/client/http.ts';
import {
  notificationNoId as noNotificationId,
  requestIdNotNull as idNotNull,
  requestIdType as idType,
} from '../../common/client/ids.ts';
import { secretSubmitted as secret } from '../../common/client/secret-task.ts';
import { jsonAndSseHandled as bothHandled } from '../../common/client/sse.ts';
import { messagesUtf8 as utf8 } from '../../common/client/utf8.ts';
import { judge } from '../../define.ts';

/**
 * The common client-role judges 2026-07-28 applies, under its slugs. Rules worded identically in 2025-11-25 (Accept on
 * every POST, single-message bodies, id type and non-null ids, JSON and SSE both handled, the secret task): same
 * sentence, same reading.
 */
export const secretSubmitted = judge('task-secret-submitted', secret);
export const postAcceptBoth = judge('http-post-accept-both', acceptBoth);
export const postSingleMessage = judge('http-post-single-message', singleMessage);
export const jsonAndSseHandled = judge('http-json-and-sse-handled', bothHandled);
export const requestIdType = judge('jsonrpc-request-id-type', idType);
export const requestIdNotNull = judge('jsonrpc-request-id-not-null', idNotNull);
/** 260728-transports-29 (client row): every JSON-RPC message the client POSTs is UTF-8. */
export const messagesUtf8 = judge('jsonrpc-messages-utf8', utf8);
/** 260728-basic-172 (client row): no notification the client sends carries an id. */
export const notificationNoId = judge('jsonrpc-notification-no-id', noNotificationId);
