import { describe, expect, it } from 'vitest';
import { REVISIONS, ROLES } from '../../bench/schema/common.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { PRIMARY_SOURCE } from '../../bench/spec/revisions.ts';
import { specDir } from '../io/paths.ts';
import { driverFor } from '../roles/registry.ts';
import { nullAdapter, oracleAdapter } from './adapters/basic.ts';
import { loadScenarios } from '../io/scenarios.ts';
import { runTrial } from './trial.ts';

// The registered role drivers through the runner (netns): on the easiest scenario of each role, the oracle scores 1
// with no failing verdict and the null subject scores 0. `npm run calibrate` covers every scenario and mutant.
const scenarios = loadScenarios(process.cwd());
const cases = REVISIONS.flatMap((rev) =>
  ROLES.map((role) => ({
    rev,
    role,
    driver: driverFor(rev, role),
    scenario: scenarios
      .filter((s) => s.revision === rev && s.role === role)
      .sort((a, b) => a.grade - b.grade || a.id.localeCompare(b.id))[0],
  })),
).filter((c) => c.driver && c.scenario);
const base = {
  docs: 'none',
  k: 1,
  root: process.cwd(),
  specDir: specDir(),
  specCommit: PRIMARY_SOURCE.commit,
  isolation: 'netns',
  timeouts: { sessionMs: 60_000, portWaitMs: 1000 },
} as const;

describe.skipIf(cases.length === 0)('real role drivers through the runner', () => {
  it.each(cases)('$rev $role: oracle scores 1 and null scores 0', async ({ driver, scenario }) => {
    const o = await runTrial({ ...base, driver: driver!, scenario: scenario!, adapter: oracleAdapter(driver!) });
    expect(o.record.status).toBe('completed');
    expect(o.record.verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
    expect(scoreTrial(o.record.verdicts).score).toBe(1);
    expect(o.leftovers).toEqual([]);
    const n = await runTrial({ ...base, driver: driver!, scenario: scenario!, adapter: nullAdapter() });
    expect(n.record.status).toBe('completed');
    expect(scoreTrial(n.record.verdicts).score).toBe(0);
  });
});
