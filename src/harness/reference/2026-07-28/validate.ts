import { headerText } from '../../../bench/plans/2026-07-28/param-headers.ts';
import { META } from '../../../bench/plans/2026-07-28/protocol.ts';
import type { RecordedRequest } from '../../wire/server.ts';
import { SUPPORTED_VERSIONS } from './scripts.ts';

const META_VERSION = META.protocolVersion;
const META_CAPABILITIES = META.clientCapabilities;

type Msg = Record<string, unknown>;
export const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A JSON-RPC id the schema allows (RequestId: string or integer). */
export const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isInteger(id);
/** A JSON-RPC error response. Without a usable id (unreadable body, null or fractional id) the id is left out, as the schema's JSONRPCErrorResponse allows; `null` is not a RequestId. */
export const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  ...(isRequestId(id) ? { id } : {}),
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});

/** A rejection: HTTP status, JSON-RPC error body, and the label recorded on the request. */
export interface Rejection {
  status: number;
  body: unknown;
  label: string;
}

const reject = (
  label: string,
  status: number,
  id: unknown,
  code: number,
  message: string,
  data?: unknown,
): Rejection => ({ status, body: rpcError(id, code, message, data), label });

/** Methods whose request must carry `Mcp-Name`, and the body field it mirrors. */
const NAME_SOURCE: Record<string, string> = { 'tools/call': 'name', 'resources/read': 'uri', 'prompts/get': 'name' };

/**
 * Server-side validation of a 2026-07-28 request, in the order a strict modern server applies it
 * (streamable-http.mdx "Server Validation", basic/index.mdx "_meta", versioning.mdx): required headers, `_meta`
 * required fields, header/body agreement, supported version. Returns the rejection, or undefined when the request is fine.
 */
export function validateRequest(req: RecordedRequest, msg: Msg & { method: string }): Rejection | undefined {
  const id = msg.id;
  const params = isObj(msg.params) ? msg.params : {};
  const meta = isObj(params._meta) ? params._meta : {};
  const supported = { supported: [...SUPPORTED_VERSIONS] };
  // Answering an id that is not a RequestId would echo it into an invalid response: refuse the request instead.
  if (!isRequestId(id))
    return reject('invalid-id', 400, id, -32600, 'Invalid Request: id must be a string or an integer');
  if (msg.method === 'initialize') {
    // A modern-only server names its versions in any error to initialize (versioning.mdx, backward compatibility).
    // `requested` is a string in UnsupportedProtocolVersionError: an initialize without a version requested "".
    return reject(
      'legacy-initialize',
      400,
      id,
      -32022,
      'Unsupported protocol version: this server implements no initialize handshake',
      { ...supported, requested: typeof params.protocolVersion === 'string' ? params.protocolVersion : '' },
    );
  }
  const header = req.header('mcp-protocol-version');
  if (header === undefined)
    return reject(
      'missing-protocol-version',
      400,
      id,
      -32020,
      'Header mismatch: MCP-Protocol-Version header is required',
    );
  if (typeof meta[META_VERSION] !== 'string' || !isObj(meta[META_CAPABILITIES])) {
    return reject(
      'missing-meta',
      400,
      id,
      -32602,
      `Invalid params: _meta must carry ${META_VERSION} and ${META_CAPABILITIES}`,
    );
  }
  if (header !== meta[META_VERSION])
    return reject(
      'version-mismatch',
      400,
      id,
      -32020,
      `Header mismatch: MCP-Protocol-Version ${header} differs from _meta ${String(meta[META_VERSION])}`,
    );
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(header)) {
    return reject('unsupported-version', 400, id, -32022, 'Unsupported protocol version', {
      ...supported,
      requested: header,
    });
  }
  // "A header value contains invalid characters" is a validation failure (streamable-http.mdx, Server Validation):
  // raw non-ASCII (e.g. an unencoded name) is rejected, never guessed at.
  const invalid = req.headers.find(([k, v]) => k.toLowerCase().startsWith('mcp-') && !/^[\x20-\x7e\t]*$/.test(v));
  if (invalid)
    return reject(
      'invalid-header-characters',
      400,
      id,
      -32020,
      `Header mismatch: ${invalid[0]} contains characters outside visible ASCII`,
    );
  const method = req.header('mcp-method');
  if (method !== msg.method)
    return reject(
      'method-header-mismatch',
      400,
      id,
      -32020,
      `Header mismatch: Mcp-Method ${String(method)} does not match ${msg.method}`,
    );
  const field = NAME_SOURCE[msg.method];
  if (field) {
    const name = req.header('mcp-name');
    if (name === undefined || headerText(name) !== params[field])
      return reject(
        'name-header-mismatch',
        400,
        id,
        -32020,
        `Header mismatch: Mcp-Name ${String(name)} does not match params.${field}`,
      );
  }
  return undefined;
}

/** A HeaderMismatch rejection for a tool parameter header, for the tool handler. */
export const paramMismatch = (id: unknown, message: string): Rejection =>
  reject('param-header-mismatch', 400, id, -32020, `Header mismatch: ${message}`);
