import { gzipSync } from 'node:zlib';
import type { ChaosContext } from './chaos-server.ts';

/** Building blocks of the chaos behaviours: raw responses, JSON-RPC answers, SSE framing, hostile payloads. */

export const CRLF = '\r\n';

/** A raw HTTP/1.1 response; `Content-Length` is right unless `headers` already has one. */
export function raw(status: number | string, headers: [string, string][], body: string | Buffer = ''): Buffer {
  const b = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const line = typeof status === 'number' ? `HTTP/1.1 ${status} ${status < 300 ? 'OK' : 'Chaos'}` : status;
  const h = [...headers];
  if (!h.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) h.push(['Content-Length', String(b.length)]);
  if (!h.some(([k]) => /^connection$/i.test(k))) h.push(['Connection', 'close']);
  return Buffer.concat([
    Buffer.from(`${line}${CRLF}${h.map(([k, v]) => `${k}: ${v}`).join(CRLF)}${CRLF}${CRLF}`, 'latin1'),
    b,
  ]);
}

export const JSON_CT: [string, string] = ['Content-Type', 'application/json'];
export const SSE_CT: [string, string] = ['Content-Type', 'text/event-stream'];

/** Status line and headers of a close-delimited SSE response (no Content-Length, no chunking). */
export const SSE_HEAD = Buffer.from(
  `HTTP/1.1 200 OK${CRLF}Content-Type: text/event-stream${CRLF}Cache-Control: no-cache${CRLF}Connection: close${CRLF}${CRLF}`,
  'latin1',
);

/** A plausible result for whatever was asked, so plans go on to their next step. */
export function result(c: ChaosContext): Record<string, unknown> {
  if (c.req.rpcMethod === 'initialize')
    return { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'chaos', version: '0' } };
  return { content: [{ type: 'text', text: 'chaos' }], tools: [] };
}

export const rpc = (id: unknown, res: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', id: id ?? null, result: res });

/** The well-formed JSON answer to the request (for behaviours that break something else). */
export const answer = (c: ChaosContext): string => rpc(c.req.id, result(c));

/** One SSE event carrying `data`. */
export const event = (data: string, id?: string): string => `${id !== undefined ? `id: ${id}\n` : ''}data: ${data}\n\n`;

/** `[[[…]]]` nested `n` deep, as text (never built as a value: the point is what the peer must parse). */
export const deepArray = (n: number): string => '['.repeat(n) + ']'.repeat(n);
/** `{"a":{"a":…}}` nested `n` deep. */
export const deepObject = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** The nesting the issue reported: deep enough to overflow any recursive walker or serialiser. */
export const DEEP = 30_000;

let bomb: Buffer | undefined;
/** 64 MiB of zeros, gzipped (~64 KiB): harmless unless someone decompresses it. */
export function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return bomb;
}

/** Repeat `chunk` `times` times through the context's back-pressured pump, then run `then` (default: end). */
export function repeat(c: ChaosContext, chunk: string | Buffer, times: number, then: () => void = () => c.end()): void {
  let i = 0;
  const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'utf8');
  // Batch small chunks so a flood is fast, not a syscall per event.
  const per = Math.max(1, Math.floor(16384 / Math.max(1, buf.length)));
  const batch = Buffer.concat(Array.from({ length: per }, () => buf));
  c.pump(() => {
    if (i >= times) return undefined;
    const n = Math.min(per, times - i);
    i += n;
    return n === per ? batch : batch.subarray(0, n * buf.length);
  }, then);
}

/** Write `text` one byte every `ms`, then end. */
export function drip(c: ChaosContext, text: string | Buffer, ms: number): void {
  const b = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  let i = 0;
  c.every(ms, () => {
    if (i >= b.length) {
      c.end();
      return false;
    }
    c.write(b.subarray(i, ++i));
    return true;
  });
}

/** A chunked-encoding chunk. */
export const chunk = (data: string | Buffer): Buffer => {
  const b = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return Buffer.concat([Buffer.from(`${b.length.toString(16)}${CRLF}`), b, Buffer.from(CRLF)]);
};
