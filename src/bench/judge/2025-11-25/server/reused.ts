import { requestContentType as contentType, responseIdEchoed as idEchoed } from '../../common/server/transport.ts';
import { judge } from '../../define.ts';

/** The common server-role judges 2025-11-25 applies, under its slugs (2026-07-28 words the same rules the same way). */

/** 251125-transports-101: every 2xx answer to a POSTed JSON-RPC request is application/json or text/event-stream. */
export const requestContentType = judge('request-content-type-json-or-sse', contentType);

/** 251125-basic-69: every result response carries its request's id, with its type (string and integer ids probed). */
export const responseIdEchoed = judge('jsonrpc-response-id-echoed', idEchoed);
