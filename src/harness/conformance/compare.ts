import type { Problem } from '../../bench/problems.ts';
import type { Revision, Role } from '../../bench/schema/common.ts';
import type {
  ConformanceExpectation,
  ConformanceExpectations,
  ConformanceScenarioExpectation,
} from '../../bench/schema/conformance.ts';

/** A check status as the suite writes it in `checks.json`. */
export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

/** One entry of the suite's `checks.json` (the fields compared). */
export interface SuiteCheck {
  id: string;
  name: string;
  status: CheckStatus;
  errorMessage?: string;
}

/** What one suite scenario gave: its checks, or why the suite produced none. */
export interface ScenarioOutcome {
  revision: Revision;
  role: Role;
  scenario: string;
  checks?: readonly SuiteCheck[];
  /** The run produced no `checks.json` (suite crash, oracle did not start, ...). */
  error?: string;
}

/** The suite's scenarios of one revision and role; `complete` when the whole list was run (enables stale/missing-entry checks). */
export interface SuiteUniverse {
  revision: Revision;
  role: Role;
  scenarios: readonly string[];
  complete: boolean;
}

export interface CompareInput {
  /** Project-relative path of the expectations file, the head of every problem. */
  file: string;
  expectations: ConformanceExpectations;
  /** `@modelcontextprotocol/conformance@<installed version>`. */
  installedSuite: string;
  universe: readonly SuiteUniverse[];
  /** Our oracle scenario ids per revision and role (what `against` may name). */
  oracleScenarios: Readonly<Record<Revision, Readonly<Record<Role, readonly string[]>>>>;
  outcomes: readonly ScenarioOutcome[];
}

/** One line of the summary table. */
export interface ScenarioRow {
  revision: Revision;
  role: Role;
  scenario: string;
  against: string;
  expect: ConformanceExpectation;
  /** Verdict units (checks after collapsing repeats) that passed, and all of them. */
  passed: number;
  total: number;
  /** The outcome matched the expectation. */
  ok: boolean;
}

const SEVERITY: Record<CheckStatus, number> = { FAILURE: 3, WARNING: 2, SUCCESS: 1, SKIPPED: 0, INFO: -1 };
const kindOf = (e: ConformanceExpectation): string => e.split(':')[0]!;
const oneLine = (s: string, max = 200): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
const describeCheck = (key: string, c: SuiteCheck): string =>
  `${key} ${c.status}${c.errorMessage ? `: ${oneLine(c.errorMessage)}` : ''}`;

/**
 * Group the verdict checks (INFO lines dropped) by expectation key (`id[name]` when the entry lists that, else `id`)
 * and keep the most severe of each group (FAILURE > WARNING > SUCCESS > SKIPPED; ties: the last), as the suite's own
 * baseline does, so a repeated id can never hide a failure.
 */
export function collapseChecks(
  checks: readonly SuiteCheck[],
  entry: Pick<ConformanceScenarioExpectation, 'checks'>,
): Map<string, SuiteCheck> {
  const out = new Map<string, SuiteCheck>();
  for (const c of checks) {
    if (c.status === 'INFO') continue;
    const named = `${c.id}[${c.name}]`;
    const key = entry.checks && named in entry.checks ? named : c.id;
    const cur = out.get(key);
    if (!cur || SEVERITY[c.status] >= SEVERITY[cur.status]) out.set(key, c);
  }
  return out;
}

