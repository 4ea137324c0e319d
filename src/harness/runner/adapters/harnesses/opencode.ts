import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ModelApi } from '../../../../bench/schema/model-traffic.ts';
import { InfraError } from '../../../errors.ts';
import type { HarnessModel, HarnessSpec } from './types.ts';

/*
 * opencode (npm `opencode-ai`, pinned in agents/opencode) as this benchmark runs it. What follows was read from the
 * pinned 1.18.33 binary (a Bun-compiled bundle whose JavaScript is readable in the file) and checked by running it
 * against the scripted model; the source is github.com/anomalyco/opencode (formerly sst/opencode), packages/opencode.
 *
 * Binary. `opencode-ai` ships a stub `bin/opencode.exe` and a postinstall that copies the platform package's binary
 * over it (or npm-installs one from the network). agents/opencode/package.json denies that script (`allowScripts`),
 * so `npm ci --strict-allow-scripts` runs nothing; the command below runs the platform package's binary
 * (`opencode-linux-<arch>[-baseline]/bin/opencode`, chosen by the same AVX2 test the postinstall makes) directly.
 *
 * Headless run. `opencode run [message..]`: one message, the agent loop until the model stops, then exit. It joins
 * its positional words with spaces, quoting any word that holds a space, so the message is passed as its words after
 * `--` (exactly the message again, and never read as flags). Its stdin is read when it is not a TTY (the runner gives
 * /dev/null: empty). `--format json` prints its events as JSON lines (the harness log), `--print-logs` its log to
 * stderr (the harness log too).
 *
 * Requests (observed): before the first turn its `title` agent names the session through the small model: a streamed
 * chat request with the system prompt "You are a title generator…" and no tools (the scripted model answers it with a
 * short title and does not advance the script: `scripted-model/openai-chat.ts`). Then one streamed request per turn
 * (`stream_options.include_usage`, `max_tokens` 32000, `tool_choice: auto`) offering bash, edit, glob, grep, read,
 * skill, task, todowrite, webfetch, write. Nothing else reaches the network with the switches below.
 *
 * Session log. opencode keeps its sessions in SQLite, `$XDG_DATA_HOME/opencode/opencode.db` (tables `session`,
 * `message`, `part`, each row's JSON in `data`); `transcript()` reads it on the host after the session (node:sqlite,
 * read-only) and writes each session as `opencode export <id>` would print it (`{info, messages: [{info, parts}]}`).
 */

const PKG = 'opencode-ai';

/** Config and data under the trial's HOME (opencode follows the XDG variables, defaulting to these). */
const dirsOf = (home: string) => ({
  config: join(home, '.config'),
  data: join(home, '.local', 'share'),
  cache: join(home, '.cache'),
  state: join(home, '.local', 'state'),
});

/**
 * The providers opencode takes through the proxy: its built-in ones, each with the AI SDK package bundled in the
 * binary (so nothing is installed at run time): `@ai-sdk/anthropic` speaks Messages, `@ai-sdk/openai` the Responses
 * API (opencode picks `.responses()` for it), `@ai-sdk/google` generateContent. The scripted run speaks Chat
 * Completions through `@ai-sdk/openai-compatible` (bundled too).
 */
const PROVIDER_APIS: Record<string, ModelApi> = {
  anthropic: 'anthropic-messages',
  openai: 'openai-responses',
  google: 'gemini-generate',
};

/**
 * The base URL each bundled SDK takes: its default (`https://api.anthropic.com/v1`, `https://api.openai.com/v1`,
 * `https://generativelanguage.googleapis.com/v1beta`) with the proxy's prefix for the origin.
 */
function sdkBase(m: HarnessModel): string {
  if (m.api === 'anthropic-messages') return `${m.baseUrl}/v1`;
  if (m.api === 'gemini-generate') return `${m.baseUrl}/v1beta`;
  return m.baseUrl;
}

/** The provider entry of opencode.json: the proxy as the endpoint, the trial's dummy key, the model declared. */
function providerConfig(m: HarnessModel): { id: string; entry: Record<string, unknown> } {
  const options = { baseURL: sdkBase(m), apiKey: m.key };
  // A model opencode's bundled catalogue knows keeps its limits and variants (config entries merge over it); an
  // unknown one is declared here so opencode takes it (it fetches no catalogue).
  const models = { [m.model]: { name: m.model } };
  if (PROVIDER_APIS[m.provider] === m.api) return { id: m.provider, entry: { options, models } };
  return {
    id: m.provider,
    entry: { npm: '@ai-sdk/openai-compatible', name: m.provider, options, models },
  };
}

