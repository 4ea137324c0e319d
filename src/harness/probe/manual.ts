import { basename, dirname, join } from 'node:path';
import { RevisionSchema, type Revision } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { SubjectSchema, type Subject } from '../../bench/schema/subject.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import { readSpecCommit } from '../io/load.ts';
import { specDir } from '../io/paths.ts';
import { buildTrialRecord } from '../io/trial-files.ts';
import { writeFilesAtomic } from '../io/write.ts';
import { driverFor } from '../roles/registry.ts';
import { findScenario } from '../runner/cli.ts';
import { RunnerInputError } from '../runner/errors.ts';
import type { ServerRoleDriver } from '../roles/types.ts';

/** A manual probe could not run (bad arguments, unknown scenario, missing spec): message names the flag. */
export class ProbeUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProbeUsageError';
  }
}

/** Default subject of a manual probe: honest about not knowing what was probed; override with `--subject`. */
export const MANUAL_SUBJECT = 'calibration/manual-probe';

export interface ManualProbeArgs {
  revision: string;
  scenario: string;
  url: string;
  subject?: string;
  root: string;
}

/** Validate the arguments and resolve scenario, driver, subject; throws ProbeUsageError with a flag-first message. */
export function resolveManualProbe(a: ManualProbeArgs): { scenario: Scenario; driver: ServerRoleDriver; subject: Subject; url: string; specCommit: string } {
  const rev = RevisionSchema.safeParse(a.revision);
  if (!rev.success) throw new ProbeUsageError(`--revision: expected one of ${RevisionSchema.options.join(', ')}, got "${a.revision}"`);
  const revision: Revision = rev.data;
  const driver = driverFor(revision, 'server');
  if (!driver || driver.role !== 'server') throw new ProbeUsageError(`--revision: no server-role prober for ${revision} yet`);
  let scenario: Scenario;
  try {
    scenario = findScenario(a.root, revision, 'server', a.scenario);
  } catch (e) {
    if (!(e instanceof RunnerInputError)) throw e;
    throw new ProbeUsageError(`--scenario: ${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`);
  }
  let url: URL;
  try {
    url = new URL(a.url);
  } catch {
    throw new ProbeUsageError(`--url: not a URL: "${a.url}"\n  hint: e.g. http://127.0.0.1:3000/mcp`);
  }
  if (url.protocol !== 'http:') throw new ProbeUsageError(`--url: only http:// endpoints can be probed, got "${a.url}"`);
  const id = a.subject ?? MANUAL_SUBJECT;
  const subject = SubjectSchema.safeParse({ kind: id.split('/')[0], id, label: `manual probe of ${url.href}` });
  if (!subject.success) throw new ProbeUsageError(`--subject: "${id}": ${subject.error.issues.map((i) => i.message).join('; ')}`);
  const specCommit = readSpecCommit(specDir(a.root));
  if (!specCommit) throw new ProbeUsageError(`pinned spec not found at ${specDir(a.root)} (PINNED.md)\n  hint: set MCP_SPEC_DIR`);
  return { scenario, driver, subject: subject.data, url: url.href, specCommit };
}

/** Probe, judge and build the record (k = 1, docs `none`: a manual probe has no agent and no docs). */
export async function runManualProbe(r: ReturnType<typeof resolveManualProbe>, root: string): Promise<{ record: TrialRecord; log: WireLog }> {
  const startedAt = new Date();
  const log = await r.driver.probe(r.scenario, r.url);
  const record = buildTrialRecord({ scenario: r.scenario, subject: r.subject, docs: 'none', k: 1, startedAt, endedAt: new Date(), specCommit: r.specCommit, log }, root);
  return { record, log };
}

/** The verdict table and score line the CLI prints. */
export function formatReport(record: TrialRecord): string {
  const rows = record.verdicts.map((v) => [v.checkpoint, v.spec ?? '(task)', v.level, v.verdict, v.message]);
  const head = ['checkpoint', 'spec', 'level', 'verdict', 'message'];
  const width = head.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 4 ? c.padEnd(width[i]!) : c)).join('  ');
  const s = scoreTrial(record.verdicts);
  const must = s.mustFailed.length ? `MUST failed: ${s.mustFailed.join(', ')}` : 'no MUST failed';
  return [line(head), ...rows.map(line), '', `score ${s.score.toFixed(3)} (${must}; SHOULD ${s.should.passed}/${s.should.applicable}; MAY ${s.may.passed}/${s.may.applicable})`].join('\n');
}

/** Write the record to `out` and its wire log beside it as `<name>.wire.jsonl`; returns both paths. */
export function writeManualProbe(out: string, record: TrialRecord, log: WireLog): string[] {
  const name = basename(out).replace(/\.json$/, '');
  const wire = join(dirname(out), `${name}.wire.jsonl`);
  const rec: TrialRecord = { ...record, sidecars: { wire: basename(wire) } };
  writeFilesAtomic([
    { path: out, content: JSON.stringify(rec, null, 2) + '\n' },
    { path: wire, content: [log.header, ...log.events].map((e) => JSON.stringify(e)).join('\n') + '\n' },
  ]);
  return [out, wire];
}
