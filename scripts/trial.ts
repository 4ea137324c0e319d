// npm run trial -- --agent <oracle|null|mutant:<id>|command|pi|pi-scripted|claude-code|codex|gemini-cli|opencode|
//   <harness>-scripted> --revision R --role client|server --scenario S --docs none|full [--k n] [--model provider/id]
//   [--thinking lvl] [--timeout s] [--budget-tokens n] [--budget-usd x] [--budget-requests n]
//   [--command "…" --subject agent/… [--label …] [--service] [--outside]] [--isolation docker|netns|none] [--keep] [--dry-run]
// Runs one trial end to end and writes the record and its sidecars under results/.
import { DOCS_AXES } from '../src/bench/schema/common.ts';
import { scoreTrial } from '../src/bench/scoring/score.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { nextK, writeTrial } from '../src/harness/io/trial-files.ts';
import { asRevision, asRole, oneOf, parseCli, runCli } from '../src/harness/cli-args.ts';
import { makeAdapter } from '../src/harness/runner/adapters/from-flags.ts';
import { pinnedSpec } from '../src/harness/io/spec.ts';
import { requireDriver } from '../src/harness/roles/registry.ts';
import { findScenario } from '../src/harness/io/scenarios.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { runTrial } from '../src/harness/runner/trial.ts';
import { chooseIsolation } from '../src/harness/runner/isolation.ts';
import { budgetFromFlags } from '../src/harness/model-proxy/budget-flags.ts';

const USAGE =
  'npm run trial -- --agent pi --model anthropic/claude-sonnet-5 --thinking high --revision 2025-11-25 --role server --scenario tools-basics --docs none';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    {
      agent: { type: 'string' },
      revision: { type: 'string' },
      role: { type: 'string' },
      scenario: { type: 'string' },
      docs: { type: 'string', default: 'none' },
      k: { type: 'string' },
      model: { type: 'string' },
      thinking: { type: 'string' },
      timeout: { type: 'string' },
      command: { type: 'string' },
      subject: { type: 'string' },
      label: { type: 'string' },
      service: { type: 'boolean' },
      outside: { type: 'boolean' },
      isolation: { type: 'string' },
      'budget-tokens': { type: 'string' },
      'budget-usd': { type: 'string' },
      'budget-requests': { type: 'string' },
      keep: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    USAGE,
  );
  if (!a.agent) throw new RunnerInputError('--agent: required', USAGE);
  const root = projectRoot();
  const revision = asRevision(a.revision);
  const role = asRole(a.role);
  const docs = oneOf('--docs', a.docs, DOCS_AXES);
  const scenario = findScenario(root, revision, role, a.scenario);
  const driver = requireDriver(revision, role);
  const adapter = makeAdapter(
    {
      agent: a.agent,
      model: a.model,
      thinking: a.thinking,
      command: a.command,
      subject: a.subject,
      label: a.label,
      service: a.service,
      outside: a.outside,
    },
    driver,
    scenario,
  );
  const k = a.k !== undefined ? Number(a.k) : nextK(root, scenario, docs, adapter.subject);
  if (!Number.isInteger(k) || k < 1) throw new RunnerInputError(`--k "${a.k}": must be a positive integer`);
  const timeout = a.timeout !== undefined ? Number(a.timeout) : undefined;
  if (timeout !== undefined && !(timeout > 0))
    throw new RunnerInputError(`--timeout "${a.timeout}": must be seconds > 0`);
  const budget = budgetFromFlags(a['budget-tokens'], a['budget-usd'], a['budget-requests']);
  const { spec, specCommit } = pinnedSpec(root, { text: docs === 'full' });
  const { isolation, docker } = chooseIsolation(root, a.isolation, (l) => console.error(`trial: ${l}`));

  console.error(
    `trial: ${adapter.subject.id} on ${revision} ${role} ${scenario.id} (docs ${docs}, k${k}, isolation ${isolation})…`,
  );
  const r = await runTrial({
    driver,
    scenario,
    adapter,
    docs,
    k,
    root,
    specDir: spec,
    specCommit,
    isolation,
    docker,
    keep: a.keep,
    timeouts: timeout ? { sessionMs: timeout * 1000 } : undefined,
    budget,
  });
  const rec = r.record;
  if (a.keep && r.dirs) console.error(`trial folder kept: ${r.dirs.root}`);
  for (const v of rec.verdicts)
    console.log(`${v.verdict.padEnd(14)} ${v.level.padEnd(6)} ${v.checkpoint}: ${v.message}`);
  if (rec.status === 'completed') {
    const sc = scoreTrial(rec.verdicts);
    console.log(
      `score ${sc.score.toFixed(3)} (MUST failed: ${sc.mustFailed.join(', ') || 'none'}; SHOULD ${sc.should.passed}/${sc.should.applicable})`,
    );
  }
  if (!a['dry-run']) console.log(`wrote ${writeTrial(root, rec, r.log, r.transcript, r.snapshot, r.model)}`);
  if (rec.status === 'infra-error') {
    console.error(`infra-error: ${rec.infraReason}`);
    return 1;
  }
  if (r.leftovers.length) console.error(`warning: ${r.leftovers.length} process(es) survived cleanup`);
  return 0;
}

runCli('trial', main);
