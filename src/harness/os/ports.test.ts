import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, portFree, releasePort } from './ports.ts';

const kernelLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePort', () => {
  // Below the kernel's range is what keeps a concurrent listen(0) off a reserved port (the clash load produced).
  it('hands out bindable ports below the kernel range, never one twice until it is released', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
    for (const p of ports) expect(p).toBeLessThan(kernelLow);
    expect(await portFree(ports[0]!)).toBe(true);
    ports.forEach(releasePort);
  });
});
