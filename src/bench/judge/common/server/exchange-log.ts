import type { Checkpoint } from '../../../schema/checkpoint.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import type { Headers, WireEvent, WireLog } from '../../../schema/wire-event.ts';
import { WIRE_FORMAT } from '../../../schema/wire-event.ts';
import { toExchanges } from '../../exchanges.ts';
import type { Judge, JudgeResult } from '../../types.ts';

/**
 * Hand-made wire logs for judge unit tests (test support; pure). One `Ex` describes one exchange; a scenario's
 * conformant log is a list of them, and a failing case overrides one step.
 */
export interface Ex {
  step: string;
  /** TCP connection number of the request (absent: the log names none). */
  conn?: number;
  method?: string;
  reqHeaders?: Headers;
  /** Request JSON-RPC message (serialised). */
  req?: unknown;
  /** Response status; absent = connection refused. */
  status?: number;
  resHeaders?: Headers;
  /** JSON response body (serialised), or raw text. */
  json?: unknown;
  text?: string;
  /** Raw body bytes, recorded as the recorder does: as text when they are UTF-8, else base64. */
  bytes?: Uint8Array;
  /** SSE events; object `data` is serialised. */
  sse?: { id?: string; data: unknown; retry?: number }[];
  end?: 'complete' | 'aborted' | 'timeout' | 'reset';
}

const body = (s: string) => ({ encoding: 'utf8' as const, data: s, bytes: Buffer.byteLength(s), truncated: false });

/** Raw bytes as a body record: text when they round-trip as UTF-8 without C0 controls, else base64 (as `WireRecorder.body`). */
function rawBody(b: Uint8Array) {
  const buf = Buffer.from(b);
  const text = buf.toString('utf8');
  return Buffer.from(text, 'utf8').equals(buf) && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)
    ? body(text)
    : { encoding: 'base64' as const, data: buf.toString('base64'), bytes: buf.length, truncated: false };
}

const JSON_CT: Headers = [['Content-Type', 'application/json']];

const SSE_CT: Headers = [['Content-Type', 'text/event-stream']];

/** Build a wire log from exchanges, in order, with made-up but monotonic times. */
export function wireLog(exs: readonly Ex[]): WireLog {
  const events: WireEvent[] = [];
  let t = 0;
  exs.forEach((e, x) => {
    const reqText = e.req === undefined ? '' : JSON.stringify(e.req);
    events.push({
      type: 'request',
      t: t++,
      x,
      step: e.step,
      ...(e.conn === undefined ? {} : { conn: e.conn }),
      method: e.method ?? 'POST',
      path: '/mcp',
      headers: e.reqHeaders ?? [],
      body: body(reqText),
    });
    if (e.status === undefined) {
      events.push({ type: 'error', t: t++, x, code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' });
      return;
    }
    const sse = e.sse !== undefined;
    events.push({
      type: 'response',
      t: t++,
      x,
      status: e.status,
      headers: e.resHeaders ?? (sse ? SSE_CT : e.json !== undefined ? JSON_CT : []),
    });
    if (sse)
      for (const s of e.sse!)
        events.push({
          type: 'sse',
          t: t++,
          x,
          ...(s.id ? { id: s.id } : {}),
          ...(s.retry === undefined ? {} : { retry: s.retry }),
          data: typeof s.data === 'string' ? s.data : JSON.stringify(s.data),
        });
    else
      events.push({
        type: 'body',
        t: t++,
        x,
        body: e.bytes ? rawBody(e.bytes) : body(e.text ?? (e.json === undefined ? '' : JSON.stringify(e.json))),
      });
    events.push({ type: 'end', t: t++, x, reason: e.end ?? 'complete' });
  });
  return {
    header: {
      type: 'wire',
      format: WIRE_FORMAT,
      perspective: 'prober',
      startedAt: '2026-11-30T08:00:00.000Z',
      bodyCap: 65536,
    },
    events,
  };
}

/** Replace (or, with `null`, drop) exchanges by step. */
export function override(exs: readonly Ex[], changes: Record<string, Partial<Ex> | null>): Ex[] {
  return exs.flatMap((e) => (changes[e.step] === null ? [] : [{ ...e, ...(changes[e.step] ?? {}) }]));
}

/** Run one judge over hand-made exchanges (judges here read only the log). */
export function judgeOn(judge: Judge, exs: readonly Ex[]): JudgeResult {
  const log = wireLog(exs);
  return judge({ log, exchanges: toExchanges(log), scenario: {} as Scenario, checkpoint: {} as Checkpoint });
}