/** Compare one scenario's outcome with its entry; problems are located at `<revision>.<role>.<scenario>[.checks.<key>]`. */
export function compareScenario(
  file: string,
  path: string,
  entry: ConformanceScenarioExpectation,
  outcome: ScenarioOutcome,
): { problems: Problem[]; passed: number; total: number } {
  const problems: Problem[] = [];
  if (outcome.error !== undefined || outcome.checks === undefined) {
    problems.push({
      file,
      field: path,
      message: `expected ${kindOf(entry.expect)}, but the suite run gave no checks: ${oneLine(outcome.error ?? 'no checks.json')}`,
      hint: 'run `npm run conformance -- --keep <dir>` and read the suite output there',
    });
    return { problems, passed: 0, total: 0 };
  }
  const units = collapseChecks(outcome.checks, entry);
  for (const key of Object.keys(entry.checks ?? {})) {
    if (!units.has(key))
      problems.push({
        file,
        field: `${path}.checks.${key}`,
        message: 'stale: the suite reported no such check in this scenario',
        hint: 'remove the entry (or fix its id / id[name])',
      });
  }
  const defaultFailing: string[] = [];
  const defaultPassing: string[] = [];
  let defaults = 0;
  for (const [key, c] of units) {
    const explicit = entry.checks?.[key];
    const expect = explicit ?? entry.expect;
    const passes = c.status === 'SUCCESS';
    if (explicit === undefined) {
      defaults++;
      if (passes) defaultPassing.push(key);
      else defaultFailing.push(describeCheck(key, c));
      continue;
    }
    const field = `${path}.checks.${key}`;
    if (expect === 'pass' && !passes)
      problems.push({
        file,
        field,
        message: `expected pass, got ${describeCheck(key, c)}`,
        hint: 'fix the oracle (a test that fails on the old code first), or, if the check needs what no task asks for, mark it not-applicable with the reason',
      });
    if (expect !== 'pass' && passes)
      problems.push({
        file,
        field,
        message: `stale: ${kindOf(expect)}, but the check passes`,
        hint: `remove the entry${entry.expect === 'pass' ? '' : ' or set it to "pass"'}`,
      });
  }
  if (entry.expect === 'pass') {
    if (defaultFailing.length > 0) {
      problems.push({
        file,
        field: path,
        message: `expected pass, got ${defaults - defaultFailing.length}/${defaults} checks (first failure: ${defaultFailing[0]})`,
        hint: 'fix the oracle (a test that fails on the old code first), or, if a check needs what no task asks for, list it under "checks" as not-applicable with the reason',
      });
    } else if (units.size === 0) {
      problems.push({
        file,
        field: path,
        message: 'expected pass, but the suite reported no verdict check (only INFO lines)',
        hint: 'a scenario that exercises nothing cannot pass: mark it not-applicable with the reason',
      });
    }
  } else if (defaultPassing.length > 0) {
    const all = defaultFailing.length === 0 && Object.values(entry.checks ?? {}).every((v) => v === 'pass');
    problems.push({
      file,
      field: path,
      message: `stale: expect is ${kindOf(entry.expect)}, but ${defaultPassing.length}/${defaults} of its checks pass (${defaultPassing.join(', ')})`,
      hint: all
        ? 'the whole scenario passes now: set "expect": "pass" (and drop "checks")'
        : 'list the passing checks as "pass" under "checks"',
    });
  }
  const passed = [...units.values()].filter((c) => c.status === 'SUCCESS').length;
  return { problems, passed, total: units.size };
}

/**
 * Compare a conformance run with the committed expectations. Problems (each one fails the run): a different suite
 * version; a suite scenario with no entry; an entry for a scenario the suite no longer has; an `against` that names no
 * oracle scenario; an unexpected failure; a not-applicable or known-disagreement entry that passes; a per-check entry
 * for a check the suite no longer reports.
 */
export function compareConformance(input: CompareInput): { problems: Problem[]; rows: ScenarioRow[] } {
  const { file, expectations: exp } = input;
  const problems: Problem[] = [];
  const rows: ScenarioRow[] = [];
  if (exp.suite !== input.installedSuite) {
    problems.push({
      file,
      field: 'suite',
      message: `written for ${exp.suite}, but ${input.installedSuite} is installed`,
      hint: 'install the pinned suite (npm ci --prefix conformance), or re-check every entry against the new suite and update "suite"',
    });
  }
  const missing = new Set<string>();
  for (const u of input.universe) {
    const entries = exp[u.revision][u.role];
    const known = new Set(u.scenarios);
    const oracles = input.oracleScenarios[u.revision][u.role];
    for (const s of u.scenarios) {
      if (entries[s] === undefined && u.complete) missing.add(`${u.revision}.${u.role}.${s}`);
    }
    for (const [s, e] of Object.entries(entries)) {
      const field = `${u.revision}.${u.role}.${s}`;
      if (!known.has(s)) {
        if (u.complete)
          problems.push({
            file,
            field,
            message: `stale: the suite has no ${u.role} scenario "${s}" in its ${u.revision} requirement set`,
            hint: `remove the entry (see \`conformance list --requirements ${u.revision}\`)`,
          });
        continue;
      }
      if (!oracles.includes(e.against))
        problems.push({
          file,
          field: `${field}.against`,
          message: `unknown oracle scenario "${e.against}"`,
          hint: `one of ${oracles.join(', ')} (scenarios/${u.revision}/${u.role}/)`,
        });
    }
  }
  for (const o of input.outcomes) {
    const path = `${o.revision}.${o.role}.${o.scenario}`;
    const entry = exp[o.revision][o.role][o.scenario];
    if (entry === undefined) {
      missing.add(path);
      continue;
    }
    const r = compareScenario(file, path, entry, o);
    problems.push(...r.problems);
    rows.push({
      revision: o.revision,
      role: o.role,
      scenario: o.scenario,
      against: entry.against,
      expect: entry.expect,
      passed: r.passed,
      total: r.total,
      ok: r.problems.length === 0,
    });
  }
  for (const path of missing) {
    problems.push({
      file,
      field: path,
      message: 'the suite has this scenario, but there is no expectation for it',
      hint: 'add { "against": "<oracle scenario>", "expect": "pass" } (or "not-applicable: <the fixture or feature no task asks for>") after reading the scenario source',
    });
  }
  return { problems, rows };
}
