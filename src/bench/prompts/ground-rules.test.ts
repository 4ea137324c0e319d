import { describe, expect, it } from 'vitest';
import { loadScenarioFiles } from '../../harness/io/load.ts';
import { checkScenarios } from '../derive/scenarios.ts';
import { groundRules, inputSchemaBlock, promptHeading, SERVER_TOOLS_INTRO } from './ground-rules.ts';

// Every prompt of a role says the common parts in the same words, and a server prompt shows each tool's schema exactly
// as the scenario's `tools` (the schema is the task: the prober and judges rely on it).
describe("committed prompts share their role's ground rules", () => {
  const { scenarios } = checkScenarios(loadScenarioFiles(process.cwd()));
  it('finds the scenarios it checks', () => {
    expect(scenarios.size).toBeGreaterThanOrEqual(16);
  });
  for (const [key, s] of scenarios) {
    it(`${key}: heading and ground rules verbatim`, () => {
      expect(s.prompt.startsWith(promptHeading(s.title, s.role, s.revision))).toBe(true);
      expect(s.prompt).toContain(`\n\n${groundRules(s.revision, s.role)}\n`);
    });
    if (s.role === 'server') {
      it(`${key}: every tool under its own heading with its exact input schema`, () => {
        expect(s.prompt).toContain(SERVER_TOOLS_INTRO);
        for (const t of s.tools) expect(s.prompt).toContain(`### \`${t.name}\`\n\n`);
        for (const t of s.tools) expect(s.prompt).toContain(inputSchemaBlock(t.inputSchema));
      });
    }
  }
});

describe('groundRules', () => {
  it('differs by revision where the revisions differ, and only there', () => {
    const a = groundRules('2025-11-25', 'server');
    const b = groundRules('2026-07-28', 'server');
    expect(a).not.toContain('stateless');
    expect(b).toContain('This revision is stateless');
    expect(b).toContain('`@modelcontextprotocol/server`');
    expect(groundRules('2026-07-28', 'client')).toContain('`@modelcontextprotocol/client`');
  });
});
