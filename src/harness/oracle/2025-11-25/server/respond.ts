import type { ServerResponse } from 'node:http';
import { latin1Json } from '../../common/http.ts';
import { formatSse } from '../../../wire/sse.ts';
import type { MutantId } from './mutants.ts';

/** Small writers for the oracle's HTTP answers (kept apart so the request handler reads as the spec does). */
export class Responder {
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  /** A JSON body (the text-plain-content-type mutant mislabels it; the latin1-body mutant encodes it in ISO-8859-1). */
  json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    const bytes = this.mutant === 'latin1-body' ? latin1Json(text) : Buffer.from(text, 'utf8');
    res.writeHead(status, {
      'Content-Type': this.mutant === 'text-plain-content-type' ? 'text/plain' : 'application/json',
      'Content-Length': String(bytes.length),
      ...headers,
    });
    res.end(bytes);
  }

  /**
   * A JSON-RPC error as an HTTP error: no `id` when the request's id is unknown (…-79b, …-99). The error-id-dropped
   * mutant drops a known one too, the error-code-string mutant sends the code as a string.
   */
  httpError(res: ServerResponse, status: number, code: number, message: string, id?: unknown): void {
    const withId = id === undefined || this.mutant === 'error-id-dropped' ? {} : { id };
    this.json(res, status, { jsonrpc: '2.0', ...withId, error: { code: this.code(code), message } });
  }

  /** An error code as sent: the error-code-string mutant turns it into a string. */
  private code(code: number): number | string {
    return this.mutant === 'error-code-string' ? String(code) : code;
  }

  /** A JSON-RPC response object (the id-as-string mutant stringifies ids; error mutants as in `httpError`). */
  message(
    id: unknown,
    payload: { result: unknown } | { error: { code: number; message: string } },
  ): Record<string, unknown> {
    if (!('error' in payload))
      return { jsonrpc: '2.0', id: this.mutant === 'id-as-string' ? String(id) : id, ...payload };
    const code = this.code(payload.error.code);
    const error = this.mutant === 'error-without-message' ? { code } : { code, message: payload.error.message };
    const withId = this.mutant === 'error-id-dropped' ? {} : { id: this.mutant === 'id-as-string' ? String(id) : id };
    return { jsonrpc: '2.0', ...withId, error };
  }

  /** 202 Accepted for notifications and responses (the body-on-202 mutant adds a body). */
  accepted(res: ServerResponse): void {
    if (this.mutant === 'body-on-202') return this.json(res, 202, { jsonrpc: '2.0', result: {} });
    res.writeHead(202).end();
  }

  /** One JSON-RPC message as a whole SSE response (the tasks-get-sse mutant answers a poll this way). */
  sseMessage(res: ServerResponse, message: unknown): void {
    this.sse(res);
    res.end(formatSse({ data: JSON.stringify(message) }));
  }

  /** Start an SSE response. */
  sse(res: ServerResponse, status = 200): void {
    res.writeHead(status, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
  }
}
