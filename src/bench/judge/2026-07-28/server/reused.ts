import { requestContentType as contentType, responseIdEchoed as idEchoed } from '../../common/server/transport.ts';
import * as Envelope from '../../common/server/envelope.ts';
import { judge } from '../../define.ts';

/** The common server-role judges 2026-07-28 applies, under its slugs: same rule as in 2025-11-25, same reading. */

/** 260728-shttp-88: 2xx answers to JSON-RPC requests are application/json or text/event-stream. */
export const requestContentType = judge('request-content-type-json-or-sse', contentType);

/** 260728-basic-70: result ids are echoed with their JSON type (string and integer ids probed). */
export const responseIdEchoed = judge('jsonrpc-result-id-echoed', idEchoed);

/** 260728-transports-29: every JSON-RPC message the server sent is UTF-8. */
export const messagesUtf8 = judge('jsonrpc-messages-utf8', Envelope.messagesUtf8);

/** 260728-basic-71: every response that is not an error carries `result`. */
export const resultFieldPresent = judge('jsonrpc-result-field-present', Envelope.resultFieldPresent);

/** 260728-basic-103: an error response to a readable request carries its id. */
export const errorIdEchoed = judge('jsonrpc-error-id-echoed', Envelope.errorIdEchoed);

/** 260728-basic-104: every error response has an error with a code and a message. */
export const errorCodeMessagePresent = judge('jsonrpc-error-code-message-present', Envelope.errorCodeMessagePresent);

/** 260728-basic-105: every error code is an integer. */
export const errorCodeInteger = judge('jsonrpc-error-code-integer', Envelope.errorCodeInteger);
