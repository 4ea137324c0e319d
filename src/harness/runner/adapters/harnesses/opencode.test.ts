// opencode's spec: its pure parts (config, command line, tools, the transcript read from its SQLite database), and
// the REAL pinned binary end to end through runTrial — in the docker sandbox when an engine answers (netns otherwise),
// driven by the scripted model through the trial's proxy — on its calibration scenarios (a server and a client
// scenario per revision).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../../../../bench/model-traffic/openai-chat.ts';
import { ModelExchangeSchema } from '../../../../bench/schema/model-traffic.ts';
import type { Revision, Role } from '../../../../bench/schema/common.ts';
import { scoreTrial } from '../../../../bench/scoring/score.ts';
import { PRIMARY_SOURCE } from '../../../../bench/spec/revisions.ts';
import { findScenario } from '../../../io/scenarios.ts';
import { projectRoot, specDir } from '../../../io/paths.ts';
import { driverFor } from '../../../roles/registry.ts';
import { SIDE_TURN } from '../../scripted-model/openai-chat.ts';
import { dockerTestable, testImage } from '../../testing/docker.ts';
import { runTrial } from '../../trial.ts';
import { harnessInstalled, harnessOracleScript, scriptedHarnessAdapter } from '../harness.ts';
import { PI_MESSAGE } from '../pi.ts';
import { opencode, opencodeConfig, opencodeSessions } from './opencode.ts';
import { HARNESS_CALIBRATION_SCENARIOS, HARNESSES } from './registry.ts';
import type { HarnessModel } from './types.ts';

const scripted: HarnessModel = {
  provider: 'mcpfs-scripted',
  model: 'oracle-script',
  thinking: 'default',
  api: 'openai-chat',
  baseUrl: 'http://127.0.0.1:4000/openai/v1',
  key: 'mcpfs-proxy-key-0123',
};
const pkgDir = join(projectRoot(), opencode.folder);
const installed = harnessInstalled(opencode);

describe('opencode spec', () => {
  it('is registered and maps the providers its bundled SDKs speak through the proxy', () => {
    expect(HARNESSES.opencode).toBe(opencode);
    expect(opencode.apiFor('anthropic')).toBe('anthropic-messages');
    expect(opencode.apiFor('openai')).toBe('openai-responses');
    expect(opencode.apiFor('google')).toBe('gemini-generate');
    expect(opencode.apiFor('openrouter')).toBeUndefined();
    expect(opencode.thinking[0]).toBe('default');
  });

  it('configures the proxy as an openai-compatible provider for the scripted run, everything else off', () => {
    const c = opencodeConfig(scripted);
    expect(c).toMatchObject({
      autoupdate: false,
      share: 'disabled',
      plugin: [],
      enabled_providers: ['mcpfs-scripted'],
      model: 'mcpfs-scripted/oracle-script',
      small_model: 'mcpfs-scripted/oracle-script',
      permission: { '*': 'allow', external_directory: 'allow' },
      provider: {
        'mcpfs-scripted': {
          npm: '@ai-sdk/openai-compatible',
          options: { baseURL: 'http://127.0.0.1:4000/openai/v1', apiKey: 'mcpfs-proxy-key-0123' },
          models: { 'oracle-script': { name: 'oracle-script' } },
        },
      },
    });
  });

  it("points a built-in provider's SDK at the proxy with the SDK's own path shape", () => {
    const origin = 'http://127.0.0.1:4000';
    const anthropic = opencodeConfig({
      ...scripted,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      api: 'anthropic-messages',
      baseUrl: `${origin}/anthropic`,
    });
    expect(anthropic.provider).toEqual({
      anthropic: {
        options: { baseURL: `${origin}/anthropic/v1`, apiKey: scripted.key },
        models: { 'claude-sonnet-4-5': { name: 'claude-sonnet-4-5' } },
      },
    });
    const google = opencodeConfig({
      ...scripted,
      provider: 'google',
      api: 'gemini-generate',
      baseUrl: `${origin}/gemini`,
    });
    expect((google.provider as Record<string, { options: unknown }>).google!.options).toMatchObject({
      baseURL: `${origin}/gemini/v1beta`,
    });
  });

  it('writes its config under HOME, points the XDG folders there and sets every switch', () => {
    const s = opencode.setup(scripted, { home: '/h', tmp: '/t', workspace: '/w' });
    expect(s.files.map((f) => f.path)).toEqual(['/h/.config/opencode/opencode.json']);
    expect(s.env).toMatchObject({
      XDG_CONFIG_HOME: '/h/.config',
      XDG_DATA_HOME: '/h/.local/share',
      XDG_CACHE_HOME: '/h/.cache',
      XDG_STATE_HOME: '/h/.local/state',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_PURE: '1',
    });
  });

  it.skipIf(!installed)('runs the platform binary headless with the message as its words after --', () => {
    const c = opencode.command({ ...scripted, thinking: 'high' }, pkgDir, PI_MESSAGE);
    expect(c.cmd).toMatch(/node_modules\/opencode-linux-(x64|x64-baseline|arm64)\/bin\/opencode$/);
    expect(c.args.slice(0, c.args.indexOf('--'))).toEqual([
      'run',
      '--format',
      'json',
      '--print-logs',
      '--log-level',
      'INFO',
      '--model',
      'mcpfs-scripted/oracle-script',
      '--variant',
      'high',
    ]);
    // opencode joins its words with spaces (quoting a word that holds one): the message comes back exactly.
    expect(c.args.slice(c.args.indexOf('--') + 1).join(' ')).toBe(PI_MESSAGE);
    expect(opencode.command(scripted, pkgDir, PI_MESSAGE).args).not.toContain('--variant');
  });

  it('calls its tools with the names and arguments opencode declares', () => {
    expect(opencode.tools.write('start.sh', 'x')).toEqual({
      name: 'write',
      arguments: { filePath: 'start.sh', content: 'x' },
    });
    expect(opencode.tools.shell('ls')).toEqual({ name: 'bash', arguments: { command: 'ls' } });
  });
});

