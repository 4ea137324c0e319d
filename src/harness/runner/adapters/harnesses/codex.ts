import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shq } from '../../env.ts';
import type { HarnessModel, HarnessSpec } from './types.ts';

/**
 * Where Codex keeps its config, sessions and state: `$CODEX_HOME`, default `~/.codex`
 * (developers.openai.com/codex/config-basic). Set explicitly so nothing depends on how HOME resolves.
 */
const codexHome = (home: string) => join(home, '.codex');

/** The env var holding the per-trial dummy key; the provider's `env_key` names it (never a real credential). */
const KEY_VAR = 'MCPFS_MODEL_KEY';

const toml = (s: string) => JSON.stringify(s); // a TOML basic string is a JSON string for the characters we write

/**
 * `$CODEX_HOME/config.toml` for one session. Every switch is checked by running `codex exec --strict-config` (unknown
 * keys are an error, so a renamed key fails the run instead of silently turning a switch back on) and the network by
 * `strace -f -e connect,sendto` of a whole session: with this file the only connection is the proxy's; without it,
 * Codex 0.171.0 resolved github.com, api.github.com, chatgpt.com and ab.chatgpt.com. Keys: the config reference
 * (developers.openai.com/codex/config-reference) and the binary's own schema (codex-rs/core/config.schema.json).
 */
export function codexConfig(m: HarnessModel): string {
  const lines = [
    `model = ${toml(m.model)}`,
    // A provider of our own: the built-in `openai` one would try ChatGPT login, its model catalog and websockets.
    'model_provider = "mcpfs"',
    // `thinking` = `model_reasoning_effort` (sent as `reasoning.effort`); `default` leaves the model's own default.
    ...(m.thinking === 'default' ? [] : [`model_reasoning_effort = ${toml(m.thinking)}`]),
    // No approvals and no Codex sandbox (landlock/bwrap): the trial's container is the sandbox. Same as the
    // --dangerously-bypass-approvals-and-sandbox flag on the command line; kept here so the file says it too.
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    // Update check on startup (config reference: `check_for_update_on_startup`).
    'check_for_update_on_startup = false',
    // The hosted `web_search` tool (`{"type":"web_search","external_web_access":true}` in the request otherwise).
    'web_search = "disabled"',
    '',
    // Analytics events (config reference `analytics.enabled`; the request's turn metadata then says
    // `"analytics_enabled":false`). With it on, Codex resolves ab.chatgpt.com.
    '[analytics]',
    'enabled = false',
    '',
    // `/feedback` uploads (config reference `feedback.enabled`).
    '[feedback]',
    'enabled = false',
    '',
    // OpenTelemetry logs, traces and metrics exporters (config reference `otel.*`): none. The metrics exporter's
    // default sends to ab.chatgpt.com (strace: gone with either this or `analytics.enabled = false`).
    '[otel]',
    'exporter = "none"',
    'trace_exporter = "none"',
    'metrics_exporter = "none"',
    'log_user_prompt = false',
    '',
    // The dummy key reaches Codex through its env, and Codex passes its env on to the commands it runs: an agent's
    // `env` would print the key (a canary: it must not turn up in the transcript). Config reference
    // `shell_environment_policy.exclude`; checked: `env` in exec_command then shows every variable but this one.
    '[shell_environment_policy]',
    `exclude = [${toml(KEY_VAR)}]`,
    '',
    // `codex features list` names these; each reaches past the proxy when on.
    '[features]',
    // Plugin marketplace sync: `git clone https://github.com/openai/plugins.git`, api.github.com, chatgpt.com.
    'plugins = false',
    'remote_plugin = false',
    // ChatGPT apps/connectors (chatgpt.com).
    'apps = false',
    // Model list fetch for API-key users (the brief's "model-list fetches off").
    'api_key_model_discovery = false',
    // Tool suggestions from the plugin/app directory; installing a skill's MCP dependencies (npm, network).
    'tool_suggest = false',
    'skill_mcp_dependency_install = false',
    // The shared background app-server daemon (it would outlive the session) and in-app self-updates.
    'daemon_auto_start = false',
    'in_app_updates = false',
    // On by default: a refused connection is retried forever ("Reconnecting... waiting for network"), so an
    // unreachable proxy would hold the session to its time limit. Off, Codex gives up after its bounded retries
    // (checked: 5 reconnects, then exit 1 with "Connection failed", ~28 s); HTTP errors keep the default retries.
    'unbounded_connection_retries = false',
    // Hosted image generation and browser/computer use: services outside the sandbox.
    'image_generation = false',
    'browser_use = false',
    'computer_use = false',
    '',
    // The proxy, speaking the Responses API (the only wire API this version has: `wire_api = "chat"` is refused).
    '[model_providers.mcpfs]',
    'name = "mcpfs"',
    `base_url = ${toml(m.baseUrl)}`,
    `env_key = ${toml(KEY_VAR)}`,
    'wire_api = "responses"',
    // Plain HTTP + SSE to the proxy, which records each exchange (no websocket transport).
    'supports_websockets = false',
  ];
  return `${lines.join('\n')}\n`;
}

