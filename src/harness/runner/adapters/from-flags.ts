import type { Scenario } from '../../../bench/schema/scenario.ts';
import { subjectFromId } from '../../cli-args.ts';
import { RunnerInputError } from '../../errors.ts';
import type { RoleDriver } from '../../roles/types.ts';
import { commandAdapter, nullAdapter, oracleAdapter } from './basic.ts';
import { piAdapter } from './pi.ts';
import { scriptedPiAdapter } from './pi-scripted.ts';
import type { Adapter } from './types.ts';
import { harnessAdapter, scriptedHarnessAdapter } from './harness.ts';
import { HARNESSES } from './harnesses/registry.ts';
import type { HarnessName } from './harnesses/types.ts';

/** The `--agent` family of flags of `npm run trial`. */
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

/** `oracle`, `null`, `mutant:<id>`, `command`, `pi`, `pi-scripted`, `<harness>`, `<harness>-scripted` → an adapter. */
export function makeAdapter(a: AdapterArgs, driver: RoleDriver, scenario: Scenario): Adapter {
  if (a.agent === 'oracle') return oracleAdapter(driver);
  if (a.agent === 'null') return nullAdapter();
  if (a.agent.startsWith('mutant:')) return oracleAdapter(driver, a.agent.slice('mutant:'.length));
  if (a.agent === 'pi-scripted') return scriptedPiAdapter(driver, scenario);
  if (a.agent === 'pi') {
    if (!a.model)
      throw new RunnerInputError(
        '--agent pi: --model is required',
        'e.g. --model anthropic/claude-sonnet-5 --thinking high',
      );
    return piAdapter({ model: a.model, thinking: a.thinking ?? 'medium' });
  }
  const harness = HARNESSES[a.agent.replace(/-scripted$/, '') as HarnessName];
  if (harness && a.agent.endsWith('-scripted')) return scriptedHarnessAdapter(harness, driver, scenario);
  if (harness) {
    if (!a.model)
      throw new RunnerInputError(
        `--agent ${a.agent}: --model is required`,
        'e.g. --model anthropic/claude-sonnet-5 (provider/model-id; the proxy forwards to that provider)',
      );
    return harnessAdapter(harness, { model: a.model, thinking: a.thinking });
  }
  if (a.agent === 'command') {
    if (!a.command)
      throw new RunnerInputError(
        '--agent command: --command is required',
        'e.g. --command "my-agent --prompt-file TASK.md"',
      );
    if (!a.subject)
      throw new RunnerInputError(
        '--agent command: --subject is required',
        'e.g. --subject agent/myharness@1.2.0/anthropic/claude-sonnet-5/high',
      );
    const subject = subjectFromId(a.subject, a.label ?? a.subject);
    // Trials go to results/, where derive accepts only the calibration subjects the harness runs and library subjects
    // from the registry: refuse here what derive would refuse later.
    if (subject.kind === 'calibration')
      throw new RunnerInputError(
        `--subject "${a.subject}": calibration subjects come from --agent oracle, null, mutant:<id> or pi-scripted`,
        'derive refuses any other calibration subject',
      );
    if (subject.kind === 'library')
      throw new RunnerInputError(
        `--subject "${a.subject}": library subjects come from \`npm run libraries\` (libraries/registry.json)`,
        'derive refuses a library subject the registry does not describe',
      );
    return commandAdapter({ command: a.command, subject, service: a.service, outside: a.outside });
  }
  throw new RunnerInputError(
    `--agent: unknown adapter "${a.agent}"`,
    `one of oracle, null, mutant:<id>, command, pi, pi-scripted, ${Object.keys(HARNESSES)
      .flatMap((h) => [h, `${h}-scripted`])
      .join(', ')}`,
  );
}
