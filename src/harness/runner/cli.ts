import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { expectedRecordPath } from '../../bench/derive/records.ts';
import { REVISIONS, ROLES, type DocsAxis, type Revision, type Role } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { SubjectSchema, type Subject } from '../../bench/schema/subject.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import { ensureSpec } from '../io/spec.ts';
import { PRIMARY_SOURCE } from '../../bench/spec/revisions.ts';
import { specDir } from '../io/paths.ts';
import { driverFor } from '../roles/registry.ts';
import type { RoleDriver } from '../roles/types.ts';
import { commandAdapter, nullAdapter, oracleAdapter } from './adapters/basic.ts';
import { piAdapter } from './adapters/pi.ts';
import { scriptedPiAdapter } from './adapters/pi-scripted.ts';
import type { Adapter } from './adapters/types.ts';
import { RunnerInputError } from '../errors.ts';

/** Parse argv strictly; unknown flags and missing values are input errors with the usage as hint. */
export function parseCli<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new RunnerInputError((e as Error).message, usage);
  }
}

export function oneOf<V extends string>(flag: string, value: string | undefined, allowed: readonly V[]): V {
  if (value === undefined) throw new RunnerInputError(`${flag}: required`, `one of ${allowed.join(', ')}`);
  if (!(allowed as readonly string[]).includes(value)) throw new RunnerInputError(`${flag}: unknown value "${value}"`, `one of ${allowed.join(', ')}`);
  return value as V;
}

export const asRevision = (v: string | undefined): Revision => oneOf('--revision', v, REVISIONS);
export const asRole = (v: string | undefined): Role => oneOf('--role', v, ROLES);

export function requireDriver(revision: Revision, role: Role): RoleDriver {
  const d = driverFor(revision, role);
  if (!d) throw new RunnerInputError(`no role driver registered for ${revision} ${role}`, 'see src/harness/roles/registry.ts');
  return d;
}

export interface AdapterArgs {
  agent: string;
  model?: string;
  thinking?: string;
  command?: string;
  subject?: string;
  label?: string;
  service?: boolean;
  outside?: boolean;
}

/** `oracle`, `null`, `mutant:<id>`, `command`, `pi`, `pi-scripted` → an adapter. */
export function makeAdapter(a: AdapterArgs, driver: RoleDriver, scenario: Scenario): Adapter {
  if (a.agent === 'oracle') return oracleAdapter(driver);
  if (a.agent === 'null') return nullAdapter();
  if (a.agent.startsWith('mutant:')) return oracleAdapter(driver, a.agent.slice('mutant:'.length));
  if (a.agent === 'pi-scripted') return scriptedPiAdapter(driver, scenario);
  if (a.agent === 'pi') {
    if (!a.model) throw new RunnerInputError('--agent pi: --model is required', 'e.g. --model anthropic/claude-sonnet-5 --thinking high');
    return piAdapter({ model: a.model, thinking: a.thinking ?? 'medium' });
  }
  if (a.agent === 'command') {
    if (!a.command) throw new RunnerInputError('--agent command: --command is required', 'e.g. --command "my-agent --prompt-file TASK.md"');
    if (!a.subject) throw new RunnerInputError('--agent command: --subject is required', 'e.g. --subject agent/myharness@1.2.0/anthropic/claude-sonnet-5/high');
    const subject = subjectFromId(a.subject, a.label ?? a.subject);
    // Trials go to results/, where derive accepts only the calibration subjects the harness runs and library subjects
    // from the registry: refuse here what derive would refuse later.
    if (subject.kind === 'calibration') throw new RunnerInputError(`--subject "${a.subject}": calibration subjects come from --agent oracle, null, mutant:<id> or pi-scripted`, 'derive refuses any other calibration subject');
    if (subject.kind === 'library') throw new RunnerInputError(`--subject "${a.subject}": library subjects come from \`npm run libraries\` (libraries/registry.json)`, 'derive refuses a library subject the registry does not describe');
    return commandAdapter({ command: a.command, subject, service: a.service, outside: a.outside });
  }
  throw new RunnerInputError(`--agent: unknown adapter "${a.agent}"`, 'one of oracle, null, mutant:<id>, command, pi, pi-scripted');
}

/**
 * A subject from a `--subject` id (`agent/…`, `library/…` or `calibration/…`; kind from the first segment), validated
 * against the schema: a bad id is an input error naming the flag.
 */
export function subjectFromId(id: string, label: string): Subject {
  const kind = id.split('/')[0];
  if (kind !== 'agent' && kind !== 'library' && kind !== 'calibration') throw new RunnerInputError(`--subject "${id}": must start with agent/, library/ or calibration/`, SUBJECT_HINT);
  const r = SubjectSchema.safeParse({ kind, id, label });
  if (!r.success) throw new RunnerInputError(`--subject "${id}": ${r.error.issues.map((i) => i.message).join('; ')}`, SUBJECT_HINT);
  return r.data;
}

const SUBJECT_HINT = 'e.g. agent/myharness@1.2.0/anthropic/claude-sonnet-5/high or library/@modelcontextprotocol/sdk@1.32.2';

/** The next unused repetition index of a cell (k1, k2, …). */
export function nextK(root: string, scenario: Scenario, docs: DocsAxis, subject: Subject): number {
  for (let k = 1; ; k++) {
    const path = expectedRecordPath({ trial: { revision: scenario.revision, role: scenario.role, scenario: scenario.id, docs, k } as TrialRecord['trial'], subject });
    if (!existsSync(join(root, path))) return k;
  }
}

/** Run a CLI's main: exit with its code; input errors print path-first with a hint and exit 2. */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (!(e instanceof RunnerInputError)) throw e;
      console.error(`${name}: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
      process.exit(2);
    },
  );
}

/**
 * The pinned spec folder and commit a run records. The commit comes from the revision manifest, so commands that need
 * no spec text run in a bare clone; `text: true` (docs-full trials, calibration's schema gate) makes sure the text is
 * there, fetching it on first use.
 */
export function pinnedSpec(root: string, opts: { text?: boolean } = {}): { spec: string; specCommit: string } {
  return { spec: opts.text ? ensureSpec(root) : specDir(root), specCommit: PRIMARY_SOURCE.commit };
}
