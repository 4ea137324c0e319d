import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Headers } from '../../bench/schema/wire-event.ts';
import { Allowance, jsonSurplus } from './quota.ts';
import { pairs, type WireRecorder } from './recorder.ts';
import { formatSse, type SseEvent } from './sse.ts';

/**
 * Limits the recording server enforces, so a misbehaving client cannot stall it, flood its memory or its wire log.
 * Per request: body size and time. Per trial (one server): what is recorded at all. Past a per-trial cap a request is
 * answered 503 (`Connection: close`) and a connection closed at once, unrecorded; one `truncated` event marks the
 * first, and a note at close counts them. Far above real traffic (a calibration trial: under 20 requests, 15
 * connections, 80 KB), low enough that memory stays under ~300 MB whatever the client does, and the wire log holds
 * about `maxRecordedBytes` of request data (counted at its size in the log, JSON escaping included).
 */
export interface ServerLimits {
  /** Largest request body accepted; bigger bodies get 413 (the capped prefix is still recorded), then the connection closes. */
  maxBodyBytes: number;
  /** Time allowed to receive a complete request body; slower requests get 408, then the connection closes. */
  bodyTimeoutMs: number;
  /** Longest an open response may live before the server ends it (`timeout`). */
  responseTimeoutMs: number;
  /** Time allowed to receive a request's headers (slowloris); Node then answers 408 and closes. */
  headersTimeoutMs: number;
  /** Requests recorded per trial. */
  maxRequests: number;
  /** Bytes recorded per trial: request headers plus captured (capped) bodies. */
  maxRecordedBytes: number;
  /** Connections accepted per trial. */
  maxConnections: number;
  /** Connections open at once; the server drops more (bounds the request bodies held in memory). */
  maxOpenConnections: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxBodyBytes: 1024 * 1024,
  bodyTimeoutMs: 10_000,
  responseTimeoutMs: 60_000,
  headersTimeoutMs: 10_000,
  maxRequests: 1000,
  maxRecordedBytes: 4 * 1024 * 1024,
  maxConnections: 2000,
  maxOpenConnections: 64,
};

/** The per-trial allowances of one recording server, and what they turned away. */
interface Quota {
  requests: Allowance;
  bytes: Allowance;
  connections: Allowance;
  open: Allowance;
  refused: { requests: number; connections: number; dropped: number };
}

/** An open SSE response; every event is recorded exactly as sent. */
export interface SseWriter {
  send(ev: SseEvent): void;
  /** End the response normally (`complete`) or cut the connection (`aborted`, e.g. a scripted close after `retry`). */
  close(reason?: 'complete' | 'aborted'): void;
  readonly closed: boolean;
  /** Resolves when the response ended for any reason (sent, cut, or the client went away). */
  readonly done: Promise<void>;
}

/** One received request, with helpers that answer it and record what was sent. */
export interface RecordedRequest {
  x: number;
  method: string;
  path: string;
  headers: Headers;
  /** Case-insensitive header value (first occurrence). */
  header(name: string): string | undefined;
  /** Complete request body (uncapped up to `maxBodyBytes`). */
  body: Buffer;
  /** Annotate the request event with a reference label (why it was answered the way it was). */
  label(step: string): void;
  json(status: number, value: unknown, headers?: Record<string, string>): void;
  empty(status: number, headers?: Record<string, string>): void;
  sse(headers?: Record<string, string>): SseWriter;
  /** Whether a response was started. */
  readonly answered: boolean;
}

export type RequestHandler = (req: RecordedRequest) => void | Promise<void>;

export interface RecordingServer {
  url: string;
  port: number;
  /** Close every connection and stop listening. Idempotent. */
  close(): Promise<void>;
}

/**
 * Start an HTTP server on 127.0.0.1 (ephemeral port) that records every exchange into `rec` (perspective `reference`):
 * connections, requests with raw headers in wire order, responses, bodies and SSE events as sent, and how each ended.
 * Handler crashes become recorded 500s; nothing a client does stops the recording.
 */
