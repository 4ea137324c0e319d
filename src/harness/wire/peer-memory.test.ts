import { describe, expect, it } from 'vitest';
import { runChaosKit } from '../probe/testing/chaos-kit.ts';
import { runHostileKit } from '../reference/testing/hostile-kit.ts';
import { DEFAULT_CLIENT_CAPS } from './client.ts';
import { DEFAULT_LIMITS } from './server.ts';

/**
 * Peak RSS of one trial against the floods, each in a fresh child process (VmHWM), with the caps real trials
 * use. Before the caps: the prober reached ~1 GB and a 53 MB wire log on 150,000 events per response, the reference
 * ~940 MB and a 133 MB log on 2,000 requests of 1 MB.
 */

const LIMIT_MIB = 300;

describe('peak memory of one trial against a flooding peer', () => {
  it(`stays under ${LIMIT_MIB} MiB in the prober when every response floods 150,000 SSE events`, async () => {
    const r = await runChaosKit({
      behaviours: ['sse-flood-after-answer'],
      scenarios: ['stateless-tools'],
      limits: {},
      concurrency: 1,
      hangMs: 60_000,
    });
    const run = r.runs[0]!;
    console.log(
      `prober, 150,000 SSE events per response: peak RSS ${r.peakRssMiB} MiB, wire log ${((run.wireBytes ?? 0) / 1e6).toFixed(2)} MB, ${run.events} events, ${run.truncations} truncations`,
    );
    expect(run.outcome).toBe('ok');
    expect(run.truncations).toBeGreaterThan(0);
    expect(run.wireBytes).toBeLessThan(DEFAULT_CLIENT_CAPS.trialBytes + 2 * 1024 * 1024);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
  });

  it(`stays under ${LIMIT_MIB} MiB in the reference when a client sends 2,000 requests of 1 MB`, async () => {
    const r = await runHostileKit({
      attacks: ['huge-bodies'],
      scale: { requests: 0, bigBodies: 2000, connections: 0 },
      targets: () => [{ revision: '2026-07-28', scenario: 'stateless-call' }],
    });
    const run = r.runs[0]!;
    console.log(
      `reference, 2,000 requests of 1 MB: peak RSS ${r.peakRssMiB} MiB, wire log ${((run.wireBytes ?? 0) / 1e6).toFixed(2)} MB, ${run.events} events, ${run.truncations} truncations`,
    );
    expect(run.outcome).toBe('ok');
    expect(run.truncations).toBeGreaterThan(0);
    expect(run.wireBytes).toBeLessThan(DEFAULT_LIMITS.maxRecordedBytes + 3 * 1024 * 1024);
    expect(r.peakRssMiB).toBeLessThan(LIMIT_MIB);
  });
});
