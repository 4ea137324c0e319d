// What every command line shares: strict flag parsing, the revision/role/subject flags, and a main that turns input
// errors into a path-first message with a hint and exit code 2. No room's logic lives here, so any room's CLI may use it.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { REVISIONS, ROLES, type Revision, type Role } from '../bench/schema/common.ts';
import { SubjectSchema, type Subject } from '../bench/schema/subject.ts';
import { RunnerInputError } from './errors.ts';

/** Parse argv strictly; unknown flags and missing values are input errors with the usage as hint. */
export function parseCli<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new RunnerInputError((e as Error).message, usage);
  }
}

/** As parseCli, with positional arguments (e.g. paths) allowed and returned beside the flags. */
export function parseCliWithPositionals<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  usage: string,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new RunnerInputError((e as Error).message, usage);
  }
}

export function oneOf<V extends string>(flag: string, value: string | undefined, allowed: readonly V[]): V {
  if (value === undefined) throw new RunnerInputError(`${flag}: required`, `one of ${allowed.join(', ')}`);
  if (!(allowed as readonly string[]).includes(value))
    throw new RunnerInputError(`${flag}: unknown value "${value}"`, `one of ${allowed.join(', ')}`);
  return value as V;
}

export const asRevision = (v: string | undefined): Revision => oneOf('--revision', v, REVISIONS);
export const asRole = (v: string | undefined): Role => oneOf('--role', v, ROLES);

/**
 * A subject from a `--subject` id (`agent/…`, `library/…` or `calibration/…`; kind from the first segment), validated
 * against the schema: a bad id is an input error naming the flag.
 */
export function subjectFromId(id: string, label: string): Subject {
  const kind = id.split('/')[0];
  if (kind !== 'agent' && kind !== 'library' && kind !== 'calibration')
    throw new RunnerInputError(`--subject "${id}": must start with agent/, library/ or calibration/`, SUBJECT_HINT);
  const r = SubjectSchema.safeParse({ kind, id, label });
  if (!r.success)
    throw new RunnerInputError(`--subject "${id}": ${r.error.issues.map((i) => i.message).join('; ')}`, SUBJECT_HINT);
  return r.data;
}

const SUBJECT_HINT =
  'e.g. agent/myharness@1.2.0/anthropic/claude-sonnet-5/high or library/@modelcontextprotocol/sdk@1.32.2';

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
