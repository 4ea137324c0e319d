import type { Body, Headers, WireEvent, WireHeader, WireLog } from '../../bench/schema/wire-event.ts';
import { WIRE_FORMAT } from '../../bench/schema/wire-event.ts';

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
    this.events.push({ ...e, t: this.now() } as WireEvent);
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
    return { encoding: utf8 ? 'utf8' : 'base64', data: utf8 ? text : kept.toString('base64'), bytes: buf.length, truncated: kept.length < buf.length };
  }

  log(): WireLog {
    return { header: this.header, events: this.events };
  }
}

/** Node's `rawHeaders` ([k, v, k, v, …]) as ordered pairs. */
export function pairs(raw: readonly string[]): Headers {
  const out: Headers = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
