import type { Body, Headers, WireEvent, WireLog } from '../../../schema/wire-event.ts';
import { WIRE_FORMAT } from '../../../schema/wire-event.ts';

/** Test-only builder of small reference-perspective wire logs (what a client sent, what the reference answered). */

const body = (text: string): Body => ({
  encoding: 'utf8',
  data: text,
  bytes: Buffer.byteLength(text),
  truncated: false,
});

export const POST_HEADERS: Headers = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
];

export interface Reply {
  status?: number;
  headers?: Headers;
  json?: unknown;
  sse?: { id?: string; retry?: number; data: unknown }[];
  /** How the response ended (default `complete`). */
  end?: 'complete' | 'aborted';
}

export class LogBuilder {
  readonly events: WireEvent[] = [];
  private t = 0;
  private x = 0;
  /** Session id and version added to later requests by `post()` unless overridden. */
  session: string | undefined;
  version: string | undefined;

  wait(ms: number): this {
    this.t += ms;
    return this;
  }

  private stamp(): number {
    this.t += 1;
    return this.t;
  }

  /** Headers a well-behaved client sends at this point (Accept, version, session) plus `extra`. */
  headers(kind: 'POST' | 'GET' | 'DELETE', extra: Headers = []): Headers {
    const h: Headers = kind === 'POST' ? [...POST_HEADERS] : kind === 'GET' ? [['Accept', 'text/event-stream']] : [];
    if (this.version) h.push(['MCP-Protocol-Version', this.version]);
    if (this.session) h.push(['MCP-Session-Id', this.session]);
    return [...h, ...extra];
  }

  request(method: string, headers: Headers, payload: unknown, reply: Reply): number {
    const x = this.x++;
    const text = payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.events.push({ type: 'request', t: this.stamp(), x, method, path: '/mcp', headers, body: body(text) });
    const status = reply.status ?? (reply.sse ? 200 : reply.json === undefined ? 202 : 200);
    const ctype: Headers = reply.sse
      ? [['Content-Type', 'text/event-stream']]
      : reply.json !== undefined
        ? [['Content-Type', 'application/json']]
        : [];
    this.events.push({ type: 'response', t: this.stamp(), x, status, headers: [...ctype, ...(reply.headers ?? [])] });
    if (reply.json !== undefined)
      this.events.push({ type: 'body', t: this.t, x, body: body(JSON.stringify(reply.json)) });
    for (const e of reply.sse ?? []) {
      const data = e.data === '' ? '' : JSON.stringify(e.data);
      this.events.push({
        type: 'sse',
        t: this.stamp(),
        x,
        data,
        ...(e.id !== undefined ? { id: e.id } : {}),
        ...(e.retry !== undefined ? { retry: e.retry } : {}),
      });
    }
    this.events.push({ type: 'end', t: this.stamp(), x, reason: reply.end ?? 'complete' });
    return x;
  }

  post(msg: unknown, reply: Reply = {}, headers?: Headers): number {
    return this.request('POST', headers ?? this.headers('POST'), msg, reply);
  }

  /** initialize → result (optionally with a session id and a chosen version); adopts both for later requests. */
  initialize(
    opts: { id?: number; version?: string; session?: string; params?: unknown; headers?: Headers } = {},
  ): number {
    const id = opts.id ?? 1;
    const version = opts.version ?? '2025-11-25';
    const params = opts.params ?? {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    };
    const x = this.post(
      { jsonrpc: '2.0', id, method: 'initialize', params },
      {
        json: {
          jsonrpc: '2.0',
          id,
          result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'ref', version: '1' } },
        },
        headers: opts.session ? [['MCP-Session-Id', opts.session]] : [],
      },
      opts.headers ?? [...POST_HEADERS],
    );
    this.session = opts.session;
    this.version = version;
    return x;
  }

  initialized(): number {
    return this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** tools/call answered as JSON with one text item (or with `reply` as given). */
  call(id: unknown, name: string, args: Record<string, unknown>, result: string | Reply, headers?: Headers): number {
    const reply: Reply =
      typeof result === 'string'
        ? { json: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: result }] } } }
        : result;
    return this.post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, reply, headers);
  }

  log(): WireLog {
    return {
      header: {
        type: 'wire',
        format: WIRE_FORMAT,
        perspective: 'reference',
        startedAt: '2026-11-30T08:00:00.000Z',
        bodyCap: 65536,
      },
      events: this.events,
    };
  }
}
