import type { Body, Headers, WireLog } from '../schema/wire-event.ts';
import { bodyText, header, toExchanges, type Exchange } from '../judge/exchanges.ts';

/** The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) this export writes. */
export interface HarNameValue {
  name: string;
  value: string;
}
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; send: number; wait: number; receive: number; ssl: number };
  connection?: string;
  comment?: string;
}
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: never[];
    entries: HarEntry[];
    comment?: string;
  };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

const nv = (h: Headers): HarNameValue[] => h.map(([name, value]) => ({ name, value }));

function queryString(path: string): HarNameValue[] {
  const q = path.indexOf('?');
  if (q === -1) return [];
  return [...new URLSearchParams(path.slice(q + 1))].map(([name, value]) => ({ name, value }));
}

/** Absolute URL from the request target and its Host header (the wire log keeps the target only). */
function url(ex: Exchange): string {
  if (/^https?:\/\//i.test(ex.request.path)) return ex.request.path;
  const host = header(ex.request.headers, 'host') ?? 'localhost';
  return `http://${host}${ex.request.path.startsWith('/') ? '' : '/'}${ex.request.path}`;
}

const truncNote = (b: Body) =>
  b.truncated ? `truncated by the recorder: ${b.data.length} of ${b.bytes} bytes captured` : undefined;

/** The SSE events back as an event stream text, so HAR viewers show the stream (the raw bytes were parsed). */
export function sseText(ex: Exchange): string {
  return ex.sse
    .map((s) => {
      const lines: string[] = [];
      if (s.event !== undefined) lines.push(`event: ${s.event}`);
      if (s.id !== undefined) lines.push(`id: ${s.id}`);
      if (s.retry !== undefined) lines.push(`retry: ${s.retry}`);
      for (const d of s.data.split('\n')) lines.push(`data: ${d}`);
      return lines.join('\n') + '\n\n';
    })
    .join('');
}

function content(ex: Exchange): HarEntry['response']['content'] {
  const mimeType = header(ex.response?.headers, 'content-type') ?? (ex.sse.length ? 'text/event-stream' : 'x-unknown');
  if (ex.sse.length > 0) {
    const text = sseText(ex);
    return {
      size: new TextEncoder().encode(text).length,
      mimeType,
      text,
      comment: 'SSE events as parsed by the harness, re-serialised',
    };
  }
  const b = ex.body;
  if (!b) return { size: 0, mimeType };
  const note = truncNote(b);
  return {
    size: b.bytes,
    mimeType,
    text: b.data,
    ...(b.encoding === 'base64' ? { encoding: 'base64' } : {}),
    ...(note ? { comment: note } : {}),
  };
}

const ms = (n: number) => Math.max(0, Math.round(n * 1000) / 1000);

/**
 * A wire log as HAR 1.2: one entry per exchange in order, SSE bodies as text, timings from the recorder's clock
 * (send = 0; wait = request → status line; receive = status line → end). Unknown sizes are -1 as HAR prescribes.
 */
export function toHar(log: WireLog, creator: { name: string; version: string }, comment?: string): Har {
  const start = Date.parse(log.header.startedAt);
  const entries = toExchanges(log).map((ex): HarEntry => {
    const tResp = ex.response?.t ?? ex.error?.t ?? ex.request.t;
    const tEnd = Math.max(tResp, ex.end?.t ?? tResp, ...ex.sse.map((s) => s.t), ex.body ? tResp : 0);
    const reqBody = ex.request.body;
    const reqNote = truncNote(reqBody);
    const resBytes = ex.body?.bytes ?? (ex.sse.length ? new TextEncoder().encode(sseText(ex)).length : 0);
    return {
      startedDateTime: new Date(start + ex.request.t).toISOString(),
      time: ms(tEnd - ex.request.t),
      request: {
        method: ex.request.method,
        url: url(ex),
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: nv(ex.request.headers),
        queryString: queryString(ex.request.path),
        ...(reqBody.bytes > 0
          ? {
              postData: {
                mimeType: header(ex.request.headers, 'content-type') ?? 'application/octet-stream',
                text: bodyText(reqBody),
                ...(reqNote ? { comment: reqNote } : {}),
              },
            }
          : {}),
        headersSize: -1,
        bodySize: reqBody.bytes,
      },
      response: {
        status: ex.response?.status ?? 0,
        statusText: ex.response ? (STATUS_TEXT[ex.response.status] ?? '') : '',
        httpVersion: ex.response ? 'HTTP/1.1' : '',
        cookies: [],
        headers: nv(ex.response?.headers ?? []),
        content: content(ex),
        redirectURL: header(ex.response?.headers, 'location') ?? '',
        headersSize: -1,
        bodySize: ex.response ? resBytes : -1,
        ...(ex.error ? { _error: `${ex.error.code}: ${ex.error.message}` } : {}),
      },
      cache: {},
      timings: {
        blocked: -1,
        dns: -1,
        connect: -1,
        send: 0,
        wait: ms(tResp - ex.request.t),
        receive: ms(tEnd - tResp),
        ssl: -1,
      },
      ...(ex.conn !== undefined ? { connection: String(ex.conn) } : {}),
      comment: `exchange #${ex.x}${ex.step ? ` (${ex.step})` : ''}${ex.end ? `; ended: ${ex.end.reason}` : ''}`,
    };
  });
  return { log: { version: '1.2', creator, pages: [], entries, ...(comment ? { comment } : {}) } };
}
