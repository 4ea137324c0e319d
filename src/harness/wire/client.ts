import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Headers } from '../../bench/schema/wire-event.ts';
import { pairs, type WireRecorder } from './recorder.ts';
import { SseParser, type SseEvent } from './sse.ts';

/** One request for the recording client. Headers are sent exactly as given (order and case), nothing is added. */
export interface WireRequest {
  method: string;
  /** Absolute `http://` URL. */
  url: string;
  /** Headers in wire order. `Host` and `Content-Length` are added only if absent (placed first / last). */
  headers: Headers;
  body?: string | Buffer;
  /** Probe step label recorded on the request event. */
  step?: string;
  /** Hard cap on the whole exchange, ms; on expiry the response ends with reason `timeout`. */
  timeoutMs: number;
  /** Cap on response bytes read; past it the exchange is cut (`aborted`). */
  maxBytes?: number;
  /** Scripted abort (e.g. closing a standing GET stream): ends with reason `aborted`. */
  signal?: AbortSignal;
  /** Called once when the status line and headers arrived. */
  onResponse?: (status: number) => void;
  /** Called for every SSE event; return a number of ms to arm a grace timer that ends the exchange as `timeout`. */
  onSse?: (ev: SseEvent) => number | void;
}

/** What came back, for the prober's own bookkeeping (the wire log is the record of truth). */
export interface WireResult {
  x: number;
  status?: number;
  headers: Headers;
  /** Raw (uncapped up to maxBytes) body bytes of a non-SSE response. */
  body: Buffer;
  sse: SseEvent[];
  reason?: 'complete' | 'aborted' | 'timeout' | 'reset';
  error?: { code: string; message: string };
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Whether a response's Content-Type announces an SSE stream. */
export function isSse(headers: Headers): boolean {
  const ct = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  return ct.split(';')[0]!.trim().toLowerCase() === 'text/event-stream';
}

/**
 * A recording raw HTTP/1.1 client: one fresh connection per request (so `conn` numbers are exact), headers as given,
 * raw body bytes, SSE framing. Never throws for anything the peer does: refusals, resets, hangs and garbage all
 * become events in the recorder.
 */
export class WireClient {
  private readonly rec: WireRecorder;

  constructor(recorder: WireRecorder) {
    this.rec = recorder;
  }

  send(r: WireRequest): Promise<WireResult> {
    const rec = this.rec;
    const x = rec.exchange();
    const out: WireResult = { x, headers: [], body: Buffer.alloc(0), sse: [] };
    const body = r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
    let url: URL;
    try {
      url = new URL(r.url);
      if (url.protocol !== 'http:') throw new Error(`unsupported protocol ${url.protocol}`);
    } catch (e) {
      rec.push({ type: 'error', x, code: 'EBADURL', message: `${(e as Error).message}: ${r.method} ${r.url}` });
      out.error = { code: 'EBADURL', message: (e as Error).message };
      return Promise.resolve(out);
    }
    const headers = withDefaults(r.headers, url.host, body.length, r.method);
    // One fresh connection per request (agent: false), so its number is known before the socket exists.
    const conn = rec.connection();
    rec.push({ type: 'request', x, conn, step: r.step, method: r.method, path: url.pathname + url.search, headers, body: rec.body(body) });

    return new Promise<WireResult>((resolve) => {
      let finished = false;
      const timers: NodeJS.Timeout[] = [];
      let res: IncomingMessage | undefined;
      const parser = new SseParser();
      const chunks: Buffer[] = [];
      let size = 0;
      let sse = false;

      const finish = (reason: WireResult['reason'], err?: { code: string; message: string }) => {
        if (finished) return;
        finished = true;
        for (const t of timers) clearTimeout(t);
        r.signal?.removeEventListener('abort', onAbort);
        if (res && !sse) {
          out.body = Buffer.concat(chunks);
          rec.push({ type: 'body', x, body: rec.body(out.body) });
        }
        if (!res && !err) err = { code: reason === 'timeout' ? 'ETIMEDOUT' : 'EABORTED', message: `no response (${reason}): ${r.method} ${r.url}` };
        if (err) {
          rec.push({ type: 'error', x, code: err.code, message: err.message });
          out.error = err;
        }
        if (res) rec.push({ type: 'end', x, reason: reason ?? 'reset' });
        out.reason = res ? reason : undefined;
        req.destroy();
        resolve(out);
      };
      const onAbort = () => finish('aborted');

      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port || 80,
          method: r.method,
          path: url.pathname + url.search,
          headers: headers.flat(),
          setDefaultHeaders: false,
          agent: false,
          // Record what a sloppy server sends (e.g. a control character in MCP-Session-Id) instead of refusing to parse it.
          insecureHTTPParser: true,
        },
        (m) => {
          res = m;
          out.status = m.statusCode;
          out.headers = pairs(m.rawHeaders);
          sse = isSse(out.headers);
          rec.push({ type: 'response', x, status: m.statusCode ?? 0, headers: out.headers });
          r.onResponse?.(m.statusCode ?? 0);
          m.on('data', (chunk: Buffer) => {
            if (finished) return;
            size += chunk.length;
            if (sse) {
              for (const ev of parser.push(chunk.toString('utf8'))) {
                out.sse.push(ev);
                rec.push({ type: 'sse', x, ...ev });
                const grace = r.onSse?.(ev);
                if (typeof grace === 'number') timers.push(setTimeout(() => finish('timeout'), grace));
              }
            } else chunks.push(chunk);
            if (size > (r.maxBytes ?? DEFAULT_MAX_BYTES)) finish('aborted', { code: 'EMAXBYTES', message: `response exceeded ${r.maxBytes ?? DEFAULT_MAX_BYTES} bytes: ${r.method} ${r.url}` });
          });
          m.on('end', () => finish('complete'));
          m.on('error', (e: NodeJS.ErrnoException) => finish('reset', { code: e.code ?? 'ERESPONSE', message: `${e.message}: ${r.method} ${r.url}` }));
          m.on('close', () => finish(m.complete ? 'complete' : 'reset'));
        },
      );
      req.on('socket', (sock) => {
        const open = () => rec.push({ type: 'conn-open', conn });
        if (sock.connecting) sock.once('connect', open);
        else open();
        sock.once('close', () => rec.push({ type: 'conn-close', conn }));
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (!finished) finish('reset', { code: e.code ?? 'EREQUEST', message: `${e.message}: ${r.method} ${r.url}` });
      });
      timers.push(setTimeout(() => finish('timeout'), r.timeoutMs));
      if (r.signal?.aborted) return finish('aborted');
      r.signal?.addEventListener('abort', onAbort);
      req.end(body);
    });
  }
}

/** Add `Host` (first) and `Content-Length` (last, for bodies or POST) when the caller did not set them. */
function withDefaults(given: Headers, host: string, length: number, method: string): Headers {
  const has = (n: string) => given.some(([k]) => k.toLowerCase() === n);
  const out: Headers = [];
  if (!has('host')) out.push(['Host', host]);
  out.push(...given);
  if (!has('content-length') && (length > 0 || method === 'POST')) out.push(['Content-Length', String(length)]);
  return out;
}
