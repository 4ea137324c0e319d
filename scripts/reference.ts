// npm run reference -- --revision 2025-11-25 --scenario <id> [--json] [--out <file>] [--timeout <s>] [--subject <id>] -- <client command…>
// Starts a fresh reference server, runs the client command with MCP_SERVER_URL set, waits (bounded), kills the
// command's process group, judges the wire log and prints the verdict table and score (--json: the trial record).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatProblem, zodProblems } from '../src/bench/problems.ts';
import { RevisionSchema } from '../src/bench/schema/common.ts';
import { ScenarioSchema } from '../src/bench/schema/scenario.ts';
import { SubjectSchema, type Subject } from '../src/bench/schema/subject.ts';
import { scoreTrial } from '../src/bench/scoring/score.ts';
import { readSpecCommit } from '../src/harness/io/load.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { buildTrialRecord, trialFiles } from '../src/harness/io/trial-files.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { runClient } from '../src/harness/reference/2025-11-25/run-client.ts';
import { driverFor } from '../src/harness/roles/registry.ts';

const USAGE = 'usage: npm run reference -- --revision <rev> --scenario <id> [--json] [--out <file>] [--timeout <s>] [--subject <id>] -- <client command…>';

function die(message: string, hint?: string): never {
  console.error(message + (hint ? `\n  hint: ${hint}` : ''));
  process.exit(2);
}

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const opts = sep === -1 ? argv : argv.slice(0, sep);
const command = sep === -1 ? [] : argv.slice(sep + 1);
const flag = (name: string) => opts.includes(name);
function value(name: string): string | undefined {
  const i = opts.indexOf(name);
  if (i === -1) return undefined;
  const v = opts[i + 1];
  if (v === undefined || v.startsWith('--')) die(`${name}: missing value`, USAGE);
  return v;
}

const rev = RevisionSchema.safeParse(value('--revision'));
if (!rev.success) die(`--revision: expected one of ${RevisionSchema.options.join(', ')}`, USAGE);
const scenarioId = value('--scenario') ?? die('--scenario: required', USAGE);
if (command.length === 0) die('client command: missing after `--`', USAGE);
const driver = driverFor(rev.data, 'client');
if (!driver || driver.role !== 'client') die(`--revision: no client-role driver registered for ${rev.data}`);

const root = projectRoot();
const file = `scenarios/${rev.data}/client/${scenarioId}.json`;
if (!existsSync(join(root, file))) die(`${file}: no such scenario`, 'ls scenarios/<revision>/client/');
const parsed = ScenarioSchema.safeParse(JSON.parse(readFileSync(join(root, file), 'utf8')));
if (!parsed.success) {
  for (const p of zodProblems(file, parsed.error)) console.error(formatProblem(p));
  process.exit(2);
}
const scenario = parsed.data;

const subjectId = value('--subject') ?? 'library/local-command@0';
const subjectParsed = SubjectSchema.safeParse({ kind: subjectId.split('/')[0], id: subjectId, label: command.join(' ') });
if (!subjectParsed.success) die(`--subject: ${subjectParsed.error.issues.map((i) => i.message).join('; ')}`, 'e.g. library/@modelcontextprotocol/sdk@1.32.2');
const subject: Subject = subjectParsed.data;
const timeoutS = Number(value('--timeout') ?? '120');
if (!(timeoutS > 0)) die('--timeout: expected a positive number of seconds');

const startedAt = new Date();
const run = await runClient(driver, scenario, { cmd: command[0]!, args: command.slice(1) }, { timeoutMs: timeoutS * 1000, echo: process.stderr });
const endedAt = new Date();
const record = buildTrialRecord(
  { scenario, subject, docs: 'none', k: 1, startedAt, endedAt, specCommit: readSpecCommit() ?? '0'.repeat(40), log: run.log },
  root,
);

const out = value('--out');
if (out) {
  const files = trialFiles(record, run.log);
  writeFilesAtomic([
    { path: out, content: files[0]!.content },
    { path: join(dirname(out), record.sidecars.wire), content: files[1]!.content },
  ]);
}

if (flag('--json')) {
  console.log(JSON.stringify(record, null, 2));
} else {
  const rows = record.verdicts.map((v) => [v.checkpoint, v.spec ?? '(task)', v.level, v.verdict, v.message]);
  const head = ['checkpoint', 'spec', 'level', 'verdict', 'message'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (i < 4 ? r[i]!.length : 0))));
  const line = (r: string[]) => r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join('  ');
  console.log(`${scenario.revision} client ${scenario.id}: client ${run.ended === 'exit' ? `exited with ${run.exitCode}` : run.ended === 'finished' ? 'finished (killed after the grace period)' : 'timed out'}`);
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  const s = scoreTrial(record.verdicts);
  console.log(`score ${s.score.toFixed(3)}  (MUST failed: ${s.mustFailed.join(', ') || 'none'}; SHOULD ${s.should.passed}/${s.should.applicable}; MAY ${s.may.passed}/${s.may.applicable})`);
}