/** opencode.json for one session. */
export function opencodeConfig(m: HarnessModel): Record<string, unknown> {
  const p = providerConfig(m);
  const model = `${p.id}/${m.model}`;
  return {
    // No update check or self-upgrade (`autoupdate`, read by the upgrade check at start-up).
    autoupdate: false,
    // No session sharing (uploads to opencode.ai): `share: "disabled"`.
    share: 'disabled',
    // No git snapshots of the workspace for undo (opencode's own history, not the agent's work).
    snapshot: false,
    // No language servers and no formatters rewriting what the model wrote (both off when omitted; said here).
    lsp: false,
    formatter: false,
    // No OpenTelemetry spans (the AI SDK's experimental_telemetry).
    experimental: { openTelemetry: false },
    // No plugins and no MCP servers from config.
    plugin: [],
    mcp: {},
    // Only the proxy's provider is loaded (no provider picked up from the environment or auth files).
    enabled_providers: [p.id],
    provider: { [p.id]: p.entry },
    model,
    // The title generator uses the same model, so every request goes to the model the subject names.
    small_model: model,
    // Every tool runs without asking (a throwaway sandbox): the defaults ask for paths outside the workspace, a tool
    // call repeated three times (doom_loop) and reading .env files; a headless run would refuse those.
    permission: { '*': 'allow', external_directory: 'allow', doom_loop: 'allow', read: 'allow' },
  };
}

/**
 * Environment switches (all `OPENCODE_*` names as the binary's flag module reads them; "1" or "true" turns one on).
 * opencode has no product telemetry, crash reporting or feedback survey to turn off (the binary holds none); its
 * network calls besides the model are these.
 */
const ENV_SWITCHES: Record<string, string> = {
  // The update check against the npm registry / GitHub at start-up (with `autoupdate: false`).
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  // The models.dev catalogue fetch: the catalogue bundled in the binary is used.
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  // Language-server downloads (LSP is off in the config as well).
  OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  // Session sharing (share-next reads it; `share: "disabled"` in the config as well).
  OPENCODE_DISABLE_SHARE: '1',
  // Its built-in auth plugins (Copilot, Codex, GitLab sign-in flows): none is needed with a key in the config.
  OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
  // `--pure`: no external plugins (which it would install with bun from npm).
  OPENCODE_PURE: '1',
  // No ~/.claude prompts and skills, and no skills from outside the workspace.
  OPENCODE_DISABLE_CLAUDE_CODE: '1',
  OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
};

/** Whether this CPU has AVX2 (the non-baseline binary needs it), as opencode's own postinstall tells. */
function hasAvx2(): boolean {
  try {
    return /(^|\s)avx2(\s|$)/im.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
}

/** The platform package's binary in the install folder (the sandbox is Debian: glibc, the host's architecture). */
export function opencodeBinary(pkgDir: string): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const names =
    arch === 'x64'
      ? hasAvx2()
        ? ['opencode-linux-x64', 'opencode-linux-x64-baseline']
        : ['opencode-linux-x64-baseline', 'opencode-linux-x64']
      : ['opencode-linux-arm64'];
  const found = names.map((n) => join(pkgDir, 'node_modules', n, 'bin', 'opencode')).find((p) => existsSync(p));
  if (!found)
    throw new InfraError(
      `${pkgDir}: no opencode binary for linux-${arch} (looked in ${names.join(', ')}); run \`npm run agents:install\``,
    );
  return found;
}

