import type { Body, Headers, WireEvent, WireLog } from '../schema/wire-event.ts';
import { WIRE_FORMAT } from '../schema/wire-event.ts';

/** Test-only: small wire logs of either perspective, built exchange by exchange (bodies as given, no real server). */

const body = (text: string, truncated = false): Body => ({
  encoding: 'utf8',
  data: text,
  bytes: Buffer.byteLength(text) + (truncated ? 100 : 0),
  truncated,
});
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export interface TestReply {
  status?: number;
  /** Content-Type of a body reply (default application/json). */
  type?: string;
  /** Body: a value (serialised) or raw text. */
  json?: unknown;
  /** SSE events' data: values (serialised) or raw text. */
  sse?: unknown[];
  truncated?: boolean;
}

export class TestLog {
  readonly events: WireEvent[] = [];
  private x = 0;
  private t = 0;
  readonly perspective: 'prober' | 'reference';
  constructor(perspective: 'prober' | 'reference') {
    this.perspective = perspective;
  }

  /** One exchange: a request (POST with a JSON body unless `method`/`payload` say otherwise) and its reply. */
  exchange(
    payload: unknown,
    reply: TestReply = {},
    o: { method?: string; step?: string; requestType?: string; truncated?: boolean } = {},
  ): number {
    const x = this.x++;
    const headers: Headers = payload === undefined ? [] : [['Content-Type', o.requestType ?? 'application/json']];
    this.events.push({
      type: 'request',
      t: this.t++,
      x,
      method: o.method ?? 'POST',
      path: '/mcp',
      headers,
      body: body(payload === undefined ? '' : text(payload), o.truncated),
      ...(o.step ? { step: o.step } : {}),
    });
    const sse = reply.sse !== undefined;
    this.events.push({
      type: 'response',
      t: this.t++,
      x,
      status: reply.status ?? (sse || reply.json !== undefined ? 200 : 202),
      headers: sse
        ? [['Content-Type', 'text/event-stream']]
        : reply.json !== undefined
          ? [['Content-Type', reply.type ?? 'application/json']]
          : [],
    });
    if (reply.json !== undefined)
      this.events.push({ type: 'body', t: this.t++, x, body: body(text(reply.json), reply.truncated) });
    for (const d of reply.sse ?? []) this.events.push({ type: 'sse', t: this.t++, x, data: text(d) });
    this.events.push({ type: 'end', t: this.t++, x, reason: 'complete' });
    return x;
  }

  log(): WireLog {
    return {
      header: {
        type: 'wire',
        format: WIRE_FORMAT,
        perspective: this.perspective,
        startedAt: '2026-11-30T08:00:00.000Z',
        bodyCap: 65536,
      },
      events: this.events,
    };
  }
}

/** A 2026-07-28 request with the `_meta` every request needs. */
export const req2026 = (id: unknown, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
/** A JSON-RPC result response. */
export const res = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id, result });
