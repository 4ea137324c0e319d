import { connect, createServer, type Server, type Socket } from 'node:net';

/** A relay end: a TCP port on 127.0.0.1, or a Unix socket path (which, unlike TCP, crosses network namespaces). */
export type Endpoint = { tcp: number } | { unix: string };

export function parseEndpoint(s: string): Endpoint {
  const m = /^(tcp|unix):(.+)$/.exec(s);
  if (!m) throw new Error(`bad relay endpoint "${s}": expected tcp:<port> or unix:<path>`);
  return m[1] === 'tcp' ? { tcp: Number(m[2]) } : { unix: m[2]! };
}

export const formatEndpoint = (e: Endpoint): string => ('tcp' in e ? `tcp:${e.tcp}` : `unix:${e.unix}`);

function dial(e: Endpoint): Socket {
  return 'tcp' in e
    ? connect({ port: e.tcp, host: '127.0.0.1', allowHalfOpen: true })
    : connect({ path: e.unix, allowHalfOpen: true });
}

/** Pipe two sockets both ways, keeping half-closes; an error on either side tears both down (like a reset). */
function splice(a: Socket, b: Socket): void {
  a.pipe(b);
  b.pipe(a);
  const kill = () => {
    a.destroy();
    b.destroy();
  };
  a.on('error', kill);
  b.on('error', kill);
  a.on('close', () => b.end());
  b.on('close', () => a.end());
}

export interface Relay {
  close(): Promise<void>;
}

/**
 * Accept on `listen`, and for each connection open one to `connect` and splice them: one TCP connection in, one
 * out, so connection counts, half-closes and resets stay visible to the prober / reference server. HTTP bytes are
 * relayed untouched. `onConnection` runs on each accepted connection before anything is relayed (the runner looks
 * up the connecting client in /proc then: it cannot have been answered and gone yet).
 */
export function startRelay(listen: Endpoint, to: Endpoint, onConnection?: () => void): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer({ allowHalfOpen: true }, (inbound) => {
    onConnection?.();
    const outbound = dial(to);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    splice(inbound, outbound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const ready = () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    };
    if ('tcp' in listen) server.listen(listen.tcp, '127.0.0.1', ready);
    else server.listen(listen.unix, ready);
  });
}
