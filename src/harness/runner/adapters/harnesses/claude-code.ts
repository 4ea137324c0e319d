import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RunnerInputError } from '../../../errors.ts';
import { shq } from '../../env.ts';
import type { HarnessSpec } from './types.ts';

/**
 * Claude Code (`@anthropic-ai/claude-code`, pinned in agents/claude-code). What 2.1.337 does, as observed against the
 * scripted model in a loopback-only network namespace with every request logged:
 *
 * - Requests: only `POST <ANTHROPIC_BASE_URL>/v1/messages?beta=true`, streamed (`stream: true`, `max_tokens` 32000,
 *   adaptive `thinking`, `output_config.effort`), one per assistant turn. For a model id it does not know (the
 *   scripted `oracle-script`) the conversation carries a `system`-role message after the first user message (its
 *   environment block), which is not an assistant turn. The tools offered are Agent, Bash, Edit, ListAgents, Read,
 *   ReportFindings, ScheduleWakeup, Skill, ToolSearch, Workflow, DeferredToolPlaceholder and Write (others deferred
 *   behind ToolSearch).
 * - Side requests: none in a `-p` session with the switches below. Without them it sends `HEAD <base>/api/hello` (a
 *   connection warm-up) and opens three connections of its own to `api.anthropic.com` whatever the base URL (seen as
 *   CONNECTs through a logging HTTPS proxy); `CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC` alone stops all of it.
 *   Anything it might still send without tools (titles, quota probes) or to `/v1/messages/count_tokens` gets a short
 *   answer from the scripted API that does not advance the script (`scripted-model/anthropic-messages.ts`).
 * - Session log: `~/.claude/projects/<cwd, every non-alphanumeric character as '-'>/<session uuid>.jsonl`, JSONL with
 *   a `type` on every line (user/assistant messages, attachments, request shapes, cost state); no key value in it.
 * - As root (the docker sandbox's user) `--permission-mode bypassPermissions` exits 1 ("cannot be used with root/sudo
 *   privileges") unless `IS_SANDBOX=1` (https://github.com/anthropics/claude-code/issues/3490).
 * - Write takes `file_path` "absolute"; a relative one is resolved against the working directory and succeeds ("File
 *   created successfully at: start.sh"), which the oracle script relies on: the workspace path is not known when the
 *   script is built.
 */
