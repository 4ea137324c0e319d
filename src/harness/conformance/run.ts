import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { formatProblem, parseJson, zodProblems, type Problem } from '../../bench/problems.ts';
import { REVISIONS, ROLES, type Revision, type Role } from '../../bench/schema/common.ts';
import { ConformanceExpectationsSchema, type ConformanceExpectations } from '../../bench/schema/conformance.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import { requireDriver } from '../roles/registry.ts';
import { loadScenarios } from '../io/scenarios.ts';
import { RunnerInputError } from '../errors.ts';
import { encodeCommand } from './client-shim.ts';
import { compareConformance, type ScenarioOutcome, type ScenarioRow, type SuiteUniverse } from './compare.ts';
import { startOracleServer } from './oracle-server.ts';
import { installedSuite, listRequirements, readResults, runSuite } from './suite.ts';

/** Project-relative path of the committed expectations. */
export const EXPECTATIONS_FILE = 'conformance/expectations.json';
const SHIM = fileURLToPath(new URL('./client-shim.ts', import.meta.url));

/** Read and validate the expectations; every problem path-first, thrown as one input error. */
export function loadExpectations(root: string): ConformanceExpectations {
  const path = join(root, EXPECTATIONS_FILE);
  if (!existsSync(path))
    throw new RunnerInputError(`${EXPECTATIONS_FILE}: missing`, 'it is committed; restore it from git');
  const parsed = parseJson(EXPECTATIONS_FILE, readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new RunnerInputError(formatProblem(parsed.problem), 'fix the JSON syntax');
  const r = ConformanceExpectationsSchema.safeParse(parsed.value);
  if (!r.success)
    throw new RunnerInputError(
      zodProblems(EXPECTATIONS_FILE, r.error).map(formatProblem).join('\n'),
      'see public/schema/conformance-expectations.json',
    );
  return r.data;
}

export interface ConformanceOptions {
  root: string;
  revisions?: readonly Revision[];
  roles?: readonly Role[];
  /** Run only this suite scenario (stale/missing-entry checks are then skipped). */
  scenario?: string;
  /** Keep the suite's result folders here instead of a temporary folder that is removed. */
  keepDir?: string;
  /** Per-scenario bound the suite applies to a client run (ms). */
  clientTimeoutMs?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface ConformanceResult {
  problems: Problem[];
  rows: ScenarioRow[];
  notScored: Map<string, string>;
}

/** Suite scenarios of the server role, grouped by the oracle scenario they run against (one oracle start each). */
function byOracle(names: readonly string[], entries: ConformanceExpectations[Revision][Role]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const n of names) {
    const against = entries[n]?.against;
    if (against !== undefined) groups.set(against, [...(groups.get(against) ?? []), n]);
  }
  return groups;
}

const noChecks = (revision: Revision, role: Role, scenario: string, error: string): ScenarioOutcome => ({
  revision,
  role,
  scenario,
  error,
});

async function runServerGroup(
  root: string,
  revision: Revision,
  oracle: Scenario,
  names: string[],
  outDir: string,
): Promise<ScenarioOutcome[]> {
  let running: Awaited<ReturnType<typeof startOracleServer>>;
  try {
    running = await startOracleServer(requireDriver(revision, 'server').oracleCommand(oracle));
  } catch (e) {
    return names.map((scenario) => noChecks(revision, 'server', scenario, `not run: ${(e as Error).message}`));
  }
  let output: string;
  try {
    // The whole requirement set in one suite process (about a second) unless only one scenario is wanted; both run
    // each scenario at the revision's wire.
    const which =
      names.length === 1
        ? ['--scenario', names[0]!, '--spec-version', revision, '--force']
        : ['--requirements', revision];
    output = (await runSuite(root, ['server', '--url', running.url, ...which, '-o', outDir])).output;
  } finally {
    await running.stop();
  }
  const results = readResults(outDir, 'server-');
  return names.map((scenario) => ({
    revision,
    role: 'server' as const,
    scenario,
    ...(results.get(scenario) ?? { error: `the suite wrote no result; its output ends: ${output.slice(-300)}` }),
  }));
}

async function runClientScenario(
  root: string,
  revision: Revision,
  oracle: Scenario,
  name: string,
  outDir: string,
  timeoutMs: number,
): Promise<ScenarioOutcome> {
  // The suite splits --command on spaces and appends its server URL.
  const command = [process.execPath, SHIM, encodeCommand(requireDriver(revision, 'client').oracleCommand(oracle))];
  if (command.some((p) => /\s/.test(p)))
    throw new RunnerInputError(
      `client command "${command.join(' ')}": a path contains whitespace, which the suite cannot pass`,
      'run from a checkout whose path has no spaces',
    );
  const r = await runSuite(root, [
    'client',
    '--command',
    command.join(' '),
    '--scenario',
    name,
    '--spec-version',
    revision,
    '--force',
    '--timeout',
    String(timeoutMs),
    '-o',
    outDir,
  ]);
  const [only] = [...readResults(outDir, '').values()];
  return {
    revision,
    role: 'client',
    scenario: name,
    ...(only ?? { error: `the suite wrote no result; its output ends: ${r.output.slice(-300)}` }),
  };
}

/**
 * Run the official suite against our oracles: per revision, its server scenarios against the oracle servers (each
 * oracle on an ephemeral 127.0.0.1 port, always stopped) and its client scenarios against the oracle clients, one
 * at a time (several suite timing checks, e.g. SSE retry delays, would not be reliable on a shared 2-core machine);
 * then compare with the committed expectations.
 */
export async function runConformance(o: ConformanceOptions): Promise<ConformanceResult> {
  const log = o.log ?? (() => {});
  const expectations = loadExpectations(o.root);
  const suite = installedSuite(o.root);
  const scenarios = loadScenarios(o.root);
  const oracleScenarios = Object.fromEntries(
    REVISIONS.map((r) => [
      r,
      Object.fromEntries(
        ROLES.map((role) => [role, scenarios.filter((s) => s.revision === r && s.role === role).map((s) => s.id)]),
      ),
    ]),
  ) as Record<Revision, Record<Role, string[]>>;
  const findOracle = (r: Revision, role: Role, id: string) =>
    scenarios.find((s) => s.revision === r && s.role === role && s.id === id);
  if (o.keepDir !== undefined && existsSync(o.keepDir) && readdirSync(o.keepDir).length > 0)
    throw new RunnerInputError(
      `--keep ${o.keepDir}: not empty`,
      "name a new or empty folder (old results there would be read as this run's)",
    );
  const base = o.keepDir ?? mkdtempSync(join(tmpdir(), 'mcpfs-conformance-'));
  const universe: SuiteUniverse[] = [];
  const outcomes: ScenarioOutcome[] = [];
  const notScored = new Map<string, string>();
  let n = 0;
  try {
    for (const revision of o.revisions ?? REVISIONS) {
      const req = await listRequirements(o.root, revision);
      for (const [k, why] of req.notScored) notScored.set(`${revision}:${k}`, why);
      for (const role of o.roles ?? ROLES) {
        const all = req[role];
        const names = o.scenario === undefined ? all : all.filter((s) => s === o.scenario);
        if (o.scenario !== undefined && names.length === 0) continue;
        universe.push({ revision, role, scenarios: all, complete: o.scenario === undefined });
        const entries = expectations[revision][role];
        for (const name of names.filter((s) => entries[s] === undefined))
          outcomes.push(noChecks(revision, role, name, 'not run: no expectation'));
        for (const [against, group] of byOracle(names, entries)) {
          const oracle = findOracle(revision, role, against);
          if (!oracle) {
            outcomes.push(...group.map((s) => noChecks(revision, role, s, `not run: no oracle scenario "${against}"`)));
            continue;
          }
          if (role === 'server') {
            log(`${revision} server: ${group.length} suite scenario(s) against the ${against} oracle`);
            outcomes.push(
              ...(await runServerGroup(o.root, revision, oracle, group, mkOut(base, `${revision}-server-${against}`))),
            );
            continue;
          }
          for (const name of group) {
            log(`${revision} client: ${name} against the ${against} oracle`);
            outcomes.push(
              await runClientScenario(
                o.root,
                revision,
                oracle,
                name,
                mkOut(base, `${revision}-client-${String(n++).padStart(3, '0')}`),
                o.clientTimeoutMs ?? 20_000,
              ),
            );
          }
        }
      }
    }
    if (o.scenario !== undefined && universe.length === 0)
      throw new RunnerInputError(
        `--scenario "${o.scenario}": not in the suite's requirement set of the selected revision(s) and role(s)`,
        'see `npx node conformance/node_modules/.bin/conformance list --requirements <revision>`',
      );
  } finally {
    if (o.keepDir === undefined) rmSync(base, { recursive: true, force: true });
  }
  const { problems, rows } = compareConformance({
    file: EXPECTATIONS_FILE,
    expectations,
    installedSuite: suite,
    universe,
    oracleScenarios,
    outcomes,
  });
  return { problems, rows, notScored };
}

function mkOut(base: string, name: string): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
