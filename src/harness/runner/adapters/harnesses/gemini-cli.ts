import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelApi } from '../../../../bench/schema/model-traffic.ts';
import type { HarnessModel, HarnessSpec } from './types.ts';

// Gemini CLI (@google/gemini-cli, pinned in agents/gemini-cli) as this benchmark runs it. What the pinned bundle does,
// learned by running it against the scripted model in a `--network none` container (every socket it opened logged):
//
// - Endpoint: `GOOGLE_GEMINI_BASE_URL` is the base URL @google/genai puts before `/v1beta/models/<model>:<method>`
//   (core `createContentGenerator`: `httpOptions.baseUrl = process.env.GOOGLE_GEMINI_BASE_URL`). The key goes in the
//   `x-goog-api-key` header (`GEMINI_API_KEY_AUTH_MECHANISM` unset), never in the query.
// - Auth: with `GOOGLE_GEMINI_BASE_URL` set, `getAuthTypeFromEnv()` answers `gateway`, which headless
//   `validateAuthMethod` then rejects ("Invalid auth method selected.", exit 41). `security.auth.selectedType:
//   "gemini-api-key"` in settings.json takes precedence and still honours the base URL.
// - Requests: the main chat is `:streamGenerateContent?alt=sse` with the model given by `-m` (with `-m` the router's
//   classifier is skipped; without it, model "auto" first asks `gemini-3.5-flash-lite:generateContent` for a
//   `complexity_score` JSON). Other side requests, all `:generateContent` with a `responseJsonSchema` and no tools:
//   the next-speaker check (off by default: `model.skipNextSpeakerCheck` true), the loop detector (an LLM check after
//   many turns; the scripted model answers "no loop"), chat compression near the context limit, and the edit
//   corrector for `replace`. The scripted model answers each with neutral JSON without advancing the script.
// - Tools it declares (one `functionDeclarations` list, `parametersJsonSchema`): `write_file {file_path, content}`,
//   `run_shell_command {command, description?, dir_path?, is_background?, delay_ms?}` (runs `bash -c` in its own
//   process group; `setsid` leaves it, so the server role's launcher outlives the session), plus read_file, replace,
//   list_directory, glob, grep_search, web_fetch, google_web_search (a model request through the proxy), subagents…
// - Session log: `~/.gemini/tmp/<project name>/chats/session-<time>-<id>.jsonl` (the project name is the
//   workspace folder's basename, mapped in `~/.gemini/projects.json`), JSONL written as it goes: a header line, then
//   messages (a message is rewritten whole, same id, when its tool calls or tokens arrive) and `{"$set": …}` updates.
//   Older releases wrote one `session-*.json` document. The transcript is these lines, the untyped ones given a
//   `type` (`typedLines`).
// - Network: with the settings and env below, the only sockets it opened were to the base URL (no telemetry,
//   Clearcut usage statistics, update check, ripgrep download, IDE or extension traffic).
// - Timing (2 cores shared with other work, docker sandbox, scripted model): the first model request 1.7–4.7 s after
//   the trial's proxy started (container start and CLI start-up); a whole calibration trial (4 model turns, oracle
//   run, probe or reference) 3.1–7.9 s wall time.

/** Where the pinned package's entry point is, under the install folder. */
const ENTRY = 'node_modules/@google/gemini-cli/bundle/gemini.js';

/** Thinking levels: Gemini 3 models' `thinkingLevel` (set through a model-config override); `default` leaves the CLI's. */
const THINKING = ['default', 'low', 'high'] as const;

function settings(m: HarnessModel): unknown {
  // Setting names: the bundle's SETTINGS_SCHEMA (packages/cli/src/config/settingsSchema.ts), documented in
  // https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/configuration.md.
  return {
    general: {
      // "Enable automatic updates." / "Enable update notification prompts." (checkForUpdates returns early when the
      // notification setting is off: no npm registry query).
      enableAutoUpdate: false,
      enableAutoUpdateNotification: false,
      // "Enable session checkpointing for recovery": off, so no shadow git repository under ~/.gemini/history.
      checkpointing: { enabled: false },
    },
    // "Enable collection of usage statistics": the Clearcut logger, and the `x-gemini-api-privileged-user-id` header
    // on model requests (core createContentGenerator adds it only when this is on).
    privacy: { usageStatisticsEnabled: false },
    // OpenTelemetry off (also GEMINI_TELEMETRY_ENABLED=false below, which `resolveTelemetrySettings` reads first).
    telemetry: { enabled: false, logPrompts: false },
    // "Enable IDE integration mode": no IDE companion discovery or connection.
    ide: { enabled: false, hasSeenNudge: true },
    security: {
      // See the note on auth above: the API-key path with the proxy's base URL.
      auth: { selectedType: 'gemini-api-key' },
      // The container is throwaway: no folder-trust gate (else headless mode drops --yolo to "default" approvals).
      folderTrust: { enabled: false },
    },
    tools: {
      // "Sandbox execution environment": none of its own (the trial's container is the sandbox).
      sandbox: false,
      // No pty (node-pty's install script is denied in agents/gemini-cli/package.json): child_process shell.
      shell: { enableInteractiveShell: false },
    },
    // No MCP servers of its own (none configured; an empty allow-list keeps any discovered one out).
    mcp: { allowed: [] },
    // No extension or skill loading beyond the built-ins; no hooks.
    experimental: { extensionManagement: false, extensionConfig: false },
    skills: { enabled: false },
    hooksConfig: { enabled: false },
    // Memory relaunch off (it re-execs Node with --max-old-space-size; GEMINI_CLI_NO_RELAUNCH below skips it anyway).
    advanced: { autoConfigureMemory: false },
    model: { name: m.model },
    ...(m.thinking === 'default'
      ? {}
      : {
          modelConfigs: {
            customOverrides: [
              {
                match: { model: m.model },
                modelConfig: {
                  generateContentConfig: { thinkingConfig: { thinkingLevel: m.thinking.toUpperCase() } },
                },
              },
            ],
          },
        }),
  };
}