describe('opencode transcript', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-opencode-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is each session of its database as `opencode export` prints it, one JSON line each', () => {
    const home = join(dir, 'home');
    const dbDir = join(home, '.local/share/opencode');
    expect(opencode.transcript({ home, tmp: dir, workspace: dir })).toBeUndefined();
    mkdirSync(dbDir, { recursive: true });
    // The columns opencode 1.18.33 creates (those the transcript reads).
    const db = new DatabaseSync(join(dbDir, 'opencode.db'));
    db.exec(`CREATE TABLE session (id text PRIMARY KEY, project_id text, workspace_id text, parent_id text, slug text,
      directory text, path text, title text, version text, share_url text, summary_additions int,
      summary_deletions int, summary_files int, summary_diffs text, metadata text, cost real, tokens_input int,
      tokens_output int, tokens_reasoning int, tokens_cache_read int, tokens_cache_write int, revert text,
      permission text, agent text, model text, time_created int, time_updated int, time_compacting int,
      time_archived int);
      CREATE TABLE message (id text PRIMARY KEY, session_id text, time_created int, time_updated int, data text);
      CREATE TABLE part (id text PRIMARY KEY, message_id text, session_id text, time_created int, time_updated int,
      data text);`);
    db.prepare(
      `INSERT INTO session VALUES ('ses_1','global',NULL,NULL,'silent-otter','/w','w','Scripted MCP task','1.18.33',
       NULL,0,0,0,NULL,NULL,0,10,2,0,0,0,NULL,'[]','build','{"id":"oracle-script","providerID":"mcpfs-scripted"}',
       1,2,NULL,NULL)`,
    ).run();
    db.prepare(`INSERT INTO message VALUES ('msg_1','ses_1',1,1,'{"role":"user"}')`).run();
    db.prepare(`INSERT INTO message VALUES ('msg_2','ses_1',2,2,'{"role":"assistant","finish":"tool-calls"}')`).run();
    db.prepare(`INSERT INTO part VALUES ('prt_1','msg_1','ses_1',1,1,'{"type":"text","text":"Do it."}')`).run();
    db.prepare(
      `INSERT INTO part VALUES ('prt_2','msg_2','ses_1',2,2,'{"type":"tool","tool":"bash","state":{"status":"completed"}}')`,
    ).run();
    db.close();
    const t = opencode.transcript({ home, tmp: dir, workspace: dir })!;
    const lines = t.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      type: 'opencode.session',
      document: {
        info: {
          id: 'ses_1',
          slug: 'silent-otter',
          projectID: 'global',
          directory: '/w',
          path: 'w',
          title: 'Scripted MCP task',
          agent: 'build',
          model: { id: 'oracle-script', providerID: 'mcpfs-scripted' },
          version: '1.18.33',
          summary: { additions: 0, deletions: 0, files: 0 },
          cost: 0,
          tokens: { input: 10, output: 2, reasoning: 0, cache: { read: 0, write: 0 } },
          permission: [],
          time: { created: 1, updated: 2 },
        },
        messages: [
          {
            info: { role: 'user', id: 'msg_1', sessionID: 'ses_1' },
            parts: [{ type: 'text', text: 'Do it.', id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1' }],
          },
          {
            info: { role: 'assistant', finish: 'tool-calls', id: 'msg_2', sessionID: 'ses_1' },
            parts: [
              {
                type: 'tool',
                tool: 'bash',
                state: { status: 'completed' },
                id: 'prt_2',
                sessionID: 'ses_1',
                messageID: 'msg_2',
              },
            ],
          },
        ],
      },
    });
    expect(opencodeSessions(join(dbDir, 'opencode.db'))).toHaveLength(1);
  });
});

