import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicMessagesCodec } from '../../../../bench/model-traffic/anthropic-messages.ts';
import { parseModelTraffic } from '../../../../bench/model-traffic/parse.ts';
import type { Revision, Role } from '../../../../bench/schema/common.ts';
import { TranscriptEntrySchema } from '../../../../bench/schema/transcript.ts';
import { scoreTrial } from '../../../../bench/scoring/score.ts';
import { PRIMARY_SOURCE } from '../../../../bench/spec/revisions.ts';
import { loadScenarios } from '../../../io/scenarios.ts';
import { specDir } from '../../../io/paths.ts';
import { driverFor } from '../../../roles/registry.ts';
import { dockerTestable, testImage } from '../../testing/docker.ts';
import { runTrial } from '../../trial.ts';
import { harnessAdapter, harnessInstalled, scriptedHarnessAdapter, scriptedHarnessSubject } from '../harness.ts';
import { KIT_TRIAL, kitScenario, kitServerDriver } from '../../testing/kit.ts';
import { claudeCode } from './claude-code.ts';
import { HARNESS_CALIBRATION_SCENARIOS, HARNESSES } from './registry.ts';

const root = process.cwd();
const installed = harnessInstalled(claudeCode, root);
if (!installed)
  console.warn('claude-code end-to-end tests skipped: agents/claude-code is not installed (npm run agents:install)');
// The docker sandbox when an engine answers (as trials run by default), else the network namespace.
const docker = installed && dockerTestable();

const scenarios = loadScenarios(root);
// The scenarios every harness's scripted calibration covers: one server and one client scenario per revision.
const cases = HARNESS_CALIBRATION_SCENARIOS.map((key) => {
  const [rev, role, id] = key.split('/') as [Revision, Role, string];
  const scenario = scenarios.find((s) => s.revision === rev && s.role === role && s.id === id)!;
  return { rev, role, id, scenario, driver: driverFor(rev, role)! };
});

describe.runIf(installed)(
  'claude-code with the scripted model (real binary in the sandbox, through the model proxy)',
  () => {
    it.each(cases)('$rev $role $id: writes and runs the oracle with its own tools and scores 1', async (c) => {
      const t0 = performance.now();
      const r = await runTrial({
        driver: c.driver,
        scenario: c.scenario,
        adapter: scriptedHarnessAdapter(claudeCode, c.driver, c.scenario, root),
        docs: 'none',
        k: 1,
        root,
        specDir: specDir(),
        specCommit: PRIMARY_SOURCE.commit,
        isolation: docker ? 'docker' : 'netns',
        ...(docker ? { docker: { image: testImage() } } : {}),
        timeouts: { sessionMs: 120_000, portWaitMs: 2000 },
      });
      const wallMs = performance.now() - t0;
      expect(r.record.status).toBe('completed');
      expect(r.record.subject.id).toBe('calibration/claude-code+scripted-model');
      expect(r.record.trial.isolation).toBe(docker ? 'docker' : 'netns');
      expect(r.record.verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
      expect(scoreTrial(r.record.verdicts).score).toBe(1);
      expect(r.leftovers).toEqual([]);

      // Its own session log, every line a transcript entry, with the scripted calls as Claude Code made them.
      const lines = r
        .transcript!.trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const l of lines) expect(TranscriptEntrySchema.safeParse(l).success).toBe(true);
      const calls = lines
        .filter((l) => l.type === 'assistant')
        .flatMap((l) => (l.message as { content: { type: string; name?: string }[] }).content)
        .flatMap((b) => (b.type === 'tool_use' ? [b.name] : []));
      expect(calls).toEqual(['Bash', 'Write', 'Bash']);

      // Every request went through the proxy to the Messages API (no side traffic with the switches on), and the usage
      // is the proxy's measurement. A client-role trial ends when the reference server has seen the client finish,
      // which can be before Claude Code sends the last turn (the launcher's output): three requests at least then.
      const { traffic, problems } = parseModelTraffic('model.jsonl', r.model!);
      expect(problems).toEqual([]);
      const xs = traffic!.exchanges;
      const n = c.role === 'server' ? 4 : xs.length;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(xs.map((x) => `${x.method} ${x.path.split('?')[0]}`)).toEqual(
        Array(n).fill('POST /anthropic/v1/messages'),
      );
      expect(xs.slice(0, 3).map((x) => x.status)).toEqual([200, 200, 200]);
      expect(xs.map((x) => anthropicMessagesCodec.request(x)?.assistantTurns)).toEqual([0, 1, 2, 3].slice(0, n));
      expect(r.record.usage).toMatchObject({ source: 'proxy', requests: n, toolCalls: 3 });
      expect(r.record.usage.turns).toBeGreaterThanOrEqual(3);
      expect(r.record.usage.inputTokens).toBeGreaterThan(0);
      // Tool results came back without errors: the task was read and the launcher written (and, when the last turn
      // was sent, run).
      const results = xs.flatMap((x) => anthropicMessagesCodec.request(x)?.toolResults ?? []);
      expect(results.length).toBe(n - 1);
      expect(results[0]!.content).toContain('# ');
      expect(results[1]!.content).toMatch(/File created successfully/);
      console.info(
        `claude-code ${c.rev} ${c.role} ${c.id} (${docker ? 'docker' : 'netns'}): first model request ${Math.round(xs[0]!.t)} ms after the proxy started, trial ${Math.round(wallMs)} ms`,
      );
    });
  },
);

