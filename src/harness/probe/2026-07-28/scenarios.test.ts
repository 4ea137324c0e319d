import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../../oracle/2026-07-28/server/mutants.ts';
import { describeServerScenarios } from '../testing/server-suite.ts';
import { PLANS } from './scenario-plans.ts';
import { scenariosOf } from '../../io/scenarios.ts';

describeServerScenarios({
  revision: '2026-07-28',
  scenarios: scenariosOf('2026-07-28', 'server'),
  plans: PLANS,
  mutants: MUTANTS,
});

// Uncontested scenarios: x-mcp-header may annotate only primitive parameters (260728-shttp-384). A union such as
// ["string", "null"] was read as primitive here but as invalid by the official SDK 2.4.0 and suite, which then
// validate no header at all; every annotated property the task asks a server to expose names exactly one primitive type.
describe('2026-07-28 server scenario tools', () => {
  const annotated = scenariosOf('2026-07-28', 'server').flatMap((s) =>
    s.tools.flatMap((t) =>
      Object.entries((t.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>)
        .filter(([, p]) => 'x-mcp-header' in p)
        .map(([name, p]) => ({ at: `${s.id}/${t.name}.${name}`, type: p.type })),
    ),
  );
  it('has x-mcp-header parameters at all (the check would pass vacuously otherwise)', () => {
    expect(annotated.length).toBeGreaterThan(0);
  });
  it('annotates only parameters typed as exactly one of string, integer, boolean', () => {
    expect(annotated.filter((a) => !['string', 'integer', 'boolean'].includes(a.type as string))).toEqual([]);
  });
});
