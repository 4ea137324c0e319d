import { createServer, type Server } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, portFree, releasePort } from './ports.ts';

const kernelLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

describe('freePort', () => {
  it('hands out bindable ports below the kernel range, never one twice until it is released', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
    for (const p of ports) expect(p).toBeLessThan(kernelLow);
    expect(await portFree(ports[0]!)).toBe(true);
    ports.forEach(releasePort);
  });

  it('never hands out a port the kernel gave a listen(0) meanwhile (the clash load produced)', async () => {
    // Listeners on port 0 take ports from the kernel's range, which freePort stays below.
    for (let i = 0; i < 20; i++) {
      const s = createServer();
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      servers.push(s);
    }
    const taken = new Set(servers.map((s) => (s.address() as { port: number }).port));
    const given = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(given.filter((p) => taken.has(p))).toEqual([]);
    given.forEach(releasePort);
  });
});
