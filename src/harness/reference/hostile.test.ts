import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../wire/server.ts';
import { ATTACKS } from './testing/hostile-clients.ts';
import { runHostileKit } from './testing/hostile-kit.ts';

/**
 * The reference servers against hostile clients: every attack on both revisions (each on one scenario; the scenarios
 * rotate). No crash, no hang, a record for each trial (built by the same judgeTrial, read back and paged as derive does), the
 * wire log within the caps, and the server still answering afterwards unless a per-trial cap closed it.
 */

const C25 = ['call-tool', 'server-ping', 'session-expiry', 'sse-resume'];
const C26 = ['multi-round-trip', 'param-headers', 'stateless-call', 'version-retry'];
/** The recorded request data, plus the reference's own answers, connection events and notes. */
const MAX_WIRE_BYTES = DEFAULT_LIMITS.maxRecordedBytes + 3 * 1024 * 1024;

describe('reference servers vs hostile clients', () => {
  it(`survive all ${Object.keys(ATTACKS).length} attacks on both revisions: no crash, no hang, a record each, bounded logs`, async () => {
    const names = Object.keys(ATTACKS);
    const r = await runHostileKit({
      attacks: names,
      targets: (_a, i) => [
        { revision: '2025-11-25', scenario: C25[i % 4]! },
        { revision: '2026-07-28', scenario: C26[i % 4]! },
      ],
    });
    const crashes = r.runs.filter((x) => x.outcome === 'crash').length + r.uncaught.length;
    const hangs = r.runs.filter((x) => x.outcome === 'hang').length;
    const biggest = Math.max(...r.runs.map((x) => x.wireBytes ?? 0));
    console.log(
      `hostile-client kit (reference): ${names.length} kinds × 2 revisions, ${r.runs.length} runs, crashes ${crashes}, hangs ${hangs}, truncated runs ${r.runs.filter((x) => (x.truncations ?? 0) > 0).length}, largest wire log ${(biggest / 1e6).toFixed(1)} MB, peak RSS reference process ${r.peakRssMiB} MiB (all ${r.runs.length} trials in one process)`,
    );
    expect(r.uncaught).toEqual([]);
    expect(
      r.runs
        .filter((x) => x.outcome !== 'ok')
        .map((x) => `${x.attack} ${x.revision}/${x.scenario}: ${x.outcome} ${x.error ?? ''}`),
    ).toEqual([]);
    expect(r.runs).toHaveLength(names.length * 2);
    expect(r.runs.filter((x) => x.problems === undefined || x.replayed === undefined).map((x) => x.attack)).toEqual([]);
    expect(
      r.runs.filter((x) => x.problems!.length > 0).map((x) => `${x.attack} ${x.scenario}: ${x.problems!.join('; ')}`),
    ).toEqual([]);
    expect(r.runs.filter((x) => x.wireBytes! > MAX_WIRE_BYTES).map((x) => `${x.attack}: ${x.wireBytes}`)).toEqual([]);
    expect(r.runs.filter((x) => !x.answered && !x.truncations).map((x) => `${x.attack} ${x.revision}`)).toEqual([]);
    for (const a of ['request-flood', 'connection-flood'])
      expect(
        r.runs.filter((x) => x.attack === a).every((x) => (x.truncations ?? 0) > 0),
        a,
      ).toBe(true);
  }, 120_000);
});
