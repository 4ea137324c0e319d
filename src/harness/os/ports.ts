import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

/** Ports `freePort` handed out in this process and not yet released: never handed out twice at once. */
const handedOut = new Set<number>();
/** Harness-chosen ports start here, and end below the kernel's own range (`ip_local_port_range`). */
const FLOOR = 10_000;

/** The first port of the range the kernel picks from for `listen(0)` and outgoing connections. */
function kernelRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > FLOOR + 1000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A port free on the host's 127.0.0.1, reserved for one trial until `releasePort`. Chosen at random *below* the
 * kernel's ephemeral range: a trial's port may stay unbound for a whole agent session (the host relay binds it
 * after), and in that window the kernel would hand a port from its own range to any `listen(0)` of a concurrent
 * trial (a reference server, another trial's probe) — a port clash that only load and concurrency produce.
 */
export async function freePort(): Promise<number> {
  const span = kernelRangeStart() - FLOOR;
  for (let i = 0; i < 100; i++) {
    const port = FLOOR + randomInt(span);
    if (handedOut.has(port) || !(await portFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port found below ${FLOOR + span} on 127.0.0.1 after 100 tries`);
}

/** The trial that reserved `port` is over: `freePort` may hand it out again. */
export function releasePort(port: number): void {
  handedOut.delete(port);
}

/** Whether 127.0.0.1:port can be bound on the host right now. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

const LISTEN = '0A';
/** Local addresses from which 127.0.0.1 is reachable: 127.0.0.1, 0.0.0.0, and (dual-stack) `::`. */
const REACHABLE = new Set([
  '0100007F',
  '00000000',
  '00000000000000000000000000000000',
  '0000000000000000FFFF00000100007F',
]);

/**
 * Whether something listens on `port` reachable at 127.0.0.1, in the network namespace of `pid`. Reads
 * `/proc/<pid>/net/tcp{,6}`, which shows the sockets of that pid's namespace: this works from outside a netns,
 * where a TCP connect would not.
 */
export function isListening(port: number, pid: number | 'self' = 'self'): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const f of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${f}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== LISTEN) continue;
      const [addr, p] = cols[1]!.split(':');
      if (p === hexPort && REACHABLE.has(addr!)) return true;
    }
  }
  return false;
}

/** Poll `check` every 100 ms until it is true or `timeoutMs` passed (or `stop` resolves). */
export async function waitFor(check: () => boolean, timeoutMs: number, stop?: Promise<unknown>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  // An object, not a let: the flag is set from a callback, which narrowing of a local cannot see.
  const state = { stopped: false };
  void stop?.then(
    () => (state.stopped = true),
    () => (state.stopped = true),
  );
  for (;;) {
    if (check()) return true;
    if (state.stopped || Date.now() >= deadline) return check();
    await new Promise((r) => setTimeout(r, 100));
  }
}
