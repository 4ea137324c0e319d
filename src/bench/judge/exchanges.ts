import { parseJsonBounded } from './bounded-json.ts';
import type { Body, Headers, WireEvent, WireLog } from '../schema/wire-event.ts';

/** One SSE event as judges see it, with its JSON-RPC payload parsed when `data` is JSON. */
export interface SseView {
  t: number;
  id?: string;
  event?: string;
  data: string;
  retry?: number;
  /** Parsed `data`, or `undefined` when it is empty or not JSON. */
  json?: unknown;
}

/** One HTTP request/response pair reassembled from the flat event list. */
export interface Exchange {
  x: number;
  step?: string;
  conn?: number;
  request: { t: number; method: string; path: string; headers: Headers; body: Body; json?: unknown };
  response?: { t: number; status: number; headers: Headers };
  /** Non-SSE body. */
  body?: Body;
  /** Parsed non-SSE body when it is JSON. */
  json?: unknown;
  sse: SseView[];
  end?: { t: number; reason: 'complete' | 'aborted' | 'timeout' | 'reset' };
  error?: { t: number; code: string; message: string };
}

/** An exchange that got a response (a status line and headers). */
export type Answered = Exchange & { response: NonNullable<Exchange['response']> };

/** Whether an exchange got a response; a guard, so `ex.response.status` needs no `!` after it. */
export const isAnswered = (ex: Exchange | undefined): ex is Answered => ex?.response !== undefined;

/** Body as text (base64 bodies decoded leniently). */
export function bodyText(b: Body | undefined): string {
  if (!b) return '';
  return b.encoding === 'utf8' ? b.data : Buffer.from(b.data, 'base64').toString('utf8');
}

/** Parsed JSON, or undefined (empty, not JSON, or deeper than the harness reads: judges never see such a value). */
const tryJson = (text: string): unknown => parseJsonBounded(text);

/** Case-insensitive header lookup; the first value wins. */
export function header(headers: Headers | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const n = name.toLowerCase();
  return headers.find(([k]) => k.toLowerCase() === n)?.[1];
}

/** Reassemble exchanges (ordered by index) from a wire log. Pure and total: malformed bodies just lack `json`. */
export function toExchanges(log: WireLog | readonly WireEvent[]): Exchange[] {
  const events = Array.isArray(log) ? (log as readonly WireEvent[]) : (log as WireLog).events;
  const byX = new Map<number, Exchange>();
  for (const e of events) {
    if (e.type === 'request') {
      byX.set(e.x, {
        x: e.x,
        step: e.step,
        conn: e.conn,
        request: {
          t: e.t,
          method: e.method,
          path: e.path,
          headers: e.headers,
          body: e.body,
          json: tryJson(bodyText(e.body)),
        },
        sse: [],
      });
      continue;
    }
    if (!('x' in e) || e.x === undefined) continue;
    const ex = byX.get(e.x);
    if (!ex) continue;
    switch (e.type) {
      case 'response':
        ex.response = { t: e.t, status: e.status, headers: e.headers };
        break;
      case 'body':
        ex.body = e.body;
        ex.json = tryJson(bodyText(e.body));
        break;
      case 'sse':
        ex.sse.push({ t: e.t, id: e.id, event: e.event, data: e.data, retry: e.retry, json: tryJson(e.data) });
        break;
      case 'end':
        ex.end = { t: e.t, reason: e.reason };
        break;
      case 'error':
        ex.error = { t: e.t, code: e.code, message: e.message };
        break;
      default:
        break;
    }
  }
  return [...byX.values()].sort((a, b) => a.x - b.x);
}

/** JSON-RPC messages an exchange's response carried: the JSON body (single or batch) or every SSE event's payload. */
export function responseMessages(ex: Exchange): unknown[] {
  const out: unknown[] = [];
  const push = (v: unknown) => (Array.isArray(v) ? out.push(...v) : v !== undefined && out.push(v));
  push(ex.json);
  for (const s of ex.sse) push(s.json);
  return out;
}

/** JSON-RPC messages a request carried (single or batch). */
export function requestMessages(ex: Exchange): unknown[] {
  const v = ex.request.json;
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
