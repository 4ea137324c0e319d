import { McpfsError } from '../../../../bench/errors.ts';
import type { ServerResponse } from 'node:http';
import { formatSse } from '../../../wire/sse.ts';
import { latin1Json } from '../../common/http.ts';
import type { MutantId } from './mutants.ts';

export const SERVER_INFO = { name: 'mcpfs-oracle', version: '2026-07-28' };
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/** A request refused with an HTTP status and a JSON-RPC error (header validation, versions, capabilities). */
export class RpcError extends McpfsError {
  readonly status: number;
  readonly code: number;
  readonly data?: unknown;
  constructor(status: number, code: number, message: string, data?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** Writers for the oracle's HTTP answers; the mutants that change framing rather than logic live here. */
export class Responder {
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  private base(): Record<string, string> {
    if (this.mutant === 'cookie-state') return { 'Set-Cookie': 'mcpfs-tasks=oracle-1; Path=/mcp; HttpOnly' };
    return this.mutant === 'mint-session-id' ? { 'Mcp-Session-Id': 'oracle-session-1' } : {};
  }

  /** A JSON body (text-plain-content-type mislabels it; latin1-body encodes it in ISO-8859-1). */
  json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    const bytes = this.mutant === 'latin1-body' ? latin1Json(text) : Buffer.from(text, 'utf8');
    res.writeHead(status, {
      ...this.base(),
      'Content-Type': this.mutant === 'text-plain-content-type' ? 'text/plain' : 'application/json',
      'Content-Length': String(bytes.length),
    });
    res.end(bytes);
  }

  /** Bare status (202 for notifications, 405 for GET/DELETE). */
  status(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
    res.writeHead(status, { ...this.base(), ...headers }).end();
  }

  /**
   * JSON-RPC response object with the request's id (the id-as-string mutant stringifies it). Error mutants: the id left
   * out (error-id-dropped), the message left out (error-without-message), the code as a string (error-code-string).
   */
  message(
    id: unknown,
    payload: { result: unknown } | { error: { code: number; message: string; data?: unknown } },
  ): Record<string, unknown> {
    const dropId = id === undefined || ('error' in payload && this.mutant === 'error-id-dropped');
    return {
      jsonrpc: '2.0',
      ...(dropId ? {} : { id: this.mutant === 'id-as-string' ? String(id) : id }),
      ...('error' in payload ? { error: this.errorObject(payload.error) } : payload),
    };
  }

  private errorObject(e: { code: number; message: string; data?: unknown }): Record<string, unknown> {
    const { code, message, ...rest } = e;
    return {
      code: this.mutant === 'error-code-string' ? String(code) : code,
      ...(this.mutant === 'error-without-message' ? {} : { message }),
      ...rest,
    };
  }

  error(res: ServerResponse, id: unknown, e: RpcError): void {
    const data = e.data === undefined ? {} : { data: e.data };
    this.json(res, e.status, this.message(id, { error: { code: e.code, message: e.message, ...data } }));
  }

  /** A result with `resultType` (default "complete") and the serverInfo `_meta`. */
  result(r: Record<string, unknown>, resultType = 'complete'): Record<string, unknown> {
    const type = resultType === 'complete' && this.mutant === 'no-result-type' ? {} : { resultType };
    const meta = this.mutant === 'no-server-info' ? {} : { _meta: { [SERVER_INFO_KEY]: SERVER_INFO } };
    return { ...type, ...r, ...meta };
  }

  /** The sse-elicitation-request mutant: a JSON-RPC request from the server on a response or listen stream (else nothing). */
  strayRequest(res: ServerResponse): void {
    if (this.mutant !== 'sse-elicitation-request') return;
    const req = {
      jsonrpc: '2.0',
      id: 'srv-1',
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } },
    };
    res.write(formatSse({ data: JSON.stringify(req) }));
  }

  /** The status line and headers of an SSE response (the stream's events follow). */
  sseHead(res: ServerResponse): void {
    res.writeHead(200, {
      ...this.base(),
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      ...(this.mutant === 'no-x-accel' ? {} : { 'X-Accel-Buffering': 'no' }),
    });
  }

  /** One JSON-RPC response on an SSE stream, then end it (keep-stream-open leaves it open; another mutant adds a request first). */
  sse(res: ServerResponse, message: unknown): void {
    this.sseHead(res);
    this.strayRequest(res);
    res.write(formatSse({ data: this.sseData(message) }));
    if (this.mutant !== 'keep-stream-open') res.end();
  }

  /** The event's JSON text; duplicate-input-key writes a second `confirm` key (a roots/list first) into inputRequests. */
  private sseData(message: unknown): string {
    const data = JSON.stringify(message);
    if (this.mutant !== 'duplicate-input-key') return data;
    return data.replace('"inputRequests":{', `"inputRequests":{"confirm":${JSON.stringify({ method: 'roots/list' })},`);
  }
}
