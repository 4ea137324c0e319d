import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ModelApi } from '../../../bench/schema/model-traffic.ts';
import type { Subject } from '../../../bench/schema/subject.ts';
import { InfraError, RunnerInputError } from '../../errors.ts';
import { projectRoot } from '../../io/paths.ts';
import type { ScriptedTurn } from '../scripted-model/types.ts';
import type { RoleDriver } from '../../roles/types.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { oracleLaunch } from './pi-scripted.ts';
import { PI_MESSAGE } from './pi.ts';
import { spawnSubject } from './spawn.ts';
import { proxyBase } from './proxy-base.ts';

export { proxyBase };
import type { Adapter } from './types.ts';
import { harnessVersion } from './harnesses/registry.ts';
import type { HarnessModel, HarnessSpec } from './harnesses/types.ts';

const safe = (s: string) => s.replace(/[^A-Za-z0-9@._+-]/g, '-');

export interface HarnessAdapterOptions {
  /** `provider/model-id`. */
  model: string;
  /** Thinking level as the harness names it (`default`: the harness's own). */
  thinking?: string;
  /** Calibration: the scripted model's turns instead of a provider. */
  scripted?: readonly ScriptedTurn[];
  /** Override the subject (calibration). */
  subject?: Subject;
  /** Project root (default: this checkout). */
  root?: string;
}

/** `agent/<harness>@<version>/<provider>/<model>/<thinking>`, as pi's subjects are named. */
export function harnessSubject(spec: HarnessSpec, version: string, model: string, thinking: string): Subject {
  const slash = model.indexOf('/');
  if (slash <= 0 || slash === model.length - 1)
    throw new RunnerInputError(
      `--model "${model}": expected provider/model-id`,
      'e.g. --model anthropic/claude-sonnet-5',
    );
  const provider = model.slice(0, slash);
  const id = model.slice(slash + 1);
  return {
    kind: 'agent',
    id: `agent/${spec.name}@${version}/${safe(provider)}/${safe(id)}/${safe(thinking)}`,
    label: `${spec.name} ${version} · ${model} · ${thinking}`,
    harness: spec.name,
    harnessVersion: version,
    provider,
    model: id,
    thinking,
  };
}

/**
 * One of the popular coding agents, run *inside* the trial's sandbox (its tools then act on the sandbox only) from
 * its pinned install folder, mounted read-only. It reaches its model only through the trial's proxy, with a dummy
 * key; its session log is the transcript. Usage is the proxy's (measured), never the harness's own count.
 */
export function harnessAdapter(spec: HarnessSpec, o: HarnessAdapterOptions): Adapter {
  const root = o.root ?? projectRoot();
  const pkgDir = resolve(root, spec.folder);
  const version = harnessVersion(spec, root);
  const thinking = o.thinking ?? 'default';
  if (!spec.thinking.includes(thinking))
    throw new RunnerInputError(`--thinking "${thinking}": ${spec.name} knows`, spec.thinking.join(', '));
  const subject = o.subject ?? harnessSubject(spec, version, o.model, thinking);
  const provider = o.model.slice(0, o.model.indexOf('/'));
  const api = o.scripted ? spec.scriptedApi : spec.apiFor(provider);
  if (!api)
    throw new RunnerInputError(
      `--model "${o.model}": ${spec.name} cannot use provider "${provider}" through the model proxy`,
      'see agents/README.md for the providers each harness takes',
    );
  return {
    subject,
    mounts: [pkgDir],
    model: { scripted: o.scripted, modelId: o.model.slice(o.model.indexOf('/') + 1), keyInside: true },
    // The scripted run writes the oracle's launcher, which runs this project's code.
    ...(o.scripted ? { usesProject: true } : {}),
    async start(ctx) {
      if (!ctx.model) throw new InfraError(`${spec.name}: the trial has no model proxy`);
      if (!harnessInstalled(spec, root))
        throw new InfraError(`${spec.folder}: ${spec.packageName} is not installed (run \`npm run agents:install\`)`);
      const m: HarnessModel = {
        provider,
        model: o.model.slice(o.model.indexOf('/') + 1),
        thinking,
        api,
        baseUrl: proxyBase(ctx.model.origin, api),
        key: ctx.model.key,
      };
      const dirs = { home: ctx.dirs.home, tmp: ctx.dirs.tmp, workspace: ctx.dirs.dir };
      const setup = spec.setup(m, dirs);
      for (const f of setup.files) {
        mkdirSync(dirname(f.path), { recursive: true });
        writeFileSync(f.path, f.content, { mode: f.mode ?? 0o644 });
      }
      const c = spec.command(m, pkgDir, PI_MESSAGE);
      const run = await spawnSubject(ctx, c.cmd, c.args, {
        mode: 'session',
        env: { ...ctx.env, ...setup.env },
        log: `${spec.name}.log`,
      });
      return {
        ...run,
        finish: async () => {
          const transcript = spec.transcript(dirs);
          return transcript === undefined ? {} : { transcript };
        },
      };
    },
  };
}

/** The install folder's package is there (else: `npm run agents:install`). */
export function harnessInstalled(spec: HarnessSpec, root = projectRoot()): boolean {
  return existsSync(join(root, spec.folder, 'node_modules', spec.packageName, 'package.json'));
}

/**
 * The scripted model's plan with a harness's own tools: read the task, write the oracle's launcher, run it
 * (`oracleLaunch`: a server is left running and listening), then say it is done.
 */
export function harnessOracleScript(spec: HarnessSpec, driver: RoleDriver, scenario: Scenario): ScriptedTurn[] {
  const { script, run } = oracleLaunch(driver, scenario);
  return [
    { text: 'Reading the task.', toolCalls: [spec.tools.shell('cat TASK.md')] },
    { toolCalls: [spec.tools.write('start.sh', script)] },
    { toolCalls: [spec.tools.shell(run)] },
    { text: 'Done.' },
  ];
}

/** `calibration/<harness>+scripted-model`: the harness's real binary driven by the scripted model (not a model result). */
export function scriptedHarnessSubject(spec: HarnessSpec, version: string): Subject {
  return {
    kind: 'calibration',
    id: `calibration/${spec.name}+scripted-model`,
    label: `${spec.name} ${version} driven by a scripted model (calibration, not a model result)`,
    harness: spec.name,
    harnessVersion: version,
    provider: 'mcpfs-scripted',
    model: 'oracle-script',
    thinking: 'default',
  };
}

/** The harness + the scripted model writing the oracle's solution with the harness's own tools. */
export function scriptedHarnessAdapter(
  spec: HarnessSpec,
  driver: RoleDriver,
  scenario: Scenario,
  root = projectRoot(),
): Adapter {
  return harnessAdapter(spec, {
    model: 'mcpfs-scripted/oracle-script',
    scripted: harnessOracleScript(spec, driver, scenario),
    subject: scriptedHarnessSubject(spec, harnessVersion(spec, root)),
    root,
  });
}
