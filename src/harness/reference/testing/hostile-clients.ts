import { connect, type Socket } from 'node:net';

/**
 * Hostile HTTP clients for the reference servers (test support): raw `node:net` sockets to 127.0.0.1 that flood,
 * stall, lie and send garbage. Every attack bounds itself (socket timeouts, fixed counts), so a reference that never
 * answers makes an attack end, not hang; whether the reference survived is for the kit to see.
 */

/** Sizes of the floods; the RSS test raises them to the issue's figures. */
export interface AttackScale {
  /** Requests of `request-flood`. */
  requests: number;
  /** 1 MB bodies of `huge-bodies`. */
  bigBodies: number;
  /** Connections of `connection-flood`. */
  connections: number;
}

export const TEST_SCALE: AttackScale = { requests: 1500, bigBodies: 60, connections: 1200 };

export type Attack = (url: URL, scale: AttackScale) => Promise<void>;

const MB = 1024 * 1024;
const ONE_MB = Buffer.alloc(MB, 0x20);

/** Open a socket; it is destroyed `ms` after opening, busy or not. Resolves when it closed (for any reason). */
function socket(url: URL, ms: number, use: (s: Socket) => void, read = true): Promise<void> {
  return new Promise((resolve) => {
    const s = connect({ host: url.hostname, port: Number(url.port) });
    const deadline = setTimeout(() => s.destroy(), ms);
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(deadline);
      resolve();
    });
    if (read) s.on('data', () => undefined);
    else s.pause();
    s.on('connect', () => use(s));
  });
}

const head = (url: URL, method: string, headers: [string, string][] = [], length?: number) =>
  `${method} ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}${length !== undefined ? `Content-Length: ${length}\r\n` : ''}\r\n`;

const JSON_HEADERS: [string, string][] = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
  ['MCP-Protocol-Version', '2025-11-25'],
];

const initialize = (id: unknown = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hostile', version: '0' } },
  });

/** One POST with `body` on its own connection; ends at close or after `ms`. */
function post(url: URL, body: string | Buffer, ms = 2000, headers: [string, string][] = JSON_HEADERS): Promise<void> {
  const b = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return socket(url, ms, (s) =>
    s.end(Buffer.concat([Buffer.from(head(url, 'POST', [...headers, ['Connection', 'close']], b.length)), b])),
  );
}

/** Run `n` tasks, `width` at a time. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

/** Pipelined keep-alive requests on a few connections, responses read. */
const requestFlood: Attack = (url, sc) =>
  pool(8, 8, (c) =>
    socket(url, 8000, (s) => {
      const n = Math.ceil(sc.requests / 8);
      const one = head(url, 'POST', JSON_HEADERS, Buffer.byteLength(initialize(c))) + initialize(c);
      for (let i = 0; i < n; i++) s.write(one);
      s.end();
    }),
  );

const hugeBodies: Attack = (url, sc) =>
  pool(sc.bigBodies, 4, () =>
    socket(url, 5000, (s) => {
      s.write(head(url, 'POST', [...JSON_HEADERS, ['Connection', 'close']], MB));
      s.end(ONE_MB);
    }),
  );

const overLimitBody: Attack = (url) =>
  socket(url, 3000, (s) => {
    s.write(head(url, 'POST', JSON_HEADERS, 20 * MB));
    let sent = 0;
    const go = () => {
      while (sent < 20 && !s.destroyed) {
        sent++;
        if (!s.write(ONE_MB)) return void s.once('drain', go);
      }
    };
    go();
  });

const endlessChunkedBody: Attack = (url) =>
  socket(url, 2500, (s) => {
    s.write(head(url, 'POST', [...JSON_HEADERS, ['Transfer-Encoding', 'chunked']]));
    const piece = Buffer.from(`10000\r\n${' '.repeat(0x10000)}\r\n`);
    const go = () => {
      while (!s.destroyed) if (!s.write(piece)) return void s.once('drain', go);
    };
    go();
  });

/** Many connections each sending its headers one byte at a time, never finishing. */
const slowloris: Attack = (url) =>
  pool(150, 150, () =>
    socket(url, 2500, (s) => {
      const text = head(
        url,
        'POST',
        [...JSON_HEADERS, ...Array.from({ length: 50 }, (_, i) => [`X-Slow-${i}`, 'v'] as [string, string])],
        10,
      );
      let i = 0;
      const t = setInterval(() => (s.destroyed || i >= text.length - 4 ? clearInterval(t) : s.write(text[i++]!)), 20);
      s.once('close', () => clearInterval(t));
    }),
  );

const slowBody: Attack = (url) =>
  pool(20, 20, () => socket(url, 2500, (s) => s.write(head(url, 'POST', JSON_HEADERS, 100_000) + '{"jsonrpc":')));

/** Pipelined requests on connections that never read a byte of the answers. */
const neverRead: Attack = (url) =>
  pool(10, 10, () =>
    socket(
      url,
      2500,
      (s) => {
        const get = head(url, 'GET', [['Accept', 'text/event-stream']]);
        const p = head(url, 'POST', JSON_HEADERS, Buffer.byteLength(initialize())) + initialize();
        for (let i = 0; i < 200; i++) s.write(i % 2 ? get : p);
      },
      false,
    ),
  );

const garbage: Attack = (url) =>
  pool(50, 25, (i) =>
    socket(url, 1500, (s) => s.end(Buffer.from(Array.from({ length: 8192 }, (_, j) => (i * 131 + j * 7919) % 256)))),
  );

