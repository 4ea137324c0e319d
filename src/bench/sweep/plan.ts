// A run manifest expanded into its trial list: agents × revisions × roles × scenarios × docs × k, in that fixed order.
// Pure: the scenarios that exist and the mutants each role's driver runs where come in as data, so the same manifest
// against the same tree always gives the same list, keys and shards (every shard process plans the whole run and
// keeps its own part; the merge checks bundles against the same list).
import { cmp, type Problem } from '../problems.ts';
import type { DocsAxis, Revision, Role } from '../schema/common.ts';
import type { RunManifest } from '../schema/run-manifest.ts';

/** A scenario that exists, by revision, role and id. */
export interface ScenarioRef {
  revision: Revision;
  role: Role;
  id: string;
}

/** A mutant switch of one revision × role's driver and the scenarios it is run on. */
export interface MutantRef {
  id: string;
  scenarios: readonly string[];
}

/** What the plan is made against: the tree's scenarios and the drivers' mutants (`<revision>/<role>` → mutants). */
export interface PlanUniverse {
  scenarios: readonly ScenarioRef[];
  mutants: Readonly<Record<string, readonly MutantRef[]>>;
}

/** One trial of the run. */
export interface PlannedTrial {
  /** Position in the run's list, from 0 (the order trials are assigned to shards and run in). */
  index: number;
  /** Stable id across shards and re-runs: `<revision>/<role>/<scenario>/<docs>/<agent>/k<k>`. */
  key: string;
  /** The manifest's agent value (`npm run trial -- --agent`). */
  agent: string;
  revision: Revision;
  role: Role;
  scenario: string;
  docs: DocsAxis;
  /** Repetition index (from the manifest's `kFrom`). */
  k: number;
  /** Shard that runs it, from 1: trial i goes to shard (i mod count) + 1. */
  shard: number;
}

/** A combination the manifest names that is not run, and why (a mutant on a scenario it does not break). */
export interface PlanSkip {
  agent: string;
  revision: Revision;
  role: Role;
  scenario: string;
  reason: string;
}

export interface SweepPlan {
  run: string;
  /** How many shards the trials are assigned to. */
  shards: number;
  trials: PlannedTrial[];
  skips: PlanSkip[];
}

/** `<revision>/<role>/<scenario>/<docs>/<agent>/k<k>`: the trial's key in every plan of the run. */
export const trialKey = (t: Pick<PlannedTrial, 'revision' | 'role' | 'scenario' | 'docs' | 'agent' | 'k'>): string =>
  `${t.revision}/${t.role}/${t.scenario}/${t.docs}/${t.agent}/k${t.k}`;

/** The shard of trial `index` among `count` (round robin, from 1). */
export const shardOf = (index: number, count: number): number => (index % count) + 1;

const MUTANT = 'mutant:';
const cell = (revision: string, role: string) => `${revision}/${role}`;

/** A list field's entries that repeat an earlier one (they would run the same trials twice). */
function duplicates(file: string, field: string, values: readonly string[]): Problem[] {
  return values.flatMap((v, i) => {
    const first = values.indexOf(v);
    return first < i
      ? [
          {
            file,
            field: `${field}[${i}]`,
            message: `"${v}" is listed twice (also ${field}[${first}])`,
            hint: 'list it once',
          },
        ]
      : [];
  });
}

/** What each selected revision × role has of some kind, for a hint: `2025-11-25 server has: a, b; …`. */
function known(cells: readonly (readonly [Revision, Role])[], of: (rev: Revision, role: Role) => string[]): string {
  return cells.map(([rev, role]) => `${rev} ${role} has: ${of(rev, role).join(', ') || '(none)'}`).join('; ');
}

/**
 * Expand a manifest into its trials and their shards (`shards` ≥ 1). Problems name `file` and the manifest field, and
 * mean no plan: an agent or scenario that matches nothing in the selected revisions and roles, an entry listed twice,
 * `pi` without a model. A mutant paired with a scenario it is not run on is a skip, not a problem: a manifest may list
 * the mutants of several scenarios.
 */
