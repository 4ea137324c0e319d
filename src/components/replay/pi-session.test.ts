// Runs the real pi (1.6.0) headless against the scripted OpenAI-compatible model on 127.0.0.1, so the replay's
// transcript transform is checked against a session file pi itself wrote (both edit shapes, a failing bash, thinking off).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../bench/derive/parse.ts';
import { attribute } from '../../bench/replay/attribution.ts';
import { transcriptView, type TranscriptView } from '../../bench/replay/transcript.ts';
import { startScriptedModel, type ScriptedModel } from '../../harness/runner/scripted-model/server.ts';
import { piArgs } from '../../harness/runner/adapters/pi.ts';

let dir = '';
let model: ScriptedModel | undefined;
let view: TranscriptView;
let raw = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpfs-pi-replay-'));
  const work = join(dir, 'work');
  const agent = join(dir, 'agent');
  const sessions = join(dir, 'sessions');
  for (const d of [work, agent, sessions]) mkdirSync(d);
  writeFileSync(join(work, 'TASK.md'), '# Task\n<script>alert(1)</script>\n');
  model = await startScriptedModel([
    { text: 'Reading the task.', toolCalls: [{ name: 'read', arguments: { path: 'TASK.md' } }] },
    { toolCalls: [{ name: 'write', arguments: { path: 'a.txt', content: 'one\ntwo\nthree\n' } }] },
    { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', edits: [{ oldText: 'two', newText: 'TWO' }] } }] },
    { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', oldText: 'three', newText: 'THREE' } }] },
    { toolCalls: [{ name: 'bash', arguments: { command: 'cat a.txt; exit 3' } }] },
    { text: 'Done.' },
  ]);
  writeFileSync(
    join(agent, 'models.json'),
    JSON.stringify({
      providers: {
        scripted: {
          baseUrl: model.baseUrl,
          api: 'openai-completions',
          apiKey: 'none',
          models: [{ id: 'm', name: 'm', cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }],
        },
      },
    }),
  );
  writeFileSync(join(agent, 'settings.json'), JSON.stringify({ quietStartup: true, enableInstallTelemetry: false }));
  // pi -p reads piped stdin as extra prompt: it must see end of input, or it waits for it.
  await new Promise<void>((done, fail) => {
    const child = execFile(
      process.execPath,
      piArgs(sessions, 'scripted/m', 'off', 'Do the task in TASK.md.'),
      {
        cwd: work,
        env: {
          ...process.env,
          PI_CODING_AGENT_DIR: agent,
          PI_OFFLINE: '1',
          PI_SKIP_VERSION_CHECK: '1',
          PI_TELEMETRY: '0',
        },
        timeout: 120_000,
      },
      (err, _out, stderr) => (err ? fail(new Error(`pi failed: ${err.message}\n${stderr}`)) : done()),
    );
    child.stdin?.end();
  });
  const file = readdirSync(sessions, { recursive: true, withFileTypes: true }).find(
    (e) => e.isFile() && e.name.endsWith('.jsonl'),
  )!;
  raw = readFileSync(join(file.parentPath, file.name), 'utf8');
  const parsed = parseTranscript('session.jsonl', raw);
  expect(parsed.problems).toEqual([]);
  view = transcriptView(parsed.entries!);
}, 180_000);

afterAll(async () => {
  await model?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a session file written by pi 1.6.0', () => {
  it('has the JSONL v3 header the replay reads', () => {
    expect(view.session?.version).toBe(3);
    expect(view.session?.cwd).toContain('work');
  });

  it('yields the prompt and one assistant turn per model reply, with model and usage', () => {
    expect(view.turns[0]!.role).toBe('user');
    const assistants = view.turns.filter((t) => t.role === 'assistant');
    expect(assistants).toHaveLength(6);
    expect(assistants[0]!.model).toBe('scripted/m');
    expect(assistants[0]!.usage?.input).toBeGreaterThan(0);
    expect(assistants.at(-1)!.stopReason).toBe('stop');
  });

  it('pairs every tool call with its result and reads both edit shapes as diffs', () => {
    const calls = view.turns.flatMap((t) => t.toolCalls);
    expect(calls.map((c) => c.kind)).toEqual(['read', 'write', 'edit', 'edit', 'bash']);
    expect(calls.every((c) => c.result !== undefined)).toBe(true);
    expect(calls[0]!.result!.text).toContain('<script>alert(1)</script>');
    expect(calls[2]!.diffs![0]).toEqual([
      { op: '-', text: 'two' },
      { op: '+', text: 'TWO' },
    ]);
    expect(calls[3]!.diffs![0]).toEqual([
      { op: '-', text: 'three' },
      { op: '+', text: 'THREE' },
    ]);
    expect(calls[4]!.result!.isError).toBe(true);
    expect(calls[4]!.result!.text).toContain('TWO');
    expect(calls[4]!.result!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('says the agent finished', () => {
    expect(attribute({ status: 'completed', verdicts: [], exchanges: [], transcript: view }).agentFinished.value).toBe(
      'yes',
    );
  });

  it('counts the entry types it does not show instead of failing on them', () => {
    const types = new Set(
      raw
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { type: string }).type),
    );
    const shown = new Set(['session', 'message']);
    for (const t of types) if (!shown.has(t)) expect(view.skipped[t]).toBeGreaterThan(0);
  });
});