/**
 * Gemini CLI's session JSONL as transcript lines. Its messages (`"type": "user" | "gemini" | "info" | …`) pass byte for
 * byte; its control records carry no `type`, which every transcript line needs (`TranscriptEntrySchema`), so they
 * gain one and keep every field: the header (`{sessionId, projectHash, startTime, …, kind}`) becomes
 * `gemini-cli.session`, `{"$set": …}` updates `gemini-cli.set`, `{"$rewindTo": id}` `gemini-cli.rewind`. A line that
 * is not JSON (a session killed mid-write) is dropped.
 */
export function typedLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    const o = v as Record<string, unknown>;
    if (typeof o.type === 'string') out.push(line);
    else {
      const type =
        '$set' in o
          ? 'gemini-cli.set'
          : '$rewindTo' in o
            ? 'gemini-cli.rewind'
            : 'sessionId' in o
              ? 'gemini-cli.session'
              : 'gemini-cli.record';
      out.push(JSON.stringify({ type, ...o }));
    }
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

export const geminiCliSpec: HarnessSpec = {
  name: 'gemini-cli',
  packageName: '@google/gemini-cli',
  folder: 'agents/gemini-cli',
  // Only the Gemini API: Vertex AI would need Google credentials and its own paths, Code Assist an OAuth login.
  apiFor: (provider): ModelApi | undefined => (provider === 'google' ? 'gemini-generate' : undefined),
  scriptedApi: 'gemini-generate',
  thinking: THINKING,
  setup(m, dirs) {
    return {
      env: {
        // @google/genai's endpoint and key (see above); the key is the proxy's per-trial dummy.
        GOOGLE_GEMINI_BASE_URL: m.baseUrl,
        GEMINI_API_KEY: m.key,
        // packages/cli/index.ts: no child re-launch (one process to time, signal and clean up).
        GEMINI_CLI_NO_RELAUNCH: 'true',
        // packages/cli/src/config/sandboxConfig.ts: no docker/podman/seatbelt sandbox of its own.
        GEMINI_SANDBOX: 'false',
        // packages/core/src/telemetry/config.ts (resolveTelemetrySettings): env wins over settings.
        GEMINI_TELEMETRY_ENABLED: 'false',
        // packages/core/src/utils/trust.ts checkPathTrust: the workspace is trusted (docs/cli/trusted-folders.md,
        // "Headless and automated environments"; `--skip-trust` below sets the same).
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        // packages/cli/src/config/config.ts: never try to open a browser (OAuth flows).
        NO_BROWSER: 'true',
      },
      files: [
        { path: join(dirs.home, '.gemini', 'settings.json'), content: `${JSON.stringify(settings(m), null, 2)}\n` },
      ],
    };
  },
  command(m, pkgDir, message) {
    return {
      // The sandbox's Node (the host's Node folder is mounted at the same path and first on PATH).
      cmd: 'node',
      args: [
        join(pkgDir, ENTRY),
        // Headless one-shot prompt; every tool call approved; no trust prompt; the model asked for.
        '--prompt',
        message,
        '--approval-mode',
        'yolo',
        '--skip-trust',
        '--model',
        m.model,
        // One JSON event per line on stdout (init, messages, tool calls and results, result with stats): the log.
        '--output-format',
        'stream-json',
      ],
    };
  },
  transcript(dirs) {
    const tmp = join(dirs.home, '.gemini', 'tmp');
    if (!existsSync(tmp)) return undefined;
    const logs: string[] = [];
    for (const project of readdirSync(tmp)) {
      const chats = join(tmp, project, 'chats');
      if (!existsSync(chats) || !statSync(chats).isDirectory()) continue;
      for (const f of readdirSync(chats))
        if (/^session-.*\.jsonl?$/.test(f) && !f.includes('.tmp')) logs.push(join(chats, f));
    }
    // One headless session; subagents may write logs of their own beside it (their header's `kind` is not "main"):
    // the main session's log, the largest if several claim it.
    const isMain = (f: string) =>
      !f.endsWith('.jsonl') || /"kind":"main"/.test(readFileSync(f, 'utf8').split('\n', 1)[0]!);
    const main = logs.sort((a, b) => Number(isMain(b)) - Number(isMain(a)) || statSync(b).size - statSync(a).size)[0];
    if (!main) return undefined;
    const text = readFileSync(main, 'utf8');
    if (main.endsWith('.jsonl')) return typedLines(text) || undefined;
    try {
      return `${JSON.stringify({ type: 'gemini-cli.session', document: JSON.parse(text) as unknown })}\n`;
    } catch {
      return undefined;
    }
  },
  tools: {
    write: (path, content) => ({ name: 'write_file', arguments: { file_path: path, content } }),
    shell: (command) => ({ name: 'run_shell_command', arguments: { command } }),
  },
};
