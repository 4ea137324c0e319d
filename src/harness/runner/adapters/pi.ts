import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Subject } from '../../../bench/schema/subject.ts';
import { TRIAL_MARKER } from '../../os/procs.ts';
import { RunnerInputError } from '../../errors.ts';
import { piNoReplyReason, piSessionUsage, redact, secretValues } from './pi-session.ts';
import { compileCacheEnv, hostEnv, spawnSubject, writeShellWrapper } from './spawn.ts';
import type { Adapter } from './types.ts';
import type { ModelApi } from '../../../bench/schema/model-traffic.ts';
import { KEY_VARIABLES } from '../../model-proxy/routes.ts';
import { proxyBase } from './proxy-base.ts';

export const PI_THINKING = ['off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
/** What pi is told; the task itself is only in `TASK.md`, so every harness gets the same words. */
export const PI_MESSAGE = 'Your task is described in TASK.md in the current directory. Read it and complete it.';

const require = createRequire(import.meta.url);
/** The package folder, found along Node's module search paths (its `exports` hide package.json from resolve). */
const PKG_DIR =
  (require.resolve.paths('@earendil-works/pi-coding-agent') ?? [])
    .map((p) => join(p, '@earendil-works/pi-coding-agent'))
    .find((p) => existsSync(join(p, 'package.json'))) ??
  join(process.cwd(), 'node_modules/@earendil-works/pi-coding-agent');
const PKG = join(PKG_DIR, 'package.json');
/** Installed pi version and CLI entry (pinned in package.json). */
export const PI_VERSION = (JSON.parse(readFileSync(PKG, 'utf8')) as { version: string }).version;
const PI_CLI = join(PKG_DIR, 'dist/bundle/cli.js');

export interface PiOptions {
  /** `provider/model-id` as pi names it. */
  model: string;
  thinking: string;
  /** Override the subject (calibration runs); default `agent/pi@<version>/<provider>/<model>/<thinking>`. */
  subject?: Subject;
  /** `models.json` for pi's private agent dir (the scripted model); default: the user's, if any. */
  modelsJson?: unknown;
  /** The user's pi agent dir, for `auth.json` / `models.json` (default `$PI_CODING_AGENT_DIR` or `~/.pi/agent`). */
  userAgentDir?: string;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9@._+-]/g, '-');

export function piSubject(model: string, thinking: string): Subject {
  const slash = model.indexOf('/');
  if (slash <= 0 || slash === model.length - 1)
    throw new RunnerInputError(
      `--model "${model}": expected provider/model-id`,
      'e.g. --model anthropic/claude-sonnet-5',
    );
  if (!(PI_THINKING as readonly string[]).includes(thinking))
    throw new RunnerInputError(`--thinking "${thinking}": unknown level`, `one of ${PI_THINKING.join(', ')}`);
  const provider = model.slice(0, slash);
  const id = model.slice(slash + 1);
  return {
    kind: 'agent',
    id: `agent/pi@${PI_VERSION}/${safe(provider)}/${safe(id)}/${thinking}`,
    label: `pi ${PI_VERSION} · ${model} · ${thinking}`,
    harness: 'pi',
    harnessVersion: PI_VERSION,
    provider,
    model: id,
    thinking,
  };
}

/**
 * pi's command line for one non-interactive session: the four tools, nothing loaded from the user's machine (no MCP,
 * extensions, skills, context files, prompt templates or themes), no approvals, offline. Tests run pi the same way.
 */
export function piArgs(sessionDir: string, model: string, thinking: string, message: string): string[] {
  return [
    PI_CLI,
    '-p',
    '--session-dir',
    sessionDir,
    '--model',
    model,
    '--thinking',
    thinking,
    '--tools',
    'read,write,edit,bash',
    '--no-mcp',
    '--no-extensions',
    '--no-skills',
    '--no-context-files',
    '--no-prompt-templates',
    '--no-themes',
    '--no-approve',
    '--offline',
    '--',
    message,
  ];
}

/**
 * pi, headless (`-p`), with exactly the tools read, write, edit, bash and nothing else (no MCP, extensions, skills,
 * prompt templates, context files, project settings). pi itself runs outside the sandbox (it talks to the model);
 * its bash runs inside through `shellPath`, a wrapper that enters the sandbox with the allow-listed env only.
 * Its session JSONL becomes the transcript (secrets redacted) and the source of usage.
 */
