import { describe, expect, it } from 'vitest';
import { REVISIONS, ROLES } from '../../bench/schema/common.ts';
import { loadScenarios } from '../io/scenarios.ts';
import { loadExpectations } from './run.ts';

describe('conformance/expectations.json', () => {
  const exp = loadExpectations(process.cwd());
  const scenarios = loadScenarios(process.cwd());

  it('runs every suite scenario against an oracle scenario of its revision and role', () => {
    const wrong = REVISIONS.flatMap((r) =>
      ROLES.flatMap((role) =>
        Object.entries(exp[r][role])
          .filter(([, e]) => !scenarios.some((s) => s.revision === r && s.role === role && s.id === e.against))
          .map(([name, e]) => `${r}.${role}.${name}: ${e.against}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('has entries for both roles of both revisions, and is pinned to the suite in conformance/package.json', async () => {
    for (const r of REVISIONS)
      for (const role of ROLES) expect(Object.keys(exp[r][role]).length, `${r} ${role}`).toBeGreaterThan(0);
    const pkg = (await import('../../../conformance/package.json', { with: { type: 'json' } })).default as {
      dependencies: Record<string, string>;
    };
    expect(exp.suite).toBe(
      `@modelcontextprotocol/conformance@${pkg.dependencies['@modelcontextprotocol/conformance']}`,
    );
  });
});
