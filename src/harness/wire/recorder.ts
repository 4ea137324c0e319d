import type { Body, Headers, WireEvent, WireHeader, WireLog } from '../../bench/schema/wire-event.ts';
import { WIRE_FORMAT, WIRE_LIMITS } from '../../bench/schema/wire-event.ts';

/**
 * A wire log as JSONL text (header line, then one event per line, each with its hash-chain field `h`): the one
 * serialisation every writer uses; and the seal (event count, chain head) the record stores for it.
 */
export { wireJsonl, wireSeal } from '../../bench/derive/wire-chain.ts';

/** C0 control characters JSON escapes as `\u00XX`. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Default body cap: keep the first 64 KiB of every body, record the true length. */
export const DEFAULT_BODY_CAP = 64 * 1024;

/** Distributive Omit, so each member of the event union keeps its own fields. */
type DistOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type WireEventInput = DistOmit<WireEvent, 't'>;

/**
 * Appends wire events with monotonic timestamps (ms since the recorder started, from `performance.now()`),
 * numbers exchanges and connections, and captures bodies under a cap. Records only; never judges.
 */
export class WireRecorder {
  readonly header: WireHeader;
  readonly events: WireEvent[] = [];
  private readonly t0 = performance.now();
  private nextX = 0;
  private nextConn = 0;

  constructor(perspective: WireHeader['perspective'], bodyCap = DEFAULT_BODY_CAP) {
    this.header = { type: 'wire', format: WIRE_FORMAT, perspective, startedAt: new Date().toISOString(), bodyCap };
  }

  /** Milliseconds since start, rounded to 0.1 ms. */
  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  /** Reserve the next exchange index. */
  exchange(): number {
    return this.nextX++;
  }

  /** Reserve the next connection number. */
  connection(): number {
    return this.nextConn++;
  }

  push(e: WireEventInput): void {
    const { event, clamped } = withinLimits(e);
    this.events.push({ ...event, t: this.now() } as WireEvent);
    // What a peer sent past the record's field limits (a 1 MB SSE id, 20,000 headers) is cut, and said so.
    if (clamped.length)
      this.events.push({
        type: 'note',
        t: this.now(),
        ...('x' in e && e.x !== undefined ? { x: e.x } : {}),
        text: `recorder: cut to the record's field limits: ${clamped.join(', ')}`,
      });
  }

  note(text: string, extra: { x?: number; data?: Record<string, unknown> } = {}): void {
    this.push({ type: 'note', text, ...extra });
  }

  /**
   * Capture a body under the cap: UTF-8 when it round-trips, else base64. Text with C0 control characters (other
   * than tab, CR, LF) is base64 too: JSON would write each as six characters, and a peer could grow the log 6×.
   */
  body(buf: Buffer): Body {
    const cap = this.header.bodyCap;
    const kept = buf.length > cap ? buf.subarray(0, cap) : buf;
    const text = kept.toString('utf8');
    const utf8 = Buffer.from(text, 'utf8').equals(kept) && !CONTROL.test(text);
    return {
      encoding: utf8 ? 'utf8' : 'base64',
      data: utf8 ? text : kept.toString('base64'),
      bytes: buf.length,
      truncated: kept.length < buf.length,
    };
  }

  log(): WireLog {
    return { header: this.header, events: this.events };
  }
}

const cut = (v: string, max: number, what: string, clamped: string[]): string => {
  if (v.length <= max) return v;
  clamped.push(`${what} (${v.length} characters, limit ${max})`);
  return v.slice(0, max);
};

/**
 * The event with every peer-controlled string within the record schema's limits (WIRE_LIMITS): derive refuses longer
 * fields, so a record must never carry one. Bodies are already capped by the recorder (and the prober's byte caps).
 */
function withinLimits(e: WireEventInput): { event: WireEventInput; clamped: string[] } {
  const clamped: string[] = [];
  const headers = (hs: Headers): Headers => {
    if (hs.length > WIRE_LIMITS.headers) clamped.push(`headers (${hs.length}, limit ${WIRE_LIMITS.headers})`);
    return hs
      .slice(0, WIRE_LIMITS.headers)
      .map(([k, v]) => [
        cut(k, WIRE_LIMITS.headerName, 'a header name', clamped),
        cut(v, WIRE_LIMITS.headerValue, 'a header value', clamped),
      ]);
  };
  let event: WireEventInput = e;
  if (e.type === 'sse')
    event = {
      ...e,
      ...(e.id !== undefined ? { id: cut(e.id, WIRE_LIMITS.label, 'the SSE id', clamped) } : {}),
      ...(e.event !== undefined ? { event: cut(e.event, WIRE_LIMITS.label, 'the SSE event name', clamped) } : {}),
    };
  else if (e.type === 'request')
    event = { ...e, path: cut(e.path, WIRE_LIMITS.path, 'the request target', clamped), headers: headers(e.headers) };
  else if (e.type === 'response') event = { ...e, headers: headers(e.headers) };
  else if (e.type === 'error')
    event = {
      ...e,
      code: cut(e.code, WIRE_LIMITS.label, 'the error code', clamped),
      message: cut(e.message, WIRE_LIMITS.text, 'the error message', clamped),
    };
  return { event, clamped };
}

/** Node's `rawHeaders` ([k, v, k, v, …]) as ordered pairs. */
export function pairs(raw: readonly string[]): Headers {
  const out: Headers = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
