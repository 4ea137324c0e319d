import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Headers, TruncationCap } from '../../bench/schema/wire-event.ts';
import { Allowance, jsonSurplus } from './quota.ts';
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
  /** Cap on response bytes read; past it the exchange is cut (`aborted`). Default: the client's `maxBytes`. */
  maxBytes?: number;
  /** Cap on SSE events kept of this response; past it the exchange is cut (`aborted`). Default: the client's. */
  maxEvents?: number;
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

/**
 * What a peer can make one client (one probe run) read and record. Per exchange the response is cut (`aborted`, with
 * a `truncated` event) at `maxBytes` or `maxEvents`; per run, once `trialBytes` or `trialEvents` are spent the current
 * exchange is cut and no further request is sent (see `spent`). Far above real traffic (a whole calibration trial
 * reads under 80 KB and 25 events), low enough that memory and the wire log stay small whatever the peer does: the
 * Data counts at its size in the log (raw bytes plus what JSON escaping adds; bodies with control characters are
 * kept as base64), so the log holds about `trialBytes` of response data, whatever the peer sends.
 */
export interface ClientCaps {
  /** Response bytes (headers and body) read per exchange. */
  maxBytes: number;
  /** SSE events recorded per response. */
  maxEvents: number;
  /** 1xx interim responses (100 Continue, 103 Early Hints, …) tolerated before the final response. */
  maxInterim: number;
  /** Response bytes read over the whole run. */
  trialBytes: number;
  /** SSE events recorded over the whole run. */
  trialEvents: number;
}

