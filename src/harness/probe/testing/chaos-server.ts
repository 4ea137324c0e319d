import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BEHAVIOURS, type Behaviour } from './chaos-behaviours.ts';

/**
 * A hostile MCP server for tests: a raw `node:net` server on 127.0.0.1 (ephemeral port) that reads one HTTP request
 * per connection and then lets a selectable behaviour do anything with the socket: never answer, drip, flood,
 * lie about framing, reset. The behaviour is the first path segment: `http://127.0.0.1:<port>/<behaviour>/mcp`.
 * Writes respect back-pressure, so the server's own memory stays small whatever the behaviour sends.
 */

/** The request a behaviour reacts to, as far as the chaos server parsed it. */
export interface ChaosRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body: Buffer;
  /** JSON-RPC id of the request body (`null` when none or not JSON). */
  id: unknown;
  /** JSON-RPC method of the request body, if any. */
  rpcMethod?: string;
}

/** What a behaviour may do with its connection. Every timer and pump stops when the socket closes. */
export interface ChaosContext {
  req: ChaosRequest;
  sock: Socket;
  /** Write now (no back-pressure: for small writes). */
  write(data: string | Buffer): void;
  /** Write and close the write side. */
  end(data?: string | Buffer): void;
  /** Send a TCP RST. */
  reset(): void;
  /** Run `fn` every `ms` until the socket closes or `fn` returns false. */
  every(ms: number, fn: () => boolean | void): void;
  after(ms: number, fn: () => void): void;
  /** Write what `next` yields, with back-pressure, until it returns undefined (then `done`) or the socket closes. */
  pump(next: () => string | Buffer | undefined, done?: () => void): void;
  readonly alive: boolean;
}

export interface ChaosServer {
  /** Base URL; append `/<behaviour>/mcp`. */
  base: string;
  url(behaviour: string): string;
  /** Requests served, by behaviour (for tests that want to see a behaviour was reached). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const MAX_HEAD = 64 * 1024;
const MAX_BODY = 1024 * 1024;

function parseHead(head: string): Omit<ChaosRequest, 'body' | 'id'> | undefined {
  const [line, ...rest] = head.split('\r\n');
  const m = /^(\S+) (\S+) HTTP\/1\.[01]$/.exec(line ?? '');
  if (!m) return undefined;
  const headers = rest
    .filter((l) => l.includes(':'))
    .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]);
  return { method: m[1]!, path: m[2]!, headers };
}

function rpcOf(body: Buffer): { id: unknown; rpcMethod?: string } {
  try {
    const v = JSON.parse(body.toString('utf8')) as { id?: unknown; method?: unknown } | null; // any JSON value
    return {
      id: v && typeof v === 'object' && 'id' in v ? v.id : null,
      ...(typeof v?.method === 'string' ? { rpcMethod: v.method } : {}),
    };
  } catch {
    return { id: null };
  }
}

function context(sock: Socket, req: ChaosRequest): ChaosContext {
  const timers = new Set<NodeJS.Timeout>();
  let alive = true;
  sock.once('close', () => {
    alive = false;
    for (const t of timers) clearTimeout(t);
  });
  const c: ChaosContext = {
    req,
    sock,
    write: (d) => void (alive && !sock.destroyed && sock.write(d)),
    end: (d) => void (alive && !sock.destroyed && (d === undefined ? sock.end() : sock.end(d))),
    reset: () => void (alive && sock.resetAndDestroy()),
    every(ms, fn) {
      const tick = () => {
        timers.delete(t);
        if (!alive || fn() === false) return;
        t = setTimeout(tick, ms);
        timers.add(t);
      };
      let t = setTimeout(tick, ms);
      timers.add(t);
    },
    after(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        if (alive) fn();
      }, ms);
      timers.add(t);
    },
    pump(next, done) {
      const go = () => {
        while (alive && !sock.destroyed) {
          const chunk = next();
          if (chunk === undefined) return done?.();
          if (!sock.write(chunk)) return void sock.once('drain', go);
        }
      };
      go();
    },
    get alive() {
      return alive && !sock.destroyed;
    },
  };
  return c;
}

/** Read one request (head + Content-Length body), then hand the socket to the behaviour. */
function serve(sock: Socket, behaviours: Readonly<Record<string, Behaviour>>, hits: Map<string, number>): void {
  sock.on('error', () => undefined);
  let buf = Buffer.alloc(0);
  let taken = false;
  const onData = (chunk: Buffer) => {
    if (taken) return;
    buf = Buffer.concat([buf, chunk]);
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1) {
      if (buf.length > MAX_HEAD) sock.destroy();
      return;
    }
    const head = parseHead(buf.subarray(0, end).toString('latin1'));
    if (!head) return void sock.destroy();
    const length = Number(head.headers.find(([k]) => k.toLowerCase() === 'content-length')?.[1] ?? 0);
    if (!(length >= 0 && length <= MAX_BODY)) return void sock.destroy();
    if (buf.length < end + 4 + length) return;
    taken = true;
    sock.off('data', onData);
    // Keep reading (and dropping) whatever else the client sends, so it is never blocked on us.
    sock.on('data', () => undefined);
    const body = buf.subarray(end + 4, end + 4 + length);
    const name = head.path.split('/')[1] ?? '';
    const behaviour = behaviours[name];
    if (!behaviour) return void sock.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    hits.set(name, (hits.get(name) ?? 0) + 1);
    behaviour(context(sock, { ...head, body, ...rpcOf(body) }));
  };
  sock.on('data', onData);
}

/** Start the chaos server on 127.0.0.1, ephemeral port. `close()` destroys every connection. */
export async function startChaosServer(
  behaviours: Readonly<Record<string, Behaviour>> = BEHAVIOURS,
): Promise<ChaosServer> {
  const sockets = new Set<Socket>();
  const hits = new Map<string, number>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.once('close', () => sockets.delete(sock));
    serve(sock, behaviours, hits);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: (b) => `${base}/${b}/mcp`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
