import { requestContentType as contentType, responseIdEchoed as idEchoed } from '../../common/server/transport.ts';
import * as Envelope from '../../common/server/envelope.ts';
import { judge } from '../../define.ts';

/** The common server-role judges 2025-11-25 applies, under its slugs (2026-07-28 words the same rules the same way). */

/** 251125-transports-101: every 2xx answer to a POSTed JSON-RPC request is application/json or text/event-stream. */
export const requestContentType = judge('request-content-type-json-or-sse', contentType);

/** 251125-basic-69: every result response carries its request's id, with its type (string and integer ids probed). */
export const responseIdEchoed = judge('jsonrpc-response-id-echoed', idEchoed);

/** 251125-transports-7: every JSON-RPC message the server sent is UTF-8. */
export const messagesUtf8 = judge('jsonrpc-messages-utf8', Envelope.messagesUtf8);

/** 251125-basic-70: every response that is not an error carries `result`. */
export const resultFieldPresent = judge('jsonrpc-result-field-present', Envelope.resultFieldPresent);

/**
 * 251125-basic-89, contested: the JSON-RPC errors of requests the transport accepted carry the request's id (scored);
 * every error to a readable request does, HTTP refusals included (the strict reading, reported beside it).
 */
export const errorIdEchoed = judge('jsonrpc-error-id-echoed', Envelope.errorIdEchoedAccepted, Envelope.errorIdEchoed);

/** 251125-basic-91: every error code is an integer. */
export const errorCodeInteger = judge('jsonrpc-error-code-integer', Envelope.errorCodeInteger);
