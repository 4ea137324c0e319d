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

/** The common client-role judges 2025-11-25 applies, under its slugs (2026-07-28 words the same rules the same way). */

/** Task: the client submitted the secret get_secret returned, and the server accepted it. */
export const secretSubmitted = judge('task-secret-submitted', secret);
/** 251125-transports-92: every POST's Accept lists both application/json and text/event-stream. */
export const postAcceptBoth = judge('http-post-accept-both', acceptBoth);
/** 251125-transports-94: every POST body is a single JSON-RPC request, notification or response. */
export const postSingleMessage = judge('http-post-single-message', singleMessage);
/** 251125-transports-103: the client handles both a JSON and an SSE response. */
export const jsonAndSseHandled = judge('sse-json-and-sse-handled', bothHandled);
/** 251125-basic-46: every request id is a string or an integer. */
export const requestIdType = judge('jsonrpc-request-id-type', idType);
/** 251125-basic-47: no request the client sends has `id: null`. */
export const requestIdNotNull = judge('jsonrpc-request-id-not-null', idNotNull);
/** 251125-basic-108: no notification the client sends carries an id. */
export const notificationNoId = judge('jsonrpc-notification-no-id', noNotificationId);
/** 251125-transports-7 (client row): every body carrying a JSON-RPC message is UTF-8 (a declared charset too). */
export const messagesUtf8 = judge('jsonrpc-messages-utf8', utf8);
