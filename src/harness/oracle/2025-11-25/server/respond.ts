import type { ServerResponse } from 'node:http';
import type { MutantId } from './mutants.ts';

/** Small writers for the oracle's HTTP answers (kept apart so the request handler reads as the spec does). */
export class Responder {
  private readonly mutant?: MutantId;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  /** A JSON body (the text-plain-content-type mutant mislabels it). */
  json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': this.mutant === 'text-plain-content-type' ? 'text/plain' : 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }

  /** A JSON-RPC error as an HTTP error: no `id` when the request's id is unknown (…-79b, …-99). */
  httpError(res: ServerResponse, status: number, code: number, message: string, id?: unknown): void {
    this.json(res, status, { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } });
  }

  /** A JSON-RPC response object (the id-as-string mutant stringifies ids). */
  message(
    id: unknown,
    payload: { result: unknown } | { error: { code: number; message: string } },
  ): Record<string, unknown> {
    const p =
      this.mutant === 'error-without-message' && 'error' in payload ? { error: { code: payload.error.code } } : payload;
    return { jsonrpc: '2.0', id: this.mutant === 'id-as-string' ? String(id) : id, ...p };
  }

  /** 202 Accepted for notifications and responses (the body-on-202 mutant adds a body). */
  accepted(res: ServerResponse): void {
    if (this.mutant === 'body-on-202') return this.json(res, 202, { jsonrpc: '2.0', result: {} });
    res.writeHead(202).end();
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