export function piAdapter(o: PiOptions): Adapter {
  const subject = o.subject ?? piSubject(o.model, o.thinking);
  // A real provider goes through the trial's model proxy (usage measured there); a given models.json (the scripted
  // model) is the caller's own wiring.
  const proxied = o.modelsJson === undefined ? piProxyApi(o.model) : undefined;
  return {
    subject,
    ...(proxied ? { model: {} } : {}),
    async start(ctx) {
      const agentDir = join(ctx.dirs.harness, 'pi-agent');
      const sessions = join(ctx.dirs.harness, 'pi-sessions');
      mkdirSync(agentDir, { recursive: true });
      mkdirSync(sessions, { recursive: true });
      const user = o.userAgentDir ?? process.env.PI_CODING_AGENT_DIR ?? join(homedir(), '.pi', 'agent');
      const auth = existsSync(join(user, 'auth.json')) ? readFileSync(join(user, 'auth.json'), 'utf8') : undefined;
      if (o.modelsJson !== undefined)
        writeFileSync(join(agentDir, 'models.json'), JSON.stringify(o.modelsJson, null, 2));
      else if (proxied && ctx.model) {
        // The provider's endpoint becomes the proxy and its key the trial's dummy one; the user's auth.json stays home
        // (the proxy holds the real key).
        const userModels = existsSync(join(user, 'models.json'))
          ? (JSON.parse(readFileSync(join(user, 'models.json'), 'utf8')) as { providers?: Record<string, object> })
          : {};
        const provider = o.model.slice(0, o.model.indexOf('/'));
        const providers = { ...userModels.providers };
        providers[provider] = {
          ...providers[provider],
          baseUrl: piProxyBase(ctx.model.origin, proxied),
          apiKey: ctx.model.key,
        };
        writeFileSync(join(agentDir, 'models.json'), JSON.stringify({ ...userModels, providers }, null, 2));
      } else if (existsSync(join(user, 'models.json')))
        copyFileSync(join(user, 'models.json'), join(agentDir, 'models.json'));
      if (auth !== undefined && o.modelsJson === undefined && !proxied)
        writeFileSync(join(agentDir, 'auth.json'), auth, { mode: 0o600 });
      const shell = writeShellWrapper(ctx);

      writeFileSync(
        join(agentDir, 'settings.json'),
        JSON.stringify(
          { shellPath: shell, quietStartup: true, enableInstallTelemetry: false, defaultThinkingLevel: o.thinking },
          null,
          2,
        ),
      );
      const args = piArgs(sessions, o.model, o.thinking, PI_MESSAGE);
      const env = {
        ...(proxied ? withoutKeys(hostEnv()) : hostEnv()),
        [TRIAL_MARKER]: ctx.vars[TRIAL_MARKER]!,
        PI_CODING_AGENT_DIR: agentDir,
        PI_OFFLINE: '1',
        PI_SKIP_VERSION_CHECK: '1',
        PI_TELEMETRY: '0',
        // pi runs on the host, so the cache is ours; its bash enters the sandbox with the allow-listed env only.
        ...compileCacheEnv(),
      };
      const run = await spawnSubject(ctx, process.execPath, args, {
        mode: 'session',
        inside: false,
        env,
        log: 'pi.log',
      });
      return {
        ...run,
        finish: async () => {
          const file = findJsonl(sessions);
          const secrets = secretValues(process.env, auth);
          const transcript = file ? redact(readFileSync(file, 'utf8'), secrets) : undefined;
          const log = redact(readFileSync(join(ctx.dirs.harness, 'pi.log'), 'utf8'), secrets);
          const infraReason = piNoReplyReason(transcript, log);
          return { transcript, usage: transcript ? piSessionUsage(transcript) : undefined, infraReason };
        },
      };
    },
  };
}

/** The API pi speaks to a provider the proxy serves (its built-in providers with their own endpoints). */
const PI_PROVIDER_APIS: Record<string, ModelApi> = {
  anthropic: 'anthropic-messages',
  openai: 'openai-responses',
  google: 'gemini-generate',
};

function piProxyApi(model: string): ModelApi {
  const provider = model.slice(0, model.indexOf('/'));
  const api = PI_PROVIDER_APIS[provider];
  if (!api)
    throw new RunnerInputError(
      `--model "${model}": pi's provider "${provider}" does not go through the model proxy`,
      `one of ${Object.keys(PI_PROVIDER_APIS).join(', ')} (the proxy measures usage and keeps the key out of the trial)`,
    );
  return api;
}

/** pi's built-in base URLs keep their own path shape: Anthropic's origin, OpenAI's `/v1`, Gemini's `/v1beta`. */
function piProxyBase(origin: string, api: ModelApi): string {
  if (api === 'gemini-generate') return `${origin}/gemini/v1beta`;
  return proxyBase(origin, api);
}

/** The host env without the provider keys: pi reaches its model through the proxy, which alone holds them. */
function withoutKeys(env: Record<string, string>): Record<string, string> {
  const keys = new Set(Object.values(KEY_VARIABLES).flat());
  return Object.fromEntries(Object.entries(env).filter(([k]) => !keys.has(k)));
}

function findJsonl(dir: string): string | undefined {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.jsonl')) return join(e.parentPath, e.name);
  }
  return undefined;
}