// The real binary through the runner. Docker when an engine answers (the default isolation), netns otherwise.
const docker = dockerTestable();
// The scenarios its calibration runs on (one server and one client scenario per revision).
const cases = HARNESS_CALIBRATION_SCENARIOS.map((key) => {
  const [revision, role, id] = key.split('/') as [Revision, Role, string];
  return { revision, role, id };
});

describe.skipIf(!installed)('opencode end to end (real binary, scripted model, through the proxy)', () => {
  if (!installed)
    console.warn('opencode end-to-end skipped: agents/opencode is not installed (npm run agents:install)');
  it.each(cases)('$revision $role $id: scores 1 with a transcript and nothing left running', async (c) => {
    const root = projectRoot();
    const scenario = findScenario(root, c.revision, c.role, c.id);
    const driver = driverFor(c.revision, c.role)!;
    const script = harnessOracleScript(opencode, driver, scenario);
    const r = await runTrial({
      docs: 'none',
      k: 1,
      root,
      specDir: specDir(),
      specCommit: PRIMARY_SOURCE.commit,
      driver,
      scenario,
      adapter: scriptedHarnessAdapter(opencode, driver, scenario, root),
      timeouts: { sessionMs: 240_000, portWaitMs: 10_000 },
      ...(docker ? { isolation: 'docker' as const, docker: { image: testImage() } } : { isolation: 'netns' as const }),
    });
    const failed = r.record.verdicts.filter((v) => v.verdict === 'fail');
    expect(r.record.status, r.record.infraReason ?? '').toBe('completed');
    expect(failed).toEqual([]);
    expect(scoreTrial(r.record.verdicts).score).toBe(1);
    expect(r.record.subject.id).toBe('calibration/opencode+scripted-model');
    expect(r.leftovers).toEqual([]);

    // The transcript is opencode's own session: the script's tool calls ran through its bash and write tools, and
    // the title came from the side request (answered without advancing the script).
    const doc = JSON.parse(r.transcript!.trimEnd().split('\n')[0]!) as {
      type: string;
      document: { info: { title: string }; messages: { parts: { type: string; tool?: string }[] }[] };
    };
    expect(doc.type).toBe('opencode.session');
    expect(doc.document.info.title).toBe(SIDE_TURN.text);
    const tools = doc.document.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool').map((p) => p.tool));
    expect(tools).toEqual(['bash', 'write', 'bash']);

    // Every model request went through the proxy (its sidecar), as Chat Completions, and the codec reads them: the
    // title request, then one per scripted turn (+ the final "Done.").
    const lines = r.model!.trimEnd().split('\n');
    const exchanges = lines.slice(1).flatMap((l) => {
      const x = ModelExchangeSchema.safeParse(JSON.parse(l));
      return x.success ? [x.data] : [];
    });
    expect(exchanges.every((x) => x.api === 'openai-chat' && x.status === 200)).toBe(true);
    const replies = exchanges.map((x) => openaiChatCodec.reply(x));
    expect(replies.map((x) => x?.text)).toContain(SIDE_TURN.text);
    expect(replies.filter((x) => x?.toolCalls.length).length).toBe(script.filter((t) => t.toolCalls).length);
    expect(r.record.usage.source).toBe('proxy');
    expect(r.record.usage.inputTokens).toBeGreaterThan(0);
  });
});
