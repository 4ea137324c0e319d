import { requestContentType as contentType, responseIdEchoed as idEchoed } from '../../common/server/transport.ts';
import { judge } from '../../define.ts';

/** The common server-role judges 2026-07-28 applies, under its slugs: same rule as in 2025-11-25, same reading. */

/** 260728-shttp-88: 2xx answers to JSON-RPC requests are application/json or text/event-stream. */
export const requestContentType = judge('request-content-type-json-or-sse', contentType);

/** 260728-basic-70: result ids are echoed with their JSON type (string and integer ids probed). */
export const responseIdEchoed = judge('jsonrpc-result-id-echoed', idEchoed);
