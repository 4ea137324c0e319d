import { describe, expect, it } from 'vitest';
import { judges } from '../../../bench/judge/2026-07-28/client/index.ts';
import { driver } from '../../roles/2026-07-28-client.ts';
import { describeClientScenarios } from '../testing/client-suite.ts';
import { SCRIPTS } from './scripts.ts';
import { scenariosOf } from '../../io/scenarios.ts';

const scenarios = scenariosOf('2026-07-28', 'client');

describeClientScenarios('2026-07-28', scenarios, { judges, scripts: Object.keys(SCRIPTS), driver });

describe('2026-07-28 client prompts', () => {
  for (const s of scenarios) {
    it(`tells the agent where the server is and forbids SDKs in ${s.id}`, () => {
      expect(s.prompt).toContain('MCP_SERVER_URL');
      expect(s.prompt).toMatch(/Do \*\*not\*\* use any MCP SDK/);
    });
  }
});
