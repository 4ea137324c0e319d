import { describe, expect, it } from 'vitest';
import { scoreTrial } from '../../../../bench/scoring/score.ts';
import { PRIMARY_SOURCE } from '../../../../bench/spec/revisions.ts';
import { ModelExchangeSchema } from '../../../../bench/schema/model-traffic.ts';
import { TranscriptEntrySchema } from '../../../../bench/schema/transcript.ts';
import { specDir } from '../../../io/paths.ts';
import { loadScenarios } from '../../../io/scenarios.ts';
import { driverFor } from '../../../roles/registry.ts';
import { dockerTestable, testImage } from '../../testing/docker.ts';
import { runTrial } from '../../trial.ts';
import { harnessInstalled, scriptedHarnessAdapter } from '../harness.ts';
import { geminiCliSpec as spec, typedLines } from './gemini-cli.ts';
import { HARNESSES, harnessVersion } from './registry.ts';

// The real Gemini CLI binary, inside the docker sandbox, driven by the scripted model through the trial's model proxy
// (no model account, no network): it must write and run the oracle with its own tools and score 1.0.
const installed = harnessInstalled(spec);
if (!installed) console.warn('gemini-cli end-to-end tests skipped: run `npm run agents:install` first');

const root = process.cwd();
const scenarios = loadScenarios(root);
// One server and one client scenario per revision, the simplest tool call of each.
const cases = [
  { rev: '2025-11-25', role: 'server', id: 'tools-basics' },
  { rev: '2025-11-25', role: 'client', id: 'call-tool' },
  { rev: '2026-07-28', role: 'server', id: 'stateless-tools' },
  { rev: '2026-07-28', role: 'client', id: 'stateless-call' },
] as const;

describe('gemini-cli spec', () => {
  it('is registered, maps google to the Gemini API and nothing else', () => {
    expect(HARNESSES['gemini-cli']).toBe(spec);
    expect(spec.apiFor('google')).toBe('gemini-generate');
    expect(spec.apiFor('anthropic')).toBeUndefined();
    expect(spec.thinking[0]).toBe('default');
  });

  it('puts the endpoint and dummy key in the env only, and settings under HOME', () => {
    const m = {
      provider: 'google',
      model: 'gemini-3.1-pro-preview',
      thinking: 'low',
      api: 'gemini-generate' as const,
      baseUrl: 'http://127.0.0.1:4000/gemini',
      key: 'mcpfs-proxy-key-x',
    };
    const s = spec.setup(m, { home: '/h', tmp: '/t', workspace: '/w' });
    expect(s.env).toMatchObject({ GOOGLE_GEMINI_BASE_URL: m.baseUrl, GEMINI_API_KEY: m.key });
    expect(s.files.map((f) => f.path)).toEqual(['/h/.gemini/settings.json']);
    const settings = JSON.parse(s.files[0]!.content) as Record<string, any>;
    expect(JSON.stringify(settings)).not.toContain(m.key);
    expect(settings.privacy.usageStatisticsEnabled).toBe(false);
    expect(settings.telemetry.enabled).toBe(false);
    expect(settings.security.auth.selectedType).toBe('gemini-api-key');
    expect(settings.modelConfigs.customOverrides[0].modelConfig.generateContentConfig.thinkingConfig).toEqual({
      thinkingLevel: 'LOW',
    });
    const c = spec.command(m, '/p/agents/gemini-cli', 'Do it.');
    expect(c.args).toEqual(
      expect.arrayContaining(['--approval-mode', 'yolo', '--model', m.model, '--prompt', 'Do it.']),
    );
  });
});