const badRequestLine: Attack = (url) =>
  pool(20, 10, () => socket(url, 1500, (s) => s.end('FOO /mcp HTTP/9.9\r\nHost: x\r\n\r\n\u0000\u0001\r\n\r\n')));

const headerFlood: Attack = async (url) => {
  await socket(url, 2000, (s) =>
    s.end(
      head(
        url,
        'POST',
        Array.from({ length: 10_000 }, (_, i) => [`X-H${i}`, 'v'] as [string, string]),
        2,
      ) + '{}',
    ),
  );
  await socket(url, 2000, (s) => s.end(head(url, 'POST', [['X-Huge', 'h'.repeat(MB)]], 2) + '{}'));
};

const DEEP = 30_000;
const deepJson: Attack = async (url) => {
  await post(url, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`);
  await post(url, `{"jsonrpc":"2.0","id":${'['.repeat(DEEP)}${']'.repeat(DEEP)},"method":"tools/list"}`);
  await post(
    url,
    `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}}`,
  );
  await post(url, `[${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}]`);
};

const hugeNumbers: Attack = (url) =>
  post(
    url,
    `{"jsonrpc":"2.0","id":1e400,"method":"initialize","params":{"protocolVersion":${'9'.repeat(400)},"capabilities":{},"clientInfo":{"name":"h","version":-0}}}`,
  );

const batchFlood: Attack = (url) => post(url, `[${Array.from({ length: 10_000 }, (_, i) => initialize(i)).join(',')}]`);

/** Thousands of connections opened at once, held idle, then dropped. */
const connectionFlood: Attack = (url, sc) =>
  pool(sc.connections, sc.connections, () => socket(url, 1500, () => undefined));

const resetMidBody: Attack = (url) =>
  pool(50, 10, () =>
    socket(url, 1500, (s) => {
      s.write(head(url, 'POST', JSON_HEADERS, MB));
      s.write(ONE_MB.subarray(0, MB / 2), () => s.resetAndDestroy());
    }),
  );

const badBytes: Attack = async (url) => {
  await post(
    url,
    Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":"'),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from('"}}'),
    ]),
  );
  await post(url, initialize(), 2000, [
    ...JSON_HEADERS,
    ['MCP-Session-Id', 'a\u0001\u00ffb'],
    ['X-Obs', '\u00e9\u00ff'],
  ]);
};

/** Bodies of control characters, which JSON would write six characters each. */
const controlBodies: Attack = (url) => pool(100, 4, () => post(url, Buffer.alloc(64 * 1024, 0x01)));

const expectContinue: Attack = (url) =>
  pool(20, 20, () =>
    socket(url, 1500, (s) => s.write(head(url, 'POST', [...JSON_HEADERS, ['Expect', '100-continue']], 5000))),
  );

const halfClose: Attack = (url) =>
  pool(20, 5, () =>
    socket(url, 1500, (s) => s.end(head(url, 'POST', JSON_HEADERS, Buffer.byteLength(initialize())) + initialize())),
  );

/** Standing GET streams and resumptions with junk Last-Event-IDs, many at once. */
const streamFlood: Attack = (url) =>
  pool(300, 100, (i) =>
    socket(url, 1500, (s) =>
      s.end(
        head(url, 'GET', [
          ['Accept', 'text/event-stream'],
          ['MCP-Protocol-Version', '2025-11-25'],
          ...(i % 2 ? [['Last-Event-ID', 'x'.repeat(4000)] as [string, string]] : []),
        ]),
      ),
    ),
  );

const framingLies: Attack = async (url) => {
  await socket(url, 1500, (s) => s.end(`${head(url, 'POST', [...JSON_HEADERS, ['Content-Length', '3']], 30)}{}`));
  await socket(url, 1500, (s) =>
    s.end(`${head(url, 'POST', [...JSON_HEADERS, ['Transfer-Encoding', 'chunked']])}zz\r\n{}\r\n0\r\n\r\n`),
  );
  await socket(url, 1500, (s) =>
    s.end(`${head(url, 'POST', [...JSON_HEADERS, ['Transfer-Encoding', 'chunked']], 4)}2\r\n{}\r\n0\r\n\r\n`),
  );
  await socket(url, 1500, (s) =>
    s.end(`${head(url, 'POST', JSON_HEADERS, 2)}{}${head(url, 'POST', JSON_HEADERS, 2)}{}GARBAGE\r\n\r\n`),
  );
};

/** Every hostile client, by name. */
export const ATTACKS: Readonly<Record<string, Attack>> = {
  'request-flood': requestFlood,
  'huge-bodies': hugeBodies,
  'over-limit-body': overLimitBody,
  'endless-chunked-body': endlessChunkedBody,
  slowloris,
  'slow-body': slowBody,
  'never-read': neverRead,
  garbage,
  'bad-request-line': badRequestLine,
  'header-flood': headerFlood,
  'deep-json': deepJson,
  'huge-numbers': hugeNumbers,
  'batch-flood': batchFlood,
  'connection-flood': connectionFlood,
  'reset-mid-body': resetMidBody,
  'bad-bytes': badBytes,
  'control-char-bodies': controlBodies,
  'expect-continue': expectContinue,
  'half-close': halfClose,
  'stream-flood': streamFlood,
  'framing-lies': framingLies,
};