/** A row's JSON `data` column, parsed (an unreadable one is kept as text). */
function data(s: unknown): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(String(s));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { data: v };
  } catch {
    return { data: String(s) };
  }
}
const parsed = (s: unknown): unknown => {
  if (typeof s !== 'string') return s ?? undefined;
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/**
 * The sessions in opencode's database, each as `opencode export` prints it: `info` from the session row (columns
 * renamed as its Session.Info names them), `messages` in order, each `{info: data + id + sessionID, parts: [data + id
 * + sessionID + messageID]}`. Subagent sessions (`task` tool) come after their parent, by creation time.
 */
export function opencodeSessions(dbFile: string): unknown[] {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const sessions = db.prepare('SELECT * FROM session ORDER BY time_created, id').all();
    const messages = db.prepare('SELECT * FROM message WHERE session_id = ? ORDER BY time_created, id');
    const parts = db.prepare('SELECT * FROM part WHERE session_id = ? ORDER BY id');
    return sessions.map((s) => {
      const id = String(s.id);
      const byMessage = new Map<string, unknown[]>();
      for (const p of parts.all(id)) {
        const list = byMessage.get(String(p.message_id)) ?? [];
        list.push({ ...data(p.data), id: p.id, sessionID: id, messageID: p.message_id });
        byMessage.set(String(p.message_id), list);
      }
      const info = Object.fromEntries(
        Object.entries({
          id,
          slug: s.slug,
          projectID: s.project_id,
          workspaceID: s.workspace_id,
          parentID: s.parent_id,
          directory: s.directory,
          path: s.path,
          title: s.title,
          agent: s.agent,
          model: parsed(s.model),
          version: s.version,
          share: s.share_url ? { url: s.share_url } : undefined,
          summary: {
            additions: s.summary_additions,
            deletions: s.summary_deletions,
            files: s.summary_files,
            ...(s.summary_diffs ? { diffs: parsed(s.summary_diffs) } : {}),
          },
          cost: s.cost,
          tokens: {
            input: s.tokens_input,
            output: s.tokens_output,
            reasoning: s.tokens_reasoning,
            cache: { read: s.tokens_cache_read, write: s.tokens_cache_write },
          },
          metadata: parsed(s.metadata),
          permission: parsed(s.permission),
          revert: parsed(s.revert),
          time: Object.fromEntries(
            Object.entries({
              created: s.time_created,
              updated: s.time_updated,
              compacting: s.time_compacting,
              archived: s.time_archived,
            }).filter(([, v]) => v !== null && v !== undefined),
          ),
        }).filter(([, v]) => v !== null && v !== undefined),
      );
      return {
        info,
        messages: messages.all(id).map((m) => ({
          info: { ...data(m.data), id: m.id, sessionID: id },
          parts: byMessage.get(String(m.id)) ?? [],
        })),
      };
    });
  } finally {
    db.close();
  }
}

export const opencode: HarnessSpec = {
  name: 'opencode',
  packageName: PKG,
  folder: 'agents/opencode',
  apiFor: (provider) => PROVIDER_APIS[provider],
  scriptedApi: 'openai-chat',
  // `--variant`: the reasoning levels opencode offers per model (low/medium/high for most; none, minimal and xhigh
  // for OpenAI's reasoning models; max for Anthropic's adaptive thinking). A level the model lacks is ignored.
  thinking: ['default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'],
  setup(m, { home }) {
    const d = dirsOf(home);
    return {
      env: {
        XDG_CONFIG_HOME: d.config,
        XDG_DATA_HOME: d.data,
        XDG_CACHE_HOME: d.cache,
        XDG_STATE_HOME: d.state,
        ...ENV_SWITCHES,
      },
      files: [
        {
          path: join(d.config, 'opencode', 'opencode.json'),
          content: `${JSON.stringify(opencodeConfig(m), null, 2)}\n`,
          mode: 0o600,
        },
      ],
    };
  },
  command(m, pkgDir, message) {
    const model = `${providerConfig(m).id}/${m.model}`;
    return {
      cmd: opencodeBinary(pkgDir),
      args: [
        'run',
        '--format',
        'json',
        '--print-logs',
        '--log-level',
        'INFO',
        '--model',
        model,
        ...(m.thinking === 'default' ? [] : ['--variant', m.thinking]),
        '--',
        ...message.split(' '),
      ],
    };
  },
  transcript({ home }) {
    const file = join(dirsOf(home).data, 'opencode', 'opencode.db');
    if (!existsSync(file)) return undefined;
    let sessions: unknown[];
    try {
      sessions = opencodeSessions(file);
    } catch {
      // A database opencode never finished creating (killed at start-up): no transcript, as with no file.
      return undefined;
    }
    if (!sessions.length) return undefined;
    return sessions.map((document) => JSON.stringify({ type: 'opencode.session', document })).join('\n') + '\n';
  },
  tools: {
    // As opencode 1.18.33 declares them: write {filePath, content} (a relative path is taken from the workspace),
    // bash {command, timeout?, workdir?}.
    write: (path, content) => ({ name: 'write', arguments: { filePath: path, content } }),
    shell: (command) => ({ name: 'bash', arguments: { command } }),
  },
};