describe.runIf(installed)('claude-code keeps the dummy key out of what its tools see', () => {
  it("an agent's `env` shows the proxy URL but not the key, so the transcript holds no canary", async () => {
    const r = await runTrial({
      ...KIT_TRIAL,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      adapter: harnessAdapter(claudeCode, {
        model: 'mcpfs-scripted/oracle-script',
        scripted: [{ toolCalls: [claudeCode.tools.shell('env')] }, { text: 'Done.' }],
        subject: scriptedHarnessSubject(claudeCode, '0'),
        root,
      }),
      isolation: docker ? 'docker' : 'netns',
      ...(docker ? { docker: { image: testImage() } } : {}),
      timeouts: { sessionMs: 120_000, portWaitMs: 100 },
    });
    // The tool ran (its output names the proxy) and the trial is not contaminated by the key.
    expect(r.transcript).toContain('ANTHROPIC_BASE_URL=http://');
    expect(r.transcript).not.toMatch(/mcpfs-proxy-key-[0-9a-f]{24}/);
    expect(r.record.status).toBe('completed');
    expect(r.record.usage).toMatchObject({ source: 'proxy', requests: 2 });
  });
});

describe('claude-code spec', () => {
  it('is registered, maps only its vendor, and runs headless without approvals', () => {
    expect(HARNESSES['claude-code']).toBe(claudeCode);
    expect(claudeCode.apiFor('anthropic')).toBe('anthropic-messages');
    expect(claudeCode.apiFor('openai')).toBeUndefined();
    expect(claudeCode.thinking[0]).toBe('default');
    const m = {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      thinking: 'high',
      api: 'anthropic-messages',
      baseUrl: 'http://127.0.0.1:1/anthropic',
      key: 'mcpfs-proxy-key-x',
    } as const;
    const dirs = { home: '/h', tmp: '/t', workspace: '/w' };
    const s = claudeCode.setup(m, dirs);
    expect(s.env).toMatchObject({
      ANTHROPIC_BASE_URL: m.baseUrl,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP: '1',
      ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-sonnet-4-5',
      CLAUDE_CODE_SUBAGENT_MODEL: 'claude-sonnet-4-5',
    });
    // The dummy key is handed over by a file and the settings' apiKeyHelper, never in the environment the tools inherit.
    expect(Object.values(s.env)).not.toContain(m.key);
    expect(s.files).toEqual([
      { path: '/h/.claude/mcpfs-proxy-key', content: m.key, mode: 0o600 },
      { path: '/h/.claude/settings.json', content: '{\n  "apiKeyHelper": "cat /h/.claude/mcpfs-proxy-key"\n}\n' },
    ]);
    if (installed) {
      const c = claudeCode.command(m, join(root, claudeCode.folder), 'Do the task.');
      expect(c.cmd).toMatch(/claude-code-linux-[a-z0-9]+\/claude$/);
      expect(c.args.slice(0, 2)).toEqual(['-p', 'Do the task.']);
      expect(c.args.join(' ')).toContain('--permission-mode bypassPermissions');
      expect(c.args.join(' ')).toContain('--model claude-sonnet-4-5');
      expect(c.args.join(' ')).toContain('--effort high');
      expect(claudeCode.command({ ...m, thinking: 'default' }, join(root, claudeCode.folder), 'x').args).not.toContain(
        '--effort',
      );
    }
  });

  it("reads its session logs from HOME's projects folder, oldest first; none yet: undefined", () => {
    const home = mkdtempSync(join(tmpdir(), 'cc-home-'));
    try {
      const dirs = { home, tmp: home, workspace: '/w' };
      expect(claudeCode.transcript(dirs)).toBeUndefined();
      const project = join(home, '.claude', 'projects', '-tmp-mcpfs-x-work');
      mkdirSync(join(project, 'memory'), { recursive: true });
      writeFileSync(join(project, 'b.jsonl'), '{"type":"user"}\n');
      writeFileSync(join(project, 'a.jsonl'), '{"type":"queue-operation"}\n{"type":"assistant"}\n');
      utimesSync(join(project, 'a.jsonl'), new Date(1000), new Date(1000));
      expect(claudeCode.transcript(dirs)).toBe('{"type":"queue-operation"}\n{"type":"assistant"}\n{"type":"user"}\n');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
