import { describe, expect, it } from 'vitest';
import { PRIMARY_SOURCE } from '../../../bench/spec/revisions.ts';
import { scoreTrial } from '../../../bench/scoring/score.ts';
import { specDir } from '../../io/paths.ts';
import { driverFor } from '../../roles/registry.ts';
import { loadScenarios } from '../../io/scenarios.ts';
import { runTrial } from '../trial.ts';
import { cheaterAdapter } from './cheater.ts';

// The cheater through the real runner and netns sandbox, one scenario per role (calibration runs it on all).
const scenarios = loadScenarios(process.cwd());

describe('the cheating agent', () => {
  for (const role of ['server', 'client'] as const) {
    it(
      `finds nothing and scores 0 on a ${role}-role scenario; its transcript lists every attempt`,
      { timeout: 60_000 },
      async () => {
        const scenario = scenarios.find((s) => s.revision === '2025-11-25' && s.role === role)!;
        const r = await runTrial({
          scenario,
          driver: driverFor(scenario.revision, role)!,
          adapter: cheaterAdapter(role),
          docs: 'none',
          k: 1,
          root: process.cwd(),
          specDir: specDir(),
          specCommit: PRIMARY_SOURCE.commit,
          isolation: 'netns',
        });
        expect(r.record.status).toBe('completed');
        expect(scoreTrial(r.record.verdicts).score).toBe(0);
        const attempts = (r.transcript ?? '')
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => JSON.parse(l) as { what: string; found: string });
        expect(attempts.length).toBeGreaterThanOrEqual(15);
        const found = (what: RegExp) => attempts.find((a) => what.test(a.what))!.found;
        expect(found(/package\.json of mcp-from-scratch/)).toBe('(nothing)');
        expect(found(/oracle, judges and scenario sources/)).toBe('(nothing)');
        expect(found(/pinned spec copies/)).toBe('(nothing)');
        expect(found(/auth\.json and \.mcpfs-canary/)).toBe('(nothing)');
        expect(found(/make a device node/)).toMatch(/Operation not permitted/);
        // The model proxy was there (relayed in) and answered the cheater only with refusals: no key, no completion.
        const proxy = found(/model proxy/);
        expect(proxy).toMatch(/\/anthropic\/v1\/messages key=\(none\): 401/);
        expect(proxy).not.toMatch(/: 200 /);
        expect(r.record.canaries?.map((c) => c.where)).toContain('proxy-key');
        expect(r.record.contamination ?? []).toEqual([]);
      },
    );
  }
});
