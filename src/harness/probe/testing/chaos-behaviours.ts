import { deflateSync } from 'node:zlib';
import type { ChaosContext } from './chaos-server.ts';
import {
  answer,
  chunk,
  CRLF,
  DEEP,
  deepArray,
  deepObject,
  drip,
  event,
  gzipBomb,
  JSON_CT,
  raw,
  repeat,
  result,
  rpc,
  SSE_CT,
  SSE_HEAD,
} from './chaos-helpers.ts';

/** One hostile way of answering a request; it owns the socket once the request was read. */
export type Behaviour = (c: ChaosContext) => void;

const json = (c: ChaosContext, body: string | Buffer, extra: [string, string][] = []) =>
  c.end(raw(200, [JSON_CT, ...extra], body));
const sse = (c: ChaosContext, body: string | Buffer) =>
  c.end(Buffer.concat([SSE_HEAD, Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]));
const forever = () => true;

/** Timing: silence, stalls and drips. Each is bounded only by the prober's own timers. */
const timing: Record<string, Behaviour> = {
  'never-answer': () => undefined,
  'close-at-once': (c) => c.end(),
  'reset-at-once': (c) => c.reset(),
  'stall-status-line': (c) => c.write(`HTTP/1.1 200 OK${CRLF}`),
  'stall-headers': (c) => c.write(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}X-Pad: `),
  'stall-body': (c) => c.write(raw(200, [JSON_CT, ['Content-Length', '1000']], answer(c).slice(0, 10))),
  'drip-headers': (c) => drip(c, raw(200, [JSON_CT], answer(c)), 15),
  'drip-body': (c) => {
    const body = answer(c);
    c.write(raw(200, [JSON_CT, ['Content-Length', String(body.length)]]));
    drip(c, body, 15);
  },
};

/** SSE: endless, flooded, oversized, malformed streams. */
const streams: Record<string, Behaviour> = {
  'sse-endless-pings': (c) => {
    c.write(SSE_HEAD);
    c.every(2, () => c.write(': ping\n\n'));
  },
  'sse-endless-events': (c) => {
    c.write(SSE_HEAD);
    let n = 0;
    c.every(1, () =>
      c.write(
        event(
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n++ } }),
          String(n),
        ),
      ),
    );
  },
  // The case: 150,000 tiny events in one response.
  'sse-flood': (c) => {
    c.write(SSE_HEAD);
    repeat(c, 'data: x\n\n', 150_000);
  },
  'sse-flood-after-answer': (c) => {
    c.write(Buffer.concat([SSE_HEAD, Buffer.from(event(answer(c)))]));
    repeat(c, 'id: 1\ndata: {}\n\n', 150_000);
  },
  'sse-huge-line': (c) => {
    c.write(Buffer.concat([SSE_HEAD, Buffer.from('data: ')]));
    repeat(c, 'a'.repeat(4096), 2560);
  },
  'sse-endless-data-lines': (c) => {
    c.write(SSE_HEAD);
    repeat(c, 'data: x\n', 10_000_000);
  },
  'sse-huge-fields': (c) =>
    sse(
      c,
      `retry: ${'9'.repeat(400)}\nid: a\u0000b\nevent: ${'e'.repeat(5000)}\ndata: ${answer(c)}\n\nretry: 99999999999999999999\ndata: {}\n\n`,
    ),
  'sse-bad-utf8': (c) => {
    c.write(SSE_HEAD);
    const text = Buffer.from(event(rpc(c.req.id, { content: [{ type: 'text', text: 'é€😀' }] })), 'utf8');
    // Split inside multi-byte characters, then send bytes that are not UTF-8 at all.
    for (let i = 0; i < text.length; i += 3) c.write(text.subarray(i, i + 3));
    c.end(Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x0a, 0x0a]));
  },
  // Ids past Latin-1: a prober that resends one as Last-Event-ID must not throw.
  'sse-unicode-ids': (c) =>
    sse(
      c,
      `id: é€😀-1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nid: é€😀-2\ndata: ${answer(c)}\n\n`,
    ),
  // Control characters: every byte becomes six in the JSON wire log (\u0001).
  'sse-control-chars': (c) => {
    c.write(SSE_HEAD);
    repeat(c, `data: ${'\u0001'.repeat(4096)}\n\n`, 100_000);
  },
  'sse-line-ends': (c) => sse(c, `data: ${answer(c)}\r\r: c\rdata: a\r\ndata: b\n\r\n\n\n\r\r\r`),
  'sse-deep-json': (c) =>
    sse(c, event(`{"jsonrpc":"2.0","id":${JSON.stringify(c.req.id ?? null)},"result":${deepArray(DEEP)}}`)),
  'sse-reset-mid-stream': (c) => {
    c.write(
      Buffer.concat([
        SSE_HEAD,
        Buffer.from(event('{"jsonrpc":"2.0","method":"notifications/progress","params":{}}') + 'data: {"jsonrpc":'),
      ]),
    );
    c.after(5, () => c.reset());
  },
  'sse-wrong-type': (c) =>
    c.end(
      raw(
        200,
        [
          ['Content-Type', 'text/event-stream; charset=bogus'],
          ['Content-Type', 'application/json'],
        ],
        event(answer(c)),
      ),
    ),
};

/** Bodies: huge, compressed, lying about their encoding, not UTF-8, not JSON. */
const bodies: Record<string, Behaviour> = {
  'huge-body': (c) => {
    c.write(raw(200, [JSON_CT, ['Content-Length', String(50 * 1024 * 1024)]]));
    repeat(c, ' '.repeat(65536), 800);
  },
  'endless-chunked': (c) => {
    c.write(raw(200, [JSON_CT, ['Transfer-Encoding', 'chunked']]));
    const piece = chunk('[0,'.repeat(5000));
    c.pump(() => piece);
  },
  'tiny-chunks': (c) => {
    c.write(raw(200, [JSON_CT, ['Transfer-Encoding', 'chunked']]));
    const body = answer(c) + ' '.repeat(20_000);
    let i = 0;
    c.pump(
      () => (i < body.length ? chunk(body[i++]!) : i++ === body.length ? `0${CRLF}${CRLF}` : undefined),
      () => c.end(),
    );
  },
  'gzip-bomb': (c) => json(c, gzipBomb(), [['Content-Encoding', 'gzip']]),
  'deflate-body': (c) => json(c, deflateSync(Buffer.from(answer(c))), [['Content-Encoding', 'deflate']]),
  'encoding-lie': (c) => json(c, answer(c), [['Content-Encoding', 'gzip, br, zstd']]),
  'bad-utf8-body': (c) =>
    json(
      c,
      Buffer.concat([
        Buffer.from(
          `{"jsonrpc":"2.0","id":${JSON.stringify(c.req.id ?? null)},"result":{"content":[{"type":"text","text":"`,
        ),
        Buffer.from([0xff, 0xc0, 0xed, 0xa0, 0x80, 0xf8]),
        Buffer.from('"}]}}'),
      ]),
    ),
  'nul-bytes': (c) => json(c, Buffer.concat([Buffer.from(answer(c).replace('chaos', 'a\\u0000b')), Buffer.alloc(64)])),
  'deep-json-result': (c) =>
    json(c, `{"jsonrpc":"2.0","id":${JSON.stringify(c.req.id ?? null)},"result":${deepArray(DEEP)}}`),
  'deep-json-object': (c) =>
    json(c, `{"jsonrpc":"2.0","id":${JSON.stringify(c.req.id ?? null)},"result":{"content":${deepObject(DEEP)}}}`),
  'deep-json-id': (c) => json(c, `{"jsonrpc":"2.0","id":${deepArray(DEEP)},"result":{}}`),
  'deep-json-error': (c) =>
    json(
      c,
      `{"jsonrpc":"2.0","id":${JSON.stringify(c.req.id ?? null)},"error":{"code":-32600,"message":"deep","data":${deepObject(DEEP)}}}`,
    ),
  'huge-numbers': (c) =>
    json(
      c,
      `{"jsonrpc":"2.0","id":1e400,"result":{"protocolVersion":${'9'.repeat(400)},"n":-0,"content":[{"type":"text","text":1e-400}]}}`,
    ),
  'huge-string': (c) => json(c, rpc(c.req.id, { content: [{ type: 'text', text: '\u0000"\\'.repeat(150_000) }] })),
  'not-json': (c) => json(c, '<html>{{{{ not json'),
  'binary-garbage': (c) => c.end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
  http09: (c) => c.end(answer(c)),
};

