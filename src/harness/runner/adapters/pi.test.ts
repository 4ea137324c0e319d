import { afterEach, describe, expect, it } from 'vitest';
import { readlinkSync } from 'node:fs';
import { startScriptedModel } from '../scripted-model/server.ts';
import { runTrial } from '../trial.ts';
import { PI_SCRIPTED_SUBJECT, scriptedPiAdapter } from './pi-scripted.ts';
import { piAdapter, piSubject, PI_VERSION } from './pi.ts';
import { piNoReplyReason, piSessionUsage, redact, secretValues } from './pi-session.ts';
import { KIT_JUDGES, KIT_TRIAL, SPEC_COMMIT, kitClientDriver, kitScenario, kitServerDriver } from '../testing/kit.ts';
import { TranscriptEntrySchema } from '../../../bench/schema/transcript.ts';

const base = {
  ...KIT_TRIAL,
  isolation: 'netns',
  timeouts: { sessionMs: 90_000, portWaitMs: 5000 },
} as const;

describe('pi adapter with the scripted model (real pi binary, no model account)', () => {
  it("writes, edits and starts the oracle server through pi's tools; the probe passes", async () => {
    const s = kitScenario('server');
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: s,
      adapter: scriptedPiAdapter(kitServerDriver, s),
    });
    expect(r.record.status).toBe('completed');
    expect(r.record.subject.id).toBe('calibration/pi+scripted-model');
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    expect(r.leftovers).toEqual([]);
    const lines = r
      .transcript!.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'session', version: 3 });
    for (const l of lines) expect(TranscriptEntrySchema.safeParse(l).success).toBe(true);
    const calls = lines
      .flatMap(
        (l) => (l.message as { content?: ({ type: string; name?: string } | null)[] } | undefined)?.content ?? [],
      )
      .flatMap((c) => (c?.type === 'toolCall' ? [c.name] : []));
    expect(calls).toEqual(['read', 'write', 'edit', 'bash']);
    // Usage is measured at the trial's model proxy (five model requests, four of them answered with a tool call), not
    // taken from pi's session; the scripted model is not priced, so there is no cost.
    expect(r.record.usage).toMatchObject({ source: 'proxy', requests: 5, toolCalls: 4, turns: 5 });
    expect(r.record.usage.costUsd).toBeUndefined();
    expect(r.record.usage.inputTokens).toBeGreaterThan(0);
    expect(r.record.sidecars).toMatchObject({ transcript: 'k1.transcript.jsonl', model: 'k1.model.jsonl' });
    expect(r.model!.split('\n')[0]).toContain('"format":"mcpfs.model-traffic/1"');
  });

  it("runs the oracle client through pi's bash inside the namespace against the reference server", async () => {
    const d = kitClientDriver();
    const s = kitScenario('client');
    const r = await runTrial({ ...base, driver: d, scenario: s, adapter: scriptedPiAdapter(d, s) });
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    expect(r.leftovers).toEqual([]);
  });

  it('ends the session where the model budget runs out and judges the trial as it stands', async () => {
    const s = kitScenario('server');
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: s,
      adapter: scriptedPiAdapter(kitServerDriver, s),
      // Two requests: pi reads the task and writes the launcher, and never gets to start the server.
      budget: { requests: 2 },
    });
    expect(r.record.status).toBe('completed');
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['fail']);
    expect(r.record.usage).toMatchObject({ source: 'proxy', requests: 2, budgetExhausted: 'requests' });
    expect(r.log.events.find((e) => e.type === 'note' && e.text.includes('model budget exhausted'))).toBeDefined();
    expect(r.model!.trim().split('\n').at(-1)).toContain('"budgetExhausted":"requests"');
    expect(r.leftovers).toEqual([]);
  });
});

