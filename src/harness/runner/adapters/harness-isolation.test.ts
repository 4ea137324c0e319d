// No credential reaches the sandbox, whichever harness runs there: each harness (pi too) runs one session whose model
// is the scripted one reached the way a real provider is (through the trial's proxy, with a real-looking key in the
// host's environment), and the scripted model makes it run a snoop inside the sandbox that copies out the environment,
// every process's environment and command line, and the files of HOME and the temp folders.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '../scripted-model/server.ts';
import type { ScriptedTurn } from '../scripted-model/types.ts';
import { runTrial } from '../trial.ts';
import { KIT_TRIAL, kitScenario, kitServerDriver } from '../testing/kit.ts';
import { dockerTestable, testImage } from '../testing/docker.ts';
import { harnessAdapter, harnessInstalled } from './harness.ts';
import { HARNESSES } from './harnesses/registry.ts';
import { piAdapter } from './pi.ts';
import type { Adapter } from './types.ts';

/** What the snoop copies into the workspace (bounded: files over 256 KiB are skipped). */
const SNOOP = [
  '{ echo "## env"; env',
  'echo "## environ"; for f in /proc/[0-9]*/environ; do tr "\\0" "\\n" < "$f"; echo; done',
  'echo "## cmdline"; for f in /proc/[0-9]*/cmdline; do tr "\\0" " " < "$f"; echo; done',
  'echo "## files"; find "$HOME" "$TMPDIR" /tmp -type f -size -256k -exec cat {} + ; } > snoop.txt 2>/dev/null; echo snooped',
].join('; ');

const REAL = {
  ANTHROPIC_API_KEY: 'sk-ant-isolation-real-key-3c1d5b',
  OPENAI_API_KEY: 'sk-proj-isolation-real-key-8e2f4a',
  GEMINI_API_KEY: 'AIza-isolation-real-key-6b7c9d',
};
const FAMILIES = ['ANTHROPIC', 'OPENAI', 'GEMINI'] as const;

let model: ScriptedModel;
const saved: Record<string, string | undefined> = {};
let turns: ScriptedTurn[] = [];

beforeAll(async () => {
  // The script is read per request, so each harness below sets its own before its trial.
  model = await startScriptedModel(
    new Proxy([] as ScriptedTurn[], { get: (_t, k) => Reflect.get(turns, k) as unknown }),
    'isolation-test',
  );
  for (const [k, v] of Object.entries(REAL)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  for (const f of FAMILIES) {
    saved[`MCPFS_UPSTREAM_${f}`] = process.env[`MCPFS_UPSTREAM_${f}`];
    process.env[`MCPFS_UPSTREAM_${f}`] = model.origin;
  }
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await model.close();
});

const docker = dockerTestable();
const PROVIDERS = ['anthropic', 'openai', 'google'] as const;

/** pi (outside, its bash inside) and every installed harness (inside), each with a provider it takes. */
const subjects: { name: string; adapter: () => Adapter; shell: (c: string) => ScriptedTurn }[] = [
  {
    name: 'pi',
    adapter: () => piAdapter({ model: 'anthropic/claude-sonnet-5', thinking: 'off', userAgentDir: '/nonexistent' }),
    shell: (command) => ({ toolCalls: [{ name: 'bash', arguments: { command } }] }),
  },
  ...Object.values(HARNESSES)
    .filter((spec) => harnessInstalled(spec))
    .map((spec) => ({
      name: spec.name,
      adapter: () =>
        harnessAdapter(spec, { model: `${PROVIDERS.find((p) => spec.apiFor(p)) ?? 'anthropic'}/isolation-test` }),
      shell: (command: string) => ({ toolCalls: [spec.tools.shell(command)] }),
    })),
];

describe.each(subjects)('$name in the sandbox sees no credential', ({ name, adapter, shell }) => {
  it('its environment, the process list and HOME hold the trial’s dummy key and no real key', async () => {
    turns = [shell(SNOOP), { text: 'Done.' }];
    const before = model.requests.length;
    const r = await runTrial({
      ...KIT_TRIAL,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      adapter: adapter(),
      keep: true,
      timeouts: { sessionMs: 120_000, portWaitMs: 100 },
      ...(docker ? { isolation: 'docker' as const, docker: { image: testImage() } } : { isolation: 'netns' as const }),
    });
    try {
      const file = join(r.dirs!.dir, 'snoop.txt');
      expect(existsSync(file), `no snoop.txt: ${r.record.infraReason ?? ''}`).toBe(true);
      const seen = readFileSync(file, 'utf8');
      // The snoop really saw the sandbox: its own environment and, for a harness that runs inside, the trial's dummy
      // key (in its env or config), so an empty or blind snoop cannot pass. pi runs outside: only its bash is inside,
      // and the dummy key stays with pi.
      expect(seen).toContain('## environ');
      if (name === 'pi') expect(seen).not.toMatch(/mcpfs-proxy-key-[0-9a-f]{24}/);
      else expect(seen).toMatch(/mcpfs-proxy-key-[0-9a-f]{24}/);
      for (const v of Object.values(REAL)) expect(seen).not.toContain(v);
      for (const v of Object.values(REAL)) expect(r.transcript ?? '').not.toContain(v);
      // ... while the real key did reach the provider (the scripted model, reached as one) through the proxy.
      expect(model.requests.length).toBeGreaterThan(before);
      expect(r.record.usage.source).toBe('proxy');
      expect(r.model).not.toContain(REAL.ANTHROPIC_API_KEY);
    } finally {
      rmSync(r.dirs!.root, { recursive: true, force: true });
    }
  });
});
