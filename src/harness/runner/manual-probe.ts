import { RevisionSchema, type Revision } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { Subject } from '../../bench/schema/subject.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { buildTrialRecord } from '../io/trial-files.ts';
import { driverFor } from '../roles/registry.ts';
import { pinnedSpec } from '../io/spec.ts';
import { subjectFromId } from '../cli-args.ts';
import { findScenario } from '../io/scenarios.ts';
import { RunnerInputError } from '../errors.ts';
import type { ServerRoleDriver } from '../roles/types.ts';
import { runClient } from '../reference/common/run-client.ts';

/** Default subject of a manual probe: honest about not knowing what was probed; override with `--subject`. */
export const MANUAL_SUBJECT = 'calibration/manual-probe';

export interface ManualProbeArgs {
  revision: string;
  scenario: string;
  url: string;
  subject?: string;
  root: string;
}

/** Validate the arguments and resolve scenario, driver, subject; throws RunnerInputError with a flag-first message. */
export function resolveManualProbe(a: ManualProbeArgs): {
  scenario: Scenario;
  driver: ServerRoleDriver;
  subject: Subject;
  url: string;
  specCommit: string;
} {
  const rev = RevisionSchema.safeParse(a.revision);
  if (!rev.success)
    throw new RunnerInputError(`--revision: expected one of ${RevisionSchema.options.join(', ')}, got "${a.revision}"`);
  const revision: Revision = rev.data;
  const driver = driverFor(revision, 'server');
  if (!driver || driver.role !== 'server')
    throw new RunnerInputError(`--revision: no server-role prober for ${revision} yet`);
  let scenario: Scenario;
  try {
    scenario = findScenario(a.root, revision, 'server', a.scenario);
  } catch (e) {
    if (!(e instanceof RunnerInputError)) throw e;
    throw new RunnerInputError(`--scenario: ${e.message}`, e.hint);
  }
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    throw new RunnerInputError(`--url: not a URL: "${a.url}"`, 'e.g. http://127.0.0.1:3000/mcp');
  }
  if (url.protocol !== 'http:')
    throw new RunnerInputError(`--url: only http:// endpoints can be probed, got "${a.url}"`);
  const subject = subjectFromId(a.subject ?? MANUAL_SUBJECT, `manual probe of ${url.href}`);
  const { specCommit } = pinnedSpec(a.root);
  return { scenario, driver, subject, url: url.href, specCommit };
}

/** Probe, judge and build the record (k = 1, docs `none`: a manual probe has no agent and no docs). */
export async function runManualProbe(
  r: ReturnType<typeof resolveManualProbe>,
  root: string,
): Promise<{ record: TrialRecord; log: WireLog }> {
  const startedAt = new Date();
  const log = await r.driver.probe(r.scenario, r.url);
  const record = buildTrialRecord(
    {
      scenario: r.scenario,
      subject: r.subject,
      docs: 'none',
      k: 1,
      startedAt,
      endedAt: new Date(),
      specCommit: r.specCommit,
      log,
    },
    root,
  );
  return { record, log };
}

/**
 * Run a client command against a fresh reference server for one scenario, judge it and build the record (k = 1, docs
 * `none`): what `npm run reference` and the client side of `npm run probe` do. `run` says how the command ended.
 */
export async function runManualClient(
  scenario: Scenario,
  command: readonly string[],
  subject: Subject,
  o: { timeoutMs: number; root: string; echo?: NodeJS.WritableStream },
): Promise<{ record: TrialRecord; log: WireLog; run: Awaited<ReturnType<typeof runClient>> }> {
  const driver = driverFor(scenario.revision, 'client');
  if (!driver || driver.role !== 'client')
    throw new RunnerInputError(`--revision: no client-role driver registered for ${scenario.revision}`);
  const startedAt = new Date();
  const run = await runClient(
    driver,
    scenario,
    { cmd: command[0]!, args: command.slice(1) },
    { timeoutMs: o.timeoutMs, ...(o.echo ? { echo: o.echo } : {}) },
  );
  const record = buildTrialRecord(
    {
      scenario,
      subject,
      docs: 'none',
      k: 1,
      startedAt,
      endedAt: new Date(),
      specCommit: pinnedSpec(o.root).specCommit,
      log: run.log,
    },
    o.root,
  );
  return { record, log: run.log, run };
}