describe('pi adapter isolation', () => {
  afterEach(() => {
    delete process.env.TEST_PROVIDER_API_KEY;
  });

  it("runs pi's bash inside the network namespace with the allow-listed env only", async () => {
    process.env.TEST_PROVIDER_API_KEY = 'sk-test-should-not-leak';
    const model = await startScriptedModel([
      { toolCalls: [{ name: 'bash', arguments: { command: 'readlink /proc/self/ns/net; env | sort' } }] },
    ]);
    try {
      const modelsJson = {
        providers: {
          t: {
            baseUrl: model.baseUrl,
            api: 'openai-completions',
            apiKey: 'none',
            models: [{ id: 'm', cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }],
          },
        },
      };
      const adapter = piAdapter({ model: 't/m', thinking: 'off', subject: PI_SCRIPTED_SUBJECT, modelsJson });
      const r = await runTrial({
        ...base,
        driver: kitServerDriver,
        scenario: kitScenario('server'),
        adapter,
        timeouts: { sessionMs: 60_000, portWaitMs: 100 },
      });
      expect(r.record.status).toBe('completed');
      const last = model.requests.at(-1)!.body as { messages: { role: string; content?: unknown }[] };
      const tool = last.messages.find((m) => m.role === 'tool');
      const out = JSON.stringify(tool?.content);
      expect(out).toMatch(/net:\[\d+\]/);
      expect(out).not.toContain(readlinkSync('/proc/self/ns/net'));
      expect(out).toMatch(/PORT=\d+/);
      expect(out).not.toContain('sk-test-should-not-leak');
      expect(out).not.toContain('PI_CODING_AGENT_DIR');
      expect(r.transcript).not.toContain('sk-test-should-not-leak');
    } finally {
      await model.close();
    }
  });
});

describe('pi helpers', () => {
  it('builds the agent subject id from model and thinking', () => {
    expect(piSubject('openrouter/qwen/qwen3:free', 'high').id).toBe(
      `agent/pi@${PI_VERSION}/openrouter/qwen-qwen3-free/high`,
    );
    expect(() => piSubject('sonnet', 'high')).toThrow(/expected provider\/model-id/);
    expect(() => piSubject('a/b', 'huge')).toThrow(/unknown level/);
  });

  it('sums usage over assistant messages and skips a torn last line', () => {
    const msg = (input: number, calls: number) =>
      JSON.stringify({
        type: 'message',
        message: {
          role: 'assistant',
          usage: { input, output: 2, cacheRead: 1, cacheWrite: 0, cost: { total: 0.5 } },
          content: Array.from({ length: calls }, () => ({ type: 'toolCall' })),
        },
      });
    const u = piSessionUsage(
      [
        msg(10, 2),
        JSON.stringify({ type: 'message', message: { role: 'toolResult' } }),
        msg(5, 0),
        '{"type":"mess',
      ].join('\n'),
    );
    expect(u).toEqual({
      inputTokens: 15,
      outputTokens: 4,
      cacheReadTokens: 2,
      cacheWriteTokens: 0,
      costUsd: 1,
      toolCalls: 2,
      turns: 2,
    });
  });

  it('classifies a pi session without any successful model reply as an infra-error', () => {
    const reply = (stopReason: string, errorMessage?: string) =>
      JSON.stringify({ type: 'message', message: { role: 'assistant', stopReason, errorMessage } });
    expect(piNoReplyReason(undefined, '\nNo API key found for anthropic.\n')).toBe(
      'agent never got a model reply: No API key found for anthropic.',
    );
    expect(piNoReplyReason(reply('error', '401 invalid x-api-key'), '')).toBe(
      'agent never got a model reply: 401 invalid x-api-key',
    );
    expect(piNoReplyReason([reply('toolUse'), reply('error', 'overloaded')].join('\n'), '')).toBeUndefined();
  });

  it('redacts credential-looking env values and auth.json strings from transcripts', () => {
    const secrets = secretValues(
      { ANTHROPIC_API_KEY: 'sk-ant-123456789', HOME: '/root/somewhere' },
      '{"openai":{"key":"sk-oa-\\"quoted"}}',
    );
    expect(redact('key sk-ant-123456789 and {"x":"sk-oa-\\"quoted"} home /root/somewhere', secrets)).toBe(
      'key [redacted] and {"x":"[redacted]"} home /root/somewhere',
    );
  });
});
