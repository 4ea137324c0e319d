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
  return {
    subject,
    async start(ctx) {
      const agentDir = join(ctx.dirs.harness, 'pi-agent');
      const sessions = join(ctx.dirs.harness, 'pi-sessions');
      mkdirSync(agentDir, { recursive: true });
      mkdirSync(sessions, { recursive: true });
      const user = o.userAgentDir ?? process.env.PI_CODING_AGENT_DIR ?? join(homedir(), '.pi', 'agent');
      if (o.modelsJson !== undefined)
        writeFileSync(join(agentDir, 'models.json'), JSON.stringify(o.modelsJson, null, 2));
      else if (existsSync(join(user, 'models.json')))
        copyFileSync(join(user, 'models.json'), join(agentDir, 'models.json'));
      const auth = existsSync(join(user, 'auth.json')) ? readFileSync(join(user, 'auth.json'), 'utf8') : undefined;
      if (auth !== undefined && o.modelsJson === undefined)
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
        ...hostEnv(),
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

function findJsonl(dir: string): string | undefined {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.jsonl')) return join(e.parentPath, e.name);
  }
  return undefined;
}