export const DEFAULT_CLIENT_CAPS: ClientCaps = {
  maxBytes: 1024 * 1024,
  maxEvents: 1000,
  maxInterim: 32,
  trialBytes: 4 * 1024 * 1024,
  trialEvents: 10_000,
};

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
  readonly caps: ClientCaps;
  private readonly bytes: Allowance;
  private readonly events: Allowance;

  constructor(recorder: WireRecorder, caps: Partial<ClientCaps> = {}) {
    this.rec = recorder;
    this.caps = { ...DEFAULT_CLIENT_CAPS, ...caps };
    this.bytes = new Allowance(recorder, 'trial-bytes', this.caps.trialBytes, 'response bytes per probe run');
    this.events = new Allowance(recorder, 'trial-events', this.caps.trialEvents, 'SSE events per probe run');
  }

  /** The per-run cap that is spent, if one is: the caller should send nothing more. */
  get spent(): TruncationCap | undefined {
    return this.bytes.spent ? 'trial-bytes' : this.events.spent ? 'trial-events' : undefined;
  }

  send(r: WireRequest): Promise<WireResult> {
    const rec = this.rec;
    const x = rec.exchange();
    const out: WireResult = { x, headers: [], body: Buffer.alloc(0), sse: [] };
    const body =
      r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
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
    rec.push({
      type: 'request',
      x,
      conn,
      step: r.step,
      method: r.method,
      path: url.pathname + url.search,
      headers,
      body: rec.body(body),
    });

    const maxBytes = r.maxBytes ?? this.caps.maxBytes;
    const exBytes = new Allowance(rec, 'response-bytes', maxBytes, 'response bytes per exchange');
    const exEvents = new Allowance(
      rec,
      'response-events',
      r.maxEvents ?? this.caps.maxEvents,
      'SSE events per response',
    );
    const interim = new Allowance(rec, 'interim-responses', this.caps.maxInterim, '1xx interim responses per exchange');
    const cut = (what: string) => ({ code: 'EMAXBYTES', message: `response exceeded ${what}: ${r.method} ${r.url}` });

    return new Promise<WireResult>((resolve) => {
      let finished = false;
      const timers: NodeJS.Timeout[] = [];
      let res: IncomingMessage | undefined;
      let req: ClientRequest | undefined;
      const parser = new SseParser();
      // One decoder per response, so a UTF-8 character split across two TCP chunks is decoded whole.
      const decoder = new StringDecoder('utf8');
      const chunks: Buffer[] = [];
      let sse = false;

      const finish = (reason: WireResult['reason'], err?: { code: string; message: string }) => {
        if (finished) return;
        finished = true;
        for (const t of timers) clearTimeout(t);
        r.signal?.removeEventListener('abort', onAbort);
        if (res && !sse) {
          out.body = Buffer.concat(chunks);
          const captured = rec.body(out.body);
          rec.push({ type: 'body', x, body: captured });
          // Escaping in the log counts against the run (the raw bytes already did): later steps see it as spent.
          if (captured.encoding === 'utf8') this.bytes.take(jsonSurplus(captured.data), x);
        }
        if (!res && !err)
          err = {
            code: reason === 'timeout' ? 'ETIMEDOUT' : 'EABORTED',
            message: `no response (${reason}): ${r.method} ${r.url}`,
          };
        if (err) {
          rec.push({ type: 'error', x, code: err.code, message: err.message });
          out.error = err;
        }
        if (res) rec.push({ type: 'end', x, reason: reason ?? 'reset' });
        out.reason = res ? reason : undefined;
        req?.destroy();
        resolve(out);
      };
      const onAbort = () => finish('aborted');

      /** Record the events of one (already allowed) piece of an SSE body; false once an event cap cut the exchange. */
      const events = (text: string): boolean => {
        for (const ev of parser.push(text)) {
          if (exEvents.take(1, x) < 1)
            return (
              finish('aborted', {
                code: 'EMAXEVENTS',
                message: `response exceeded ${exEvents.limit} SSE events: ${r.method} ${r.url}`,
              }),
              false
            );
          if (this.events.take(1, x) < 1)
            return (
              finish('aborted', {
                code: 'EMAXEVENTS',
                message: `probe run exceeded ${this.events.limit} SSE events: ${r.method} ${r.url}`,
              }),
              false
            );
          // The raw bytes were counted on arrival; what JSON escaping adds to the log counts too.
          const surplus =
            jsonSurplus(ev.data) + (ev.id ? jsonSurplus(ev.id) : 0) + (ev.event ? jsonSurplus(ev.event) : 0);
          if (this.bytes.take(surplus, x) < surplus)
            return (finish('aborted', cut(`${this.bytes.limit} bytes in this probe run`)), false);
          out.sse.push(ev);
          rec.push({ type: 'sse', x, ...ev });
          const grace = r.onSse?.(ev);
          if (typeof grace === 'number') timers.push(setTimeout(() => finish('timeout'), grace));
        }
        return true;
      };

      try {
        req = httpRequest(
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
            // Already cut (interim storm, timeout): what the parser still had buffered is not recorded.
            if (finished) return void m.resume();
            res = m;
            out.status = m.statusCode;
            out.headers = pairs(m.rawHeaders);
            sse = isSse(out.headers);
            rec.push({ type: 'response', x, status: m.statusCode ?? 0, headers: out.headers });
            r.onResponse?.(m.statusCode ?? 0);
            const head = m.rawHeaders.reduce((n, h) => n + h.length + jsonSurplus(h), 0);
            if (this.bytes.take(head, x) < head)
              return finish('aborted', cut(`${this.bytes.limit} bytes in this probe run`));
            m.on('data', (chunk: Buffer) => {
              if (finished) return;
              // Keep exactly what both caps allow: the exchange's and the run's.
              const allowed = this.bytes.take(exBytes.take(chunk.length, x), x);
              const part = allowed < chunk.length ? chunk.subarray(0, allowed) : chunk;
              if (sse) {
                if (!events(decoder.write(part))) return;
              } else chunks.push(part);
              if (allowed < chunk.length)
                finish(
                  'aborted',
                  cut(exBytes.spent ? `${maxBytes} bytes` : `${this.bytes.limit} bytes in this probe run`),
                );
            });
            m.on('end', () => finish('complete'));
            m.on('error', (e: NodeJS.ErrnoException) =>
              finish('reset', { code: e.code ?? 'ERESPONSE', message: `${e.message}: ${r.method} ${r.url}` }),
            );
            m.on('close', () => finish(m.complete ? 'complete' : 'reset'));
          },
        );
      } catch (e) {
        // Headers Node refuses to send, e.g. an SSE id past Latin-1 the server handed out, resent as Last-Event-ID.
        const err = e as NodeJS.ErrnoException;
        return finish(undefined, { code: err.code ?? 'EREQUEST', message: `${err.message}: ${r.method} ${r.url}` });
      }
      req.on('socket', (sock) => {
        const open = () => rec.push({ type: 'conn-open', conn });
        if (sock.connecting) sock.once('connect', open);
        else open();
        sock.once('close', () => rec.push({ type: 'conn-close', conn }));
      });
      req.on('information', () => {
        if (!finished && interim.take(1, x) < 1)
          finish('aborted', {
            code: 'EMAXINTERIM',
            message: `more than ${interim.limit} 1xx interim responses: ${r.method} ${r.url}`,
          });
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