/** Headers: floods, huge values, control characters, duplicates. */
const headers: Record<string, Behaviour> = {
  'header-count-flood': (c) =>
    c.end(
      raw(200, [JSON_CT, ...Array.from({ length: 20_000 }, (_, i) => [`X-H${i}`, 'v'] as [string, string])], answer(c)),
    ),
  'header-huge': (c) => c.end(raw(200, [JSON_CT, ['X-Huge', 'h'.repeat(1024 * 1024)]], answer(c))),
  'header-control-chars': (c) =>
    c.end(
      raw(200, [JSON_CT, ['MCP-Session-Id', 'a\u0001b\u007fc\u00ff'], ['MCP-Protocol-Version', '\u0007']], answer(c)),
    ),
  'session-id-huge': (c) => c.end(raw(200, [JSON_CT, ['MCP-Session-Id', 's'.repeat(8000)]], answer(c))),
  'duplicate-headers': (c) =>
    c.end(
      raw(
        200,
        [SSE_CT, JSON_CT, ['MCP-Session-Id', 'one'], ['mcp-session-id', 'two'], ['Mcp-Session-Id', '']],
        answer(c),
      ),
    ),
};

/** Framing: chunked and Content-Length lies, resets, two responses on one connection. */
const framing: Record<string, Behaviour> = {
  'bad-chunked': (c) => c.end(raw(200, [JSON_CT, ['Transfer-Encoding', 'chunked']], `zz${CRLF}${answer(c)}${CRLF}`)),
  'content-length-short': (c) => c.end(raw(200, [JSON_CT, ['Content-Length', '5']], answer(c) + answer(c))),
  'content-length-long': (c) => c.end(raw(200, [JSON_CT, ['Content-Length', '100000']], answer(c))),
  'content-length-conflict': (c) =>
    c.end(raw(200, [JSON_CT, ['Content-Length', '3'], ['Content-Length', '30000']], answer(c))),
  'content-length-negative': (c) => c.end(raw(200, [JSON_CT, ['Content-Length', '-1']], answer(c))),
  'cl-and-chunked': (c) =>
    c.end(
      raw(
        200,
        [JSON_CT, ['Content-Length', '4'], ['Transfer-Encoding', 'chunked']],
        `${chunk(answer(c))}0${CRLF}${CRLF}`,
      ),
    ),
  'reset-mid-body': (c) => {
    c.write(raw(200, [JSON_CT, ['Content-Length', '5000']], answer(c).slice(0, 20)));
    c.after(5, () => c.reset());
  },
  'two-responses': (c) =>
    c.end(
      Buffer.concat([
        raw(200, [JSON_CT, ['Connection', 'keep-alive']], answer(c)),
        raw(500, [JSON_CT], '{}'),
        Buffer.from('garbage after'),
      ]),
    ),
};

