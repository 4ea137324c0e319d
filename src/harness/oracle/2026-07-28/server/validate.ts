import type { IncomingMessage } from 'node:http';
import type { MutantId } from './mutants.ts';
import { RpcError } from './respond.ts';
import { PARAM_HEADERS } from './tools.ts';

export const SUPPORTED = ['2026-07-28'];
const HEADER_MISMATCH = -32020;
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CAPS = 'io.modelcontextprotocol/clientCapabilities';

export type Rpc = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
export const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const mismatch = (message: string) => new RpcError(400, HEADER_MISMATCH, `Header mismatch: ${message}`);

/**
 * Header and `_meta` validation of one request (streamable-http.mdx "Server Validation", basic/index.mdx "_meta").
 * Header names are compared case-insensitively (…-574); the case-sensitive-headers mutant looks them up verbatim.
 */
export class Validator {
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  private m(id: MutantId): boolean {
    return this.mutant === id;
  }

  /** Header value by name (first occurrence). */
  header(req: IncomingMessage, name: string): string | undefined {
    if (!this.m('case-sensitive-headers')) {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    }
    const i = req.rawHeaders.findIndex((k, j) => j % 2 === 0 && k === name);
    return i >= 0 ? req.rawHeaders[i + 1] : undefined;
  }

  /**
   * `=?base64?…?=` → the decoded UTF-8 value (…-501); other values as they are. The payload must be canonical Base64
   * (RFC 4648 alphabet and padding) of valid UTF-8: Node's decoder would silently accept a missing `=` or stray bytes,
   * and a value that is not what the client encoded is a validation failure ("invalid characters", l.631).
   */
  decode(v: string): string {
    const m = /^=\?base64\?(.*)\?=$/s.exec(v);
    if (!m || this.m('no-base64-decode')) return v;
    const bytes = Buffer.from(m[1]!, 'base64');
    const text = bytes.toString('utf8');
    if (bytes.toString('base64') !== m[1] || Buffer.from(text, 'utf8').compare(bytes) !== 0)
      throw mismatch(`header value '${v}' is not valid Base64 of UTF-8 text`);
    return text;
  }

  /** Standard headers and per-request `_meta`; returns the client capabilities. Throws RpcError. */
  request(req: IncomingMessage, msg: Rpc & { method: string }): Record<string, unknown> {
    const version = this.header(req, 'MCP-Protocol-Version');
    if (msg.method === 'initialize' && version === undefined && !this.m('initialize-header-mismatch')) {
      // A 2025 client's opening request: no 2026 headers. A modern-only server names its versions in any error to
      // initialize (versioning.mdx …-154), so this is the version error, not the header one. `requested` must be a
      // string: "" when the client sent none. (An initialize with the 2026 headers is an unknown method: 404.)
      const asked = obj(msg.params).protocolVersion;
      throw new RpcError(400, -32022, 'Unsupported protocol version: this server implements no initialize handshake', {
        supported: SUPPORTED,
        requested: typeof asked === 'string' ? asked : '',
      });
    }
    if (version === undefined) {
      if (this.m('version-missing-wrong-code'))
        throw new RpcError(400, -32600, 'Invalid Request: MCP-Protocol-Version is missing');
      throw mismatch('required header MCP-Protocol-Version is missing');
    }
    const method = this.header(req, 'Mcp-Method');
    if (method === undefined && !this.m('method-header-optional'))
      throw mismatch('required header Mcp-Method is missing');
    if (method !== undefined && method !== msg.method)
      throw mismatch(`Mcp-Method header value '${method}' does not match body value '${msg.method}'`);
    const meta = obj(obj(msg.params)._meta);
    const requested = meta[META_VERSION];
    const caps = meta[META_CAPS];
    if (typeof requested !== 'string' || typeof caps !== 'object' || caps === null || Array.isArray(caps)) {
      const code = this.m('missing-caps-wrong-code') ? -32600 : -32602;
      throw new RpcError(
        this.m('missing-caps-200') ? 200 : 400,
        code,
        `Invalid params: _meta must carry ${META_VERSION} and ${META_CAPS}`,
      );
    }
    if (version !== requested && !this.m('ignore-version-mismatch'))
      throw mismatch(`MCP-Protocol-Version header value '${version}' does not match _meta value '${requested}'`);
    const asked = version;
    if (!SUPPORTED.includes(asked)) {
      if (this.m('unsupported-version-wrong-code'))
        throw new RpcError(400, -32600, `Unsupported protocol version ${asked}`);
      throw new RpcError(400, -32022, 'Unsupported protocol version', { supported: SUPPORTED, requested: asked });
    }
    if (msg.method === 'tools/call') this.name(req, obj(msg.params).name);
    return caps as Record<string, unknown>;
  }

  private name(req: IncomingMessage, name: unknown): void {
    const h = this.header(req, 'Mcp-Name');
    if (h === undefined) throw mismatch('required header Mcp-Name is missing');
    if (this.decode(h) !== name && !this.m('ignore-name-header'))
      throw mismatch(`Mcp-Name header value '${h}' does not match body value '${String(name)}'`);
  }

  /** route_query's Mcp-Param-* headers against its arguments (…-555, …-563b–566, …-591). */
  params(req: IncomingMessage, args: Record<string, unknown>): void {
    for (const p of PARAM_HEADERS) {
      const value = args[p.arg];
      const raw = this.header(req, `Mcp-Param-${p.header}`);
      const absent = !(p.arg in args);
      const expected = value !== null && value !== undefined;
      if (raw === undefined) {
        const demand = expected
          ? !this.m('param-header-optional')
          : (value === null && this.m('expect-header-when-null')) || this.m('expect-header-always');
        if (demand)
          throw mismatch(
            `required header Mcp-Param-${p.header} is missing (${absent ? 'argument absent' : `argument ${JSON.stringify(value)}`})`,
          );
        continue;
      }
      // Node reads header bytes as Latin-1, so a raw non-ASCII byte arrives as a character above U+007E (…-552).
      if (!/^[\x20-\x7e\t]*$/.test(raw) && !this.m('accept-latin1-header'))
        throw mismatch(`Mcp-Param-${p.header} header value contains characters outside visible ASCII`);
      if (!expected) throw mismatch(`Mcp-Param-${p.header} header sent but argument ${p.arg} has no value`);
      const got = this.decode(raw);
      const same =
        p.type === 'integer' && !this.m('string-compare-integers')
          ? got.trim() !== '' && Number(got) === value
          : got === String(value);
      if (!same) {
        if (this.m('param-mismatch-wrong-code'))
          throw new RpcError(400, -32602, `Invalid params: Mcp-Param-${p.header} does not match`);
        throw mismatch(`Mcp-Param-${p.header} header value '${raw}' does not match body value '${String(value)}'`);
      }
    }
  }
}