export async function startRecordingServer(
  rec: WireRecorder,
  handler: RequestHandler,
  given: Partial<ServerLimits> = {},
): Promise<RecordingServer> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...given };
  const sockets = new Set<Socket>();
  const quota: Quota = {
    requests: new Allowance(rec, 'requests', limits.maxRequests, 'requests per trial'),
    bytes: new Allowance(rec, 'request-bytes', limits.maxRecordedBytes, 'recorded request bytes per trial'),
    connections: new Allowance(rec, 'connections', limits.maxConnections, 'connections per trial'),
    open: new Allowance(rec, 'open-connections', limits.maxOpenConnections, 'connections open at once'),
    refused: { requests: 0, connections: 0, dropped: 0 },
  };
  // Node checks header and request timeouts on this interval: the default (30 s) would let slowloris sit far longer.
  const server: Server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs,
    connectionsCheckingInterval: 1000,
  });
  server.maxConnections = limits.maxOpenConnections;
  server.on('drop', () => {
    quota.refused.dropped++;
    quota.open.truncate();
  });
  server.on('connection', (sock) => {
    sock.on('error', () => undefined);
    if (quota.connections.take(1) < 1) {
      quota.refused.connections++;
      sock.destroy();
      return;
    }
    const conn = rec.connection();
    (sock as Socket & { mcpfsConn?: number }).mcpfsConn = conn;
    sockets.add(sock);
    rec.push({ type: 'conn-open', conn });
    sock.on('close', () => {
      sockets.delete(sock);
      rec.push({ type: 'conn-close', conn });
    });
  });
  server.on('clientError', (err, sock) => {
    rec.push({ type: 'error', code: (err as NodeJS.ErrnoException).code ?? 'CLIENT_ERROR', message: err.message });
    if (sock.writable) sock.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.on('request', (req, res) => {
    // The bytes cap recorded its cut when it ran out; the requests cap records its own on the first refusal.
    if (quota.bytes.spent || quota.requests.take(1) < 1) return refuse(quota, res);
    void receive(rec, req, res, handler, limits, quota.bytes);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }).then(() => {
        const r = quota.refused;
        if (r.requests + r.connections + r.dropped > 0)
          rec.note(
            `past the caps, not recorded: ${r.requests} request(s) answered 503, ${r.connections} connection(s) closed at once, ${r.dropped} dropped while ${limits.maxOpenConnections} were open`,
            { data: { ...r } },
          );
      });
      return closing;
    },
  };
}

/** A request past a per-trial cap: answered without being read or recorded, and its connection closed. */
function refuse(quota: Quota, res: ServerResponse): void {
  quota.refused.requests++;
  res.shouldKeepAlive = false;
  // Do not read the body of a request that will not be recorded: drop the connection once the answer is out.
  res.once('finish', () => res.socket?.destroySoon());
  res.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'reference server: this trial reached its request cap' },
    }),
  );
}

async function receive(
  rec: WireRecorder,
  req: IncomingMessage,
  res: ServerResponse,
  handler: RequestHandler,
  limits: ServerLimits,
  bytes: Allowance,
): Promise<void> {
  const x = rec.exchange();
  const conn = (req.socket as Socket & { mcpfsConn?: number }).mcpfsConn;
  const headers = pairs(req.rawHeaders);
  const { body, seen, problem } = await readBody(req, limits);
  const captured = rec.body(body);
  const cost =
    req.rawHeaders.reduce((n, h) => n + h.length + jsonSurplus(h), 0) +
    captured.data.length +
    (captured.encoding === 'utf8' ? jsonSurplus(captured.data) : 0);
  // An oversized body was cut at the limit: record how much arrived before the server stopped reading.
  if (seen > body.length) Object.assign(captured, { bytes: seen, truncated: true });
  const requestEvent = {
    type: 'request' as const,
    x,
    ...(conn !== undefined ? { conn } : {}),
    method: req.method ?? 'GET',
    path: req.url ?? '',
    headers,
    body: captured,
  };
  rec.push(requestEvent);
  const reqEvent = rec.events[rec.events.length - 1] as { step?: string };
  // This request is recorded whole; once the trial's bytes are spent, the next ones are refused. Taken after the
  // request event, so a cap's `truncated` event for exchange x never precedes x's request (derive checks the order).
  bytes.take(cost, x);
  const r = respond(rec, x, res, limits);
  if (problem) {
    reqEvent.step = problem === 413 ? 'body-too-large' : 'body-timeout';
    // Stop reading the rest of an oversized or endless body: close once the answer is out.
    res.shouldKeepAlive = false;
    res.once('finish', () => req.socket.destroySoon());
    r.json(problem, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: problem === 413 ? 'request body too large' : 'request body timed out' },
    });
    return;
  }
  const lower = new Map(headers.map(([k, v]) => [k.toLowerCase(), v] as const).reverse());
  const recorded: RecordedRequest = {
    x,
    method: requestEvent.method,
    path: requestEvent.path,
    headers,
    header: (name) => lower.get(name.toLowerCase()),
    body,
    label: (step) => {
      reqEvent.step = step;
    },
    json: r.json,
    empty: r.empty,
    sse: r.sse,
    get answered() {
      return r.answered();
    },
  };
  try {
    await handler(recorded);
  } catch (e) {
    rec.push({ type: 'error', x, code: 'HANDLER', message: (e as Error).message });
    if (!r.answered())
      r.json(500, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'reference server error' } });
  }
}