/** Status lines and interim responses: odd codes, redirects, 1xx storms, upgrades. */
const status: Record<string, Behaviour> = {
  'status-999': (c) => c.end(raw(999, [JSON_CT], answer(c))),
  'status-bogus': (c) => c.end(raw('HTTP/1.1 2x0 Maybe', [JSON_CT], answer(c))),
  'status-204-with-body': (c) => c.end(raw(204, [JSON_CT, ['Content-Length', String(answer(c).length)]], answer(c))),
  'redirect-self': (c) => c.end(raw(307, [['Location', c.req.path]])),
  'redirect-external': (c) => c.end(raw(302, [['Location', 'http://example.invalid/mcp']])),
  'continue-storm': (c) =>
    repeat(c, `HTTP/1.1 100 Continue${CRLF}${CRLF}`, 200_000, () => c.end(raw(200, [JSON_CT], answer(c)))),
  'early-hints-storm': (c) => {
    const hint = Buffer.from(`HTTP/1.1 103 Early Hints${CRLF}Link: </x>; rel=preload${CRLF}${CRLF}`);
    c.pump(() => hint);
  },
  'switching-protocols': (c) =>
    c.end(
      Buffer.concat([
        raw(101, [
          ['Upgrade', 'chaos'],
          ['Connection', 'Upgrade'],
        ]),
        Buffer.from('\u0000\u00ff garbage frames'),
      ]),
    ),
};

/** JSON-RPC: wrong ids, batches, notifications instead of answers, results that are not objects. */
const jsonrpc: Record<string, Behaviour> = {
  'wrong-id': (c) => json(c, rpc(typeof c.req.id === 'number' ? String(c.req.id) : 424242, result(c))),
  'batch-answer': (c) => json(c, `[${Array.from({ length: 10_000 }, () => answer(c)).join(',')}]`),
  'sse-batch-answer': (c) => sse(c, event(`[${Array.from({ length: 2_000 }, () => answer(c)).join(',')}]`)),
  'result-not-object': (c) => json(c, rpc(c.req.id, [1, 'two', null, { content: 'x' }])),
  'notification-only': (c) => {
    c.write(SSE_HEAD);
    c.every(1, forever);
    c.write(
      event(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: c.req.id, progress: 1 },
        }),
      ),
    );
  },
};

/** Every behaviour the chaos server knows, by name. */
export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  ...timing,
  ...streams,
  ...bodies,
  ...headers,
  ...framing,
  ...status,
  ...jsonrpc,
};