describe('gemini-cli session log as transcript lines', () => {
  it('keeps messages byte for byte, types the control records, drops a cut line', () => {
    const message = '{"id":"m1","timestamp":"2026-01-01T00:00:00.000Z","type":"user","content":[{"text":"Hi"}]}';
    const log = [
      '{"sessionId":"s1","projectHash":"ab","startTime":"2026-01-01T00:00:00.000Z","kind":"main"}',
      message,
      '{"$set":{"lastUpdated":"2026-01-01T00:00:01.000Z"}}',
      '{"$rewindTo":"m1"}',
      '{"id":"m2","type":"gem',
    ].join('\n');
    const out = typedLines(log).split('\n');
    expect(out).toEqual([
      '{"type":"gemini-cli.session","sessionId":"s1","projectHash":"ab","startTime":"2026-01-01T00:00:00.000Z","kind":"main"}',
      message,
      '{"type":"gemini-cli.set","$set":{"lastUpdated":"2026-01-01T00:00:01.000Z"}}',
      '{"type":"gemini-cli.rewind","$rewindTo":"m1"}',
      '',
    ]);
    expect(typedLines('')).toBe('');
  });
});

describe.runIf(installed && dockerTestable())(
  'gemini-cli end to end (real binary, docker sandbox, scripted model)',
  () => {
    it.each(cases)(
      '$rev $role $id: the oracle written and run through its tools scores 1',
      async ({ rev, role, id }) => {
        const driver = driverFor(rev, role)!;
        const scenario = scenarios.find((s) => s.revision === rev && s.role === role && s.id === id)!;
        expect(scenario).toBeDefined();
        // = harnessAdapter(spec, { model: 'mcpfs-scripted/oracle-script', scripted: harnessOracleScript(…), subject })
        const adapter = scriptedHarnessAdapter(spec, driver, scenario, root);
        const t0 = Date.now();
        const r = await runTrial({
          driver,
          scenario,
          adapter,
          docs: 'none',
          k: 1,
          root,
          specDir: specDir(),
          specCommit: PRIMARY_SOURCE.commit,
          isolation: 'docker',
          docker: { image: testImage() },
          timeouts: { sessionMs: 120_000, portWaitMs: 5000 },
        });
        const wallMs = Date.now() - t0;
        expect(r.record.infraReason).toBeUndefined();
        expect(r.record.status).toBe('completed');
        expect(r.record.subject).toMatchObject({
          id: 'calibration/gemini-cli+scripted-model',
          harnessVersion: harnessVersion(spec, root),
        });
        expect(r.record.verdicts.filter((v) => v.verdict === 'fail')).toEqual([]);
        expect(scoreTrial(r.record.verdicts).score).toBe(1);
        expect(r.leftovers).toEqual([]);

        // Its native session log, JSONL as written: a header line with the session id, then its messages.
        const lines = r
          .transcript!.trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, any>);
        expect(lines[0]).toMatchObject({ type: 'gemini-cli.session', sessionId: expect.any(String), kind: 'main' });
        for (const l of lines) expect(TranscriptEntrySchema.safeParse(l).success).toBe(true);
        const calls = lines.flatMap((l) => (l.type === 'gemini' ? ((l.toolCalls ?? []) as { name: string }[]) : []));
        expect(new Set(calls.map((c) => c.name))).toEqual(new Set(['run_shell_command', 'write_file']));

        // Every model request went through the proxy: the four scripted turns, read by the gemini-generate codec.
        const exchanges = r
          .model!.trim()
          .split('\n')
          .slice(1)
          .map((l) => JSON.parse(l) as unknown)
          .flatMap((l) => {
            const x = ModelExchangeSchema.safeParse(l);
            return x.success ? [x.data] : [];
          });
        // A client-role session may end when the reference sees the client finish, before the closing "Done." turn.
        const want = role === 'client' ? [3, 4] : [4];
        expect(want).toContain(exchanges.length);
        expect(exchanges.map((x) => `${x.api} ${x.path} ${x.status}`)).toEqual(
          Array(exchanges.length).fill(
            'gemini-generate /gemini/v1beta/models/oracle-script:streamGenerateContent?alt=sse 200',
          ),
        );
        expect(r.record.usage.inputTokens).toBeGreaterThan(0);
        console.log(
          `gemini-cli ${rev} ${role} ${id}: first model request ${Math.round(exchanges[0]!.t)} ms after the proxy started, ` +
            `trial wall time ${wallMs} ms`,
        );
      },
    );
  },
);