/** Session logs: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl` (one per thread). */
function rollouts(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...rollouts(p));
    else if (e.isFile() && e.name.startsWith('rollout-') && e.name.endsWith('.jsonl')) out.push(p);
  }
  return out;
}

/**
 * A heredoc delimiter no line of `content` equals, so the file is written verbatim whatever it holds.
 */
function delimiter(content: string): string {
  const lines = new Set(content.split('\n'));
  let d = 'MCPFS_EOF';
  while (lines.has(d)) d += '_';
  return d;
}

/**
 * OpenAI's Codex CLI (Rust; npm `@openai/codex`, whose `bin/codex.js` execs the binary of the platform package
 * `@openai/codex-linux-x64` = `npm:@openai/codex@<v>-linux-x64`, an optionalDependency: no install script).
 *
 * Learned by running 0.171.0 against the scripted model (host and container):
 * - Requests: only `POST <base_url>/responses`, streamed (`stream: true`, `store: false`, the whole conversation in
 *   `input`, our earlier output items replayed with their ids). No side requests in `codex exec`: no title, no
 *   `/models`, no token counting, no `/responses/compact` for a short session (remote compaction only near the
 *   context window). A model id Codex does not know gets its fallback metadata (an `error` item in the JSON events
 *   saying so, harmless) and the plain function tools; a known one (e.g. `gpt-6.2-sol`) gets "code mode": the tools
 *   move into an `additional_tools` input item and the model calls a freeform `exec` tool running JavaScript.
 * - Tools offered with the fallback metadata: `exec_command` `{cmd, workdir?, yield_time_ms?, tty?, login?, shell?,
 *   …}` (runs `/bin/bash -lc <cmd>`, pipes unless `tty`), `write_stdin`, `request_user_input`, `view_image`, the
 *   `multi_agent_v1` namespace, `get_goal`/`create_goal`/`update_goal`. No apply_patch and no file-write tool, so the
 *   scripted write is `exec_command` with a quoted heredoc.
 * - `exec_command` yields after `yield_time_ms` (default 10 s, at most 30 s) with a session id if the command still
 *   runs; the scripted calls ask for the 30 s. A `setsid nohup … &` child outlives the session (checked).
 * - `bash -l` reads /etc/profile, which resets PATH (Debian: /usr/local/sbin:/usr/local/bin:…): the sandbox image's
 *   Node is /usr/local/bin/node, so `node` stays Node 24 in the container.
 * - With HOME under /tmp Codex warns it will not create its PATH helper aliases ("Refusing to create helper binaries
 *   under temporary dir"), and says "Reading additional input from stdin..." though stdin is closed: both harmless.
 * - Session log: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`, JSONL (`session_meta`, `response_item`,
 *   `event_msg`, `turn_context`, `token_usage_record`, …); SQLite state beside it (`state_5.sqlite`, …) is not read.
 */
export const codex: HarnessSpec = {
  name: 'codex',
  packageName: '@openai/codex',
  folder: 'agents/codex',
  // Codex speaks only the Responses API to a custom provider; OpenAI's is the one the proxy forwards it to.
  apiFor: (provider) => (provider === 'openai' ? 'openai-responses' : undefined),
  scriptedApi: 'openai-responses',
  // `model_reasoning_effort`: the config reference lists minimal, low, medium, high, xhigh; this build also sends
  // none, and its bundled model catalog offers max and ultra on some models.
  thinking: ['default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max', 'ultra'],
  setup(m, dirs) {
    return {
      env: { CODEX_HOME: codexHome(dirs.home), [KEY_VAR]: m.key },
      files: [{ path: join(codexHome(dirs.home), 'config.toml'), content: codexConfig(m) }],
    };
  },
  command(_m, pkgDir, message) {
    return {
      cmd: 'node',
      args: [
        join(pkgDir, 'node_modules', '@openai', 'codex', 'bin', 'codex.js'),
        'exec',
        // Unknown config keys are an error rather than ignored (see codexConfig).
        '--strict-config',
        // The workspace is not a git repository.
        '--skip-git-repo-check',
        // No approval prompts, no Codex sandbox: the container is the sandbox (the flag's documented purpose).
        '--dangerously-bypass-approvals-and-sandbox',
        // Events as JSONL on stdout (the harness log), no colour codes.
        '--json',
        '--color',
        'never',
        message,
      ],
    };
  },
  transcript(dirs) {
    const files = rollouts(join(codexHome(dirs.home), 'sessions')).sort();
    if (files.length === 0) return undefined;
    // One file per thread (sub-agents get their own), in start order; each is JSONL already.
    return files.map((f) => readFileSync(f, 'utf8').replace(/\n?$/, '\n')).join('');
  },
  tools: {
    write: (path, content) => {
      const d = delimiter(content);
      const body = content.endsWith('\n') ? content : `${content}\n`;
      return {
        name: 'exec_command',
        arguments: { cmd: `cat > ${shq(path)} <<'${d}'\n${body}${d}`, yield_time_ms: 30000 },
      };
    },
    shell: (command) => ({ name: 'exec_command', arguments: { cmd: command, yield_time_ms: 30000 } }),
  },
};