function readBody(
  req: IncomingMessage,
  limits: ServerLimits,
): Promise<{ body: Buffer; seen: number; problem?: 408 | 413 }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (problem?: 408 | 413) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ body: Buffer.concat(chunks), seen: size, ...(problem ? { problem } : {}) });
    };
    const timer = setTimeout(() => finish(408), limits.bodyTimeoutMs);
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Keep only what fits; the recorder caps again, but memory must stay bounded here too.
      const room = limits.maxBodyBytes - (size - c.length);
      if (size <= limits.maxBodyBytes) chunks.push(c);
      else {
        if (room > 0) chunks.push(c.subarray(0, room));
        finish(413);
      }
    });
    req.on('end', () => finish());
    req.on('error', () => finish());
    req.on('aborted', () => finish());
  });
}

function respond(rec: WireRecorder, x: number, res: ServerResponse, limits: ServerLimits) {
  let started = false;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const end = (reason: 'complete' | 'aborted' | 'timeout' | 'reset') => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    rec.push({ type: 'end', x, reason });
  };
  res.on('close', () => end(res.writableFinished ? 'complete' : 'reset'));
  const head = (status: number, headers: Record<string, string>) => {
    started = true;
    res.writeHead(status, headers);
    rec.push({ type: 'response', x, status, headers: Object.entries(headers) });
  };
  const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    if (started) return;
    const buf = Buffer.from(JSON.stringify(value), 'utf8');
    head(status, { 'Content-Type': 'application/json', ...headers });
    rec.push({ type: 'body', x, body: rec.body(buf) });
    res.end(buf, () => end('complete'));
  };
  const empty = (status: number, headers: Record<string, string> = {}) => {
    if (started) return;
    head(status, headers);
    res.end(() => end('complete'));
  };
  const sse = (headers: Record<string, string> = {}): SseWriter => {
    // A caller's header replaces a default of the same name in any letter case (e.g. `CONTENT-TYPE` written on purpose).
    const given = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
    const defaults = Object.entries({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    }).filter(([k]) => !given.has(k.toLowerCase()));
    head(200, { ...Object.fromEntries(defaults), ...headers });
    res.flushHeaders();
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    res.on('close', () => resolveDone());
    timer = setTimeout(() => {
      end('timeout');
      res.destroy();
    }, limits.responseTimeoutMs);
    const w: SseWriter = {
      send(ev) {
        if (ended || res.destroyed) return;
        rec.push({ type: 'sse', x, ...ev });
        res.write(formatSse(ev));
      },
      close(reason = 'complete') {
        if (ended) return;
        if (reason === 'aborted') {
          end('aborted');
          // Cut the connection without the terminating chunk (the SSE stream is not terminated, only the connection),
          // after flushing what was written, so the client sees every event including the `retry` field.
          if (res.socket) res.socket.destroySoon();
          else res.destroy();
        } else {
          res.end(() => end('complete'));
        }
      },
      get closed() {
        return ended || res.destroyed;
      },
      done,
    };
    return w;
  };
  return { json, empty, sse, answered: () => started };
}
