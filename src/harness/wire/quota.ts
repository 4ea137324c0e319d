import type { TruncationCap } from '../../bench/schema/wire-event.ts';
import type { WireRecorder } from './recorder.ts';

/**
 * A counted allowance of something a peer can make the harness hold or record (bytes, events, requests,
 * connections). The first time a request for more falls short, one `truncated` event is recorded, so the log says
 * where it stops being complete; later shortfalls record nothing more (the cap is already on record).
 */
export class Allowance {
  readonly cap: TruncationCap;
  readonly limit: number;
  private used = 0;
  private cut = false;
  private readonly rec: WireRecorder;
  private readonly what: string;

  /** `what` names the unit for the event text, e.g. "response bytes per exchange". */
  constructor(rec: WireRecorder, cap: TruncationCap, limit: number, what: string) {
    this.rec = rec;
    this.cap = cap;
    this.limit = limit;
    this.what = what;
  }

  /** Take up to `n` units; returns how many were granted (fewer than `n` once the limit is reached). */
  take(n = 1, x?: number): number {
    const granted = Math.max(0, Math.min(n, this.limit - this.used));
    this.used += granted;
    if (granted < n) this.truncate(x);
    return granted;
  }

  /** Record the cut now (when something else noticed the limit, e.g. a request that will not be sent). */
  truncate(x?: number): void {
    if (this.cut) return;
    this.cut = true;
    this.rec.push({
      type: 'truncated',
      ...(x !== undefined ? { x } : {}),
      cap: this.cap,
      limit: this.limit,
      text: `cap of ${this.limit} ${this.what} reached: the rest was not recorded`,
    });
  }

  /** Whether nothing is left. */
  get spent(): boolean {
    return this.used >= this.limit;
  }

  get taken(): number {
    return this.used;
  }
}

/**
 * How many characters JSON escaping adds to `s` (`"` and `\\` one each, control characters one or five, lone
 * surrogates five): a peer's text counts against a byte cap at the size it will take in the wire log.
 */
export function jsonSurplus(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) n += 1;
    else if (c < 0x20) n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 1 : 5;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff ? s.charCodeAt(i + 1) : -1;
      if (pair >= 0xdc00 && pair <= 0xdfff) i++;
      else n += 5;
    }
  }
  return n;
}
