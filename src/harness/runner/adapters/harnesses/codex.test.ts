import { describe, expect, it } from 'vitest';
import { scoreTrial } from '../../../../bench/scoring/score.ts';
import type { Revision, Role } from '../../../../bench/schema/common.ts';
import { PRIMARY_SOURCE } from '../../../../bench/spec/revisions.ts';
import { TranscriptEntrySchema } from '../../../../bench/schema/transcript.ts';
import { ModelExchangeSchema } from '../../../../bench/schema/model-traffic.ts';
import { specDir } from '../../../io/paths.ts';
import { loadScenarios } from '../../../io/scenarios.ts';
import { driverFor } from '../../../roles/registry.ts';
import { dockerTestable, testImage } from '../../testing/docker.ts';
import { runTrial } from '../../trial.ts';
import { harnessInstalled, scriptedHarnessAdapter } from '../harness.ts';
import { HARNESS_CALIBRATION_SCENARIOS } from './registry.ts';
import { codex, codexConfig } from './codex.ts';

const installed = harnessInstalled(codex);
if (!installed) console.warn('codex harness tests skipped: agents/codex is not installed (npm run agents:install)');

describe('codex spec (pure)', () => {
  const m = {
    provider: 'openai',
    model: 'gpt-6.2-sol',
    thinking: 'high',
    api: 'openai-responses',
    baseUrl: 'http://127.0.0.1:4100/openai/v1',
    key: 'k',
  } as const;

  it('points a provider of its own at the proxy and turns every network side-channel off', () => {
    const c = codexConfig(m);
    expect(c).toContain('model_provider = "mcpfs"');
    expect(c).toContain('base_url = "http://127.0.0.1:4100/openai/v1"');
    expect(c).toContain('env_key = "MCPFS_MODEL_KEY"');
    expect(c).toContain('wire_api = "responses"');
    expect(c).toContain('model_reasoning_effort = "high"');
    expect(c).toContain('exclude = ["MCPFS_MODEL_KEY"]');
    for (const off of ['check_for_update_on_startup = false', 'web_search = "disabled"', 'plugins = false'])
      expect(c).toContain(off);
    expect(codexConfig({ ...m, thinking: 'default' })).not.toContain('model_reasoning_effort');
    const s = codex.setup(m, { home: '/h', tmp: '/t', workspace: '/w' });
    expect(s.env).toEqual({ CODEX_HOME: '/h/.codex', MCPFS_MODEL_KEY: 'k' });
    expect(s.files.map((f) => f.path)).toEqual(['/h/.codex/config.toml']);
  });

  it('maps only OpenAI onto the Responses API', () => {
    expect(codex.apiFor('openai')).toBe('openai-responses');
    expect(codex.apiFor('anthropic')).toBeUndefined();
  });

  it('writes a file verbatim through exec_command, whatever it holds', () => {
    const w = codex.tools.write('start.sh', '#!/bin/sh\nexec \'a b\' "$X"\nMCPFS_EOF\n');
    expect(w.name).toBe('exec_command');
    expect(w.arguments.cmd).toBe("cat > start.sh <<'MCPFS_EOF_'\n#!/bin/sh\nexec 'a b' \"$X\"\nMCPFS_EOF\nMCPFS_EOF_");
  });
});

// The real codex binary end to end through runTrial (docker when an engine answers, else netns), its model the
// scripted one behind the trial's proxy: on each calibration scenario (one server and one client per revision) it
// writes and runs the oracle with its own exec_command tool and scores 1.
const scenarios = loadScenarios(process.cwd());
const cases = HARNESS_CALIBRATION_SCENARIOS.map((key) => {
  const [revision, role, id] = key.split('/') as [Revision, Role, string];
  return {
    key,
    role,
    driver: driverFor(revision, role),
    scenario: scenarios.find((s) => `${s.revision}/${s.role}/${s.id}` === key),
  };
}).filter((c) => c.driver && c.scenario);
const docker = dockerTestable();

describe.runIf(installed && cases.length > 0)('codex + scripted model through the trial runner', () => {
  const base = {
    docs: 'none',
    k: 1,
    root: process.cwd(),
    specDir: specDir(),
    specCommit: PRIMARY_SOURCE.commit,
    isolation: docker ? 'docker' : 'netns',
    ...(docker ? { docker: { image: testImage() } } : {}),
    timeouts: { sessionMs: 120_000, portWaitMs: 5000 },
  } as const;

  it.each(cases)('$key: scores 1 with a transcript and no leftover process', async ({ role, driver, scenario }) => {
    const r = await runTrial({
      ...base,
      driver: driver!,
      scenario: scenario!,
      adapter: scriptedHarnessAdapter(codex, driver!, scenario!),
    });
    expect(r.record.subject.id).toBe('calibration/codex+scripted-model');
    expect(r.record.status).toBe('completed');
    expect(r.record.verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
    expect(scoreTrial(r.record.verdicts).score).toBe(1);
    expect(r.leftovers).toEqual([]);

    // Codex's rollout: JSONL, opening with its session_meta, holding the three exec_command calls.
    const lines = r
      .transcript!.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; payload?: { type?: string; name?: string } });
    expect(lines[0]!.type).toBe('session_meta');
    for (const l of lines) expect(TranscriptEntrySchema.safeParse(l).success).toBe(true);
    const calls = lines.filter((l) => l.type === 'response_item' && l.payload?.type === 'function_call');
    expect(calls.map((l) => l.payload!.name)).toEqual(['exec_command', 'exec_command', 'exec_command']);

    // Every model request went through the proxy as the Responses API, and usage is the proxy's count: three tool
    // calls, then "Done." — which a client-role session may not get to ask for, since the trial ends as soon as the
    // reference server has seen the client finish.
    const exchanges = r
      .model!.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => 'n' in l)
      .map((l) => ModelExchangeSchema.parse(l));
    if (role === 'server') expect(exchanges).toHaveLength(4);
    else expect([3, 4]).toContain(exchanges.length);
    for (const x of exchanges) expect(`${x.method} ${x.path} ${x.status}`).toBe('POST /openai/v1/responses 200');
    const n = exchanges.length;
    expect(r.record.usage).toMatchObject({ source: 'proxy', requests: n, turns: n, toolCalls: 3 });
    expect(r.record.usage.inputTokens).toBeGreaterThan(0);
  });
});