export const claudeCode: HarnessSpec = {
  name: 'claude-code',
  packageName: '@anthropic-ai/claude-code',
  folder: 'agents/claude-code',
  // Its own vendor's API only: Bedrock, Vertex and Foundry speak other protocols the proxy does not forward.
  apiFor: (provider) => (provider === 'anthropic' ? 'anthropic-messages' : undefined),
  scriptedApi: 'anthropic-messages',
  // `--effort <level>` (claude --help: "Effort level for the current session (low, medium, high, xhigh, max)").
  thinking: ['default', 'low', 'medium', 'high', 'xhigh', 'max'],
  setup(m, { home }) {
    const keyFile = join(home, '.claude', 'mcpfs-proxy-key');
    return {
      env: {
        // The proxy (https://code.claude.com/docs/en/env-vars: ANTHROPIC_BASE_URL). Its dummy key is not passed as
        // ANTHROPIC_API_KEY: every command the Bash tool runs inherits Claude Code's environment (observed: `env`
        // printed ANTHROPIC_API_KEY=…), so an agent's `env` would copy the key, a canary, into its transcript. The
        // settings' apiKeyHelper hands it over instead (below).
        ANTHROPIC_BASE_URL: m.baseUrl,
        // Every request not needed to work: telemetry, error reporting, auto-updates, release notes, feature flags,
        // model capabilities, the /api/hello warm-up (https://code.claude.com/docs/en/env-vars; observed above).
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        // The individual switches it stands for, set too so each stays off should the umbrella ever narrow
        // (https://code.claude.com/docs/en/env-vars: "Equivalent of setting DISABLE_AUTOUPDATER, DISABLE_BUG_COMMAND,
        // DISABLE_ERROR_REPORTING, and DISABLE_TELEMETRY").
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_BUG_COMMAND: '1',
        // Session-quality surveys and cost warnings (https://code.claude.com/docs/en/env-vars).
        CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
        DISABLE_COST_WARNINGS: '1',
        // The trial's sandbox is a throwaway container: lets bypassPermissions run as root (see above).
        IS_SANDBOX: '1',
        // One trial, one model: the subject's model is what every request asks for. Without these, a retired id is
        // silently remapped to a newer one (observed: claude-opus-4-1 was sent as another model; the binary's own
        // notice: "CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP=1 opts out"), an inaccessible model falls back along a
        // ladder of others, and background work and subagents use the haiku/sonnet/opus aliases' models
        // (https://code.claude.com/docs/en/model-config: ANTHROPIC_DEFAULT_*_MODEL, CLAUDE_CODE_SUBAGENT_MODEL), which
        // the proxy would price as the subject's.
        CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP: '1',
        CLAUDE_CODE_DISABLE_MODEL_ACCESS_FALLBACK: '1',
        ANTHROPIC_DEFAULT_HAIKU_MODEL: m.model,
        ANTHROPIC_DEFAULT_SONNET_MODEL: m.model,
        ANTHROPIC_DEFAULT_OPUS_MODEL: m.model,
        ANTHROPIC_DEFAULT_FABLE_MODEL: m.model,
        CLAUDE_CODE_SUBAGENT_MODEL: m.model,
      },
      files: [
        { path: keyFile, content: m.key, mode: 0o600 },
        // https://code.claude.com/docs/en/settings, apiKeyHelper: "Custom script, to be executed in /bin/sh, to
        // generate an auth value. This value will be sent as X-Api-Key and Authorization: Bearer headers for model
        // requests". User settings are read in `-p` without a trust prompt; the key stays out of the tools' env.
        {
          path: join(home, '.claude', 'settings.json'),
          content: `${JSON.stringify({ apiKeyHelper: `cat ${shq(keyFile)}` }, null, 2)}\n`,
        },
      ],
    };
  },
  command(m, pkgDir, message) {
    const args = [
      '-p',
      message,
      '--output-format',
      'stream-json',
      // stream-json in print mode requires --verbose (it refuses otherwise).
      '--verbose',
      '--model',
      m.model,
      // No approvals: every tool call runs (the sandbox is the boundary).
      '--permission-mode',
      'bypassPermissions',
    ];
    if (m.thinking !== 'default') args.push('--effort', m.thinking);
    return { cmd: nativeBinary(pkgDir), args };
  },
  transcript({ home }) {
    const projects = join(home, '.claude', 'projects');
    if (!existsSync(projects)) return undefined;
    // One session per trial; should there be more (a resumed or forked one), all of them in the order written.
    const files = readdirSync(projects, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(projects, d.name))
          .filter((f) => f.endsWith('.jsonl'))
          .map((f) => join(projects, d.name, f)),
      )
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    const text = files
      .map((f) => readFileSync(f, 'utf8').trim())
      .filter(Boolean)
      .join('\n');
    return text ? `${text}\n` : undefined;
  },
  tools: {
    // Write {file_path, content}; relative paths resolve against the workspace (see above).
    write: (path, content) => ({ name: 'Write', arguments: { file_path: path, content } }),
    // Bash {command, description?, timeout?, run_in_background?}: waits for the command, up to `timeout` ms (default
    // 120000; 600000, the most it takes for a foreground command, so a slow oracle client is never cut short).
    shell: (command) => ({
      name: 'Bash',
      arguments: { command, description: 'Run a shell command', timeout: 600_000 },
    }),
  },
};

/**
 * The platform's native binary, run straight from its optional-dependency package: the wrapper's postinstall (which
 * only copies it over the `bin/claude.exe` placeholder) is denied in agents/claude-code/package.json. The sandbox is
 * glibc Linux on the host's architecture.
 */
export function nativeBinary(pkgDir: string): string {
  const pkg = `@anthropic-ai/claude-code-linux-${process.arch}`;
  const bin = join(pkgDir, 'node_modules', pkg, 'claude');
  if (!existsSync(bin))
    throw new RunnerInputError(
      `${pkgDir}: ${pkg}/claude is missing (Claude Code ships no native binary for this platform, or it is not installed)`,
      'run `npm run agents:install` on a glibc Linux x64 or arm64 host',
    );
  return bin;
}