export function planSweep(
  m: RunManifest,
  file: string,
  universe: PlanUniverse,
  shards = 1,
): { plan?: SweepPlan; problems: Problem[] } {
  const cells = m.revisions.flatMap((rev) => m.roles.map((role) => [rev, role] as const));
  const scenariosOf = (rev: Revision, role: Role) =>
    universe.scenarios
      .filter((s) => s.revision === rev && s.role === role)
      .map((s) => s.id)
      .sort(cmp);
  const mutantsOf = (rev: Revision, role: Role) => universe.mutants[cell(rev, role)] ?? [];
  const problems: Problem[] = [
    ...duplicates(file, 'agents', m.agents),
    ...duplicates(file, 'revisions', m.revisions),
    ...duplicates(file, 'roles', m.roles),
    ...duplicates(file, 'docs', m.docs),
    ...(m.scenarios === 'all' ? [] : duplicates(file, 'scenarios', m.scenarios)),
  ];
  if (m.scenarios !== 'all') {
    m.scenarios.forEach((id, i) => {
      if (!cells.some(([rev, role]) => scenariosOf(rev, role).includes(id)))
        problems.push({
          file,
          field: `scenarios[${i}]`,
          message: `unknown scenario "${id}" (${known(cells, scenariosOf)})`,
          hint: 'use an id of the selected revisions and roles, or add the revision or role it belongs to',
        });
    });
  }
  m.agents.forEach((agent, i) => {
    if (!agent.startsWith(MUTANT)) return;
    const id = agent.slice(MUTANT.length);
    if (!cells.some(([rev, role]) => mutantsOf(rev, role).some((x) => x.id === id)))
      problems.push({
        file,
        field: `agents[${i}]`,
        message: `unknown mutant "${id}" (${known(cells, (rev, role) => mutantsOf(rev, role).map((x) => x.id))})`,
        hint: 'use a mutant switch of the selected revisions and roles (src/harness/oracle/<revision>/…/mutants.ts)',
      });
  });
  const pi = m.agents.indexOf('pi');
  if (pi >= 0 && (m.provider === undefined || m.model === undefined))
    problems.push({
      file,
      field: m.provider === undefined ? 'provider' : 'model',
      message: `required by agents[${pi}] "pi" (it runs the model provider/model)`,
      hint: 'e.g. "provider": "anthropic", "model": "claude-sonnet-5", "thinking": "high"',
    });
  if (!Number.isInteger(shards) || shards < 1)
    problems.push({ file: '--shards', message: `${shards}: must be a positive integer` });
  if (problems.length) return { problems };

  const trials: PlannedTrial[] = [];
  const skips: PlanSkip[] = [];
  for (const agent of m.agents) {
    const mutant = agent.startsWith(MUTANT) ? agent.slice(MUTANT.length) : undefined;
    for (const [revision, role] of cells) {
      const have = scenariosOf(revision, role);
      // A listed id runs wherever it exists among the selected revisions and roles (`streaming` is a scenario of both
      // revisions' servers), in the manifest's order; `all` takes every scenario, sorted by id.
      const ids = m.scenarios === 'all' ? have : m.scenarios.filter((id) => have.includes(id));
      for (const scenario of ids) {
        if (mutant !== undefined) {
          const info = mutantsOf(revision, role).find((x) => x.id === mutant);
          if (!info?.scenarios.includes(scenario)) {
            skips.push({
              agent,
              revision,
              role,
              scenario,
              reason: info
                ? `mutant "${mutant}" is run on ${info.scenarios.join(', ')} only (it breaks nothing ${scenario} checks)`
                : `no ${revision} ${role} mutant "${mutant}"`,
            });
            continue;
          }
        }
        for (const docs of m.docs) {
          for (let k = m.kFrom; k < m.kFrom + m.k; k++) {
            const index = trials.length;
            const t = { agent, revision, role, scenario, docs, k };
            trials.push({ index, key: trialKey(t), ...t, shard: shardOf(index, shards) });
          }
        }
      }
    }
  }
  return { plan: { run: m.id, shards, trials, skips }, problems: [] };
}

/** The matrix an engine fans out over: `{ shard: ["1/n", …, "n/n"] }` (a GitHub Actions matrix, an Indexed Job's count). */
export const shardMatrix = (count: number): { shard: string[] } => ({
  shard: Array.from({ length: count }, (_, i) => `${i + 1}/${count}`),
});
