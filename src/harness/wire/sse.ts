/** One parsed server-sent event (WHATWG "event stream interpretation"). */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/**
 * Incremental SSE parser: feed it chunks as they arrive, it returns the events completed so far.
 * Handles CRLF/CR/LF line ends, comments, multi-line data, and events split across chunks. Events with no field at
 * all (a lone blank line) are not emitted; an event with only `id:` or only `retry:` is emitted with empty data,
 * because the priming event the spec describes (`id` + empty data) must be observable.
 */
export class SseParser {
  private buf = '';
  private cur: { id?: string; event?: string; data: string[]; retry?: number; any: boolean } = { data: [], any: false };

  push(chunk: string): SseEvent[] {
    this.buf += chunk;
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buf);
      if (!m) break;
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (m[0] === '\r' && m.index === this.buf.length - 1) break;
      const line = this.buf.slice(0, m.index);
      this.buf = this.buf.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  /** Flush at end of stream: an unterminated event is dropped, as the SSE spec says. */
  end(): SseEvent[] {
    this.buf = '';
    this.cur = { data: [], any: false };
    return [];
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      const c = this.cur;
      this.cur = { data: [], any: false };
      if (!c.any) return undefined;
      const ev: SseEvent = { data: c.data.join('\n') };
      if (c.id !== undefined) ev.id = c.id;
      if (c.event !== undefined) ev.event = c.event;
      if (c.retry !== undefined) ev.retry = c.retry;
      return ev;
    }
    if (line.startsWith(':')) return undefined;
    const i = line.indexOf(':');
    const field = i === -1 ? line : line.slice(0, i);
    let value = i === -1 ? '' : line.slice(i + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.cur.data.push(value);
        this.cur.any = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) this.cur.id = value;
        this.cur.any = true;
        break;
      case 'event':
        this.cur.event = value;
        this.cur.any = true;
        break;
      case 'retry':
        // Digits only, as the SSE spec says; a value past 2^53 cannot be recorded exactly, so it is ignored.
        if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) this.cur.retry = Number(value);
        this.cur.any = true;
        break;
      default:
        break;
    }
    return undefined;
  }
}

/** Serialise an event for sending (used by oracle and reference servers). */
export function formatSse(ev: SseEvent): string {
  let s = '';
  if (ev.id !== undefined) s += `id: ${ev.id}\n`;
  if (ev.event !== undefined) s += `event: ${ev.event}\n`;
  if (ev.retry !== undefined) s += `retry: ${ev.retry}\n`;
  for (const line of ev.data.split('\n')) s += `data: ${line}\n`;
  return s + '\n';
}
