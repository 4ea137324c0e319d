import type { Body, Headers } from '../schema/wire-event.ts';
import { header } from '../judge/exchanges.ts';

/**
 * A body prepared for display. `text` is what the page shows: pretty-printed JSON when the whole body parses as JSON,
 * the raw text otherwise, a hex dump for bytes that are not UTF-8. It is untrusted: pages escape it (or hand it to
 * shiki, which escapes it).
 */
export interface BodyView {
  kind: 'empty' | 'json' | 'text' | 'binary';
  text: string;
  /** True length in bytes on the wire. */
  bytes: number;
  /** Bytes actually captured (less than `bytes` when truncated). */
  capturedBytes: number;
  truncated: boolean;
  /** Media type from Content-Type (no parameters), when known. */
  mediaType?: string;
  /** Set when `text` was cut for display (not by the recorder): characters shown of how many. */
  displayCut?: { shown: number; total: number };
}

/** Above this many characters a body is shown cut, with a link to the download: keeps huge pages usable. */
export const DISPLAY_CHAR_LIMIT = 32_000;

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(headers: Headers | undefined): string | undefined {
  const v = header(headers, 'content-type');
  return v ? v.split(';')[0]!.trim().toLowerCase() : undefined;
}

function decodeBase64(data: string): Uint8Array {
  return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
}

/** Classic 16-bytes-per-line hex dump (offset, hex, printable ASCII), for bodies that are not UTF-8 text. */
export function hexDump(bytes: Uint8Array, limit = 4096): string {
  const lines: string[] = [];
  const n = Math.min(bytes.length, limit);
  for (let off = 0; off < n; off += 16) {
    const row = bytes.subarray(off, Math.min(off + 16, n));
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  if (bytes.length > n) lines.push(`… ${bytes.length - n} more bytes`);
  return lines.join('\n');
}

function cutForDisplay(v: BodyView, limit: number): BodyView {
  if (v.text.length <= limit) return v;
  return { ...v, text: v.text.slice(0, limit), displayCut: { shown: limit, total: v.text.length } };
}

/** Classify and format text that may be JSON: pretty-print only when the complete text parses. */
export function textView(text: string, base: Omit<BodyView, 'kind' | 'text'>, limit = DISPLAY_CHAR_LIMIT): BodyView {
  if (text === '') return { ...base, kind: 'empty', text: '' };
  if (!base.truncated) {
    try {
      const json: unknown = JSON.parse(text);
      return cutForDisplay({ ...base, kind: 'json', text: JSON.stringify(json, null, 2) }, limit);
    } catch {
      // Not JSON: shown raw below.
    }
  }
  return cutForDisplay({ ...base, kind: 'text', text }, limit);
}

/** Turn a captured body into a display view. Total: any input yields a view. */
export function bodyView(b: Body | undefined, headers?: Headers, limit = DISPLAY_CHAR_LIMIT): BodyView {
  const mt = mediaType(headers);
  const base = {
    bytes: b?.bytes ?? 0,
    capturedBytes: 0,
    truncated: b?.truncated ?? false,
    ...(mt ? { mediaType: mt } : {}),
  };
  if (!b) return { ...base, kind: 'empty', text: '' };
  if (b.encoding === 'base64') {
    let bytes: Uint8Array;
    try {
      bytes = decodeBase64(b.data);
    } catch {
      return { ...base, kind: 'text', text: b.data };
    }
    return { ...base, capturedBytes: bytes.length, kind: 'binary', text: hexDump(bytes) };
  }
  return textView(b.data, { ...base, capturedBytes: new TextEncoder().encode(b.data).length }, limit);
}
