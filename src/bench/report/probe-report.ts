// What `npm run probe` writes for people and CI systems beside its terminal table: Markdown (a pull request comment,
// a job summary) and JUnit XML (what CI systems read as tests: a suite per scenario, a test per checkpoint). Pure:
// from the trial records the probe built.
import type { TrialRecord } from '../schema/trial.ts';
import type { Verdict } from '../schema/verdict.ts';
import { scoreTrial } from '../scoring/score.ts';

/** One probed scenario: its id and title, and the record the probe built. */
export interface ProbedScenario {
  scenario: string;
  title: string;
  record: Pick<TrialRecord, 'verdicts'>;
}

/** What a probe run was: the endpoint, the revision and role, and each scenario's record, in probe order. */
export interface ProbeRun {
  /** The server's URL, or the client command (role client). */
  url: string;
  revision: string;
  role: 'server' | 'client';
  probed: ProbedScenario[];
}

/** When a run counts as failed for a CI step: a failed MUST, a failed MUST or SHOULD, or never. */
export type FailOn = 'must' | 'should' | 'never';

/** Whether the run fails under `failOn` (MAY never fails a run: it never moves a score). */
export function runFails(run: ProbeRun, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return run.probed.some(({ record }) => {
    const s = scoreTrial(record.verdicts);
    return s.mustFailed.length > 0 || (failOn === 'should' && s.should.passed < s.should.applicable);
  });
}

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
/** "score 0.800 (no MUST failed; SHOULD 4/5; MAY 1/1)": a record's score line, as every probe report prints it. */
export const scoreLine = (r: Pick<TrialRecord, 'verdicts'>): string => {
  const s = scoreTrial(r.verdicts);
  const must = s.mustFailed.length ? `MUST failed: ${s.mustFailed.join(', ')}` : 'no MUST failed';
  return `score ${s.score.toFixed(3)} (${must}; SHOULD ${s.should.passed}/${s.should.applicable}; MAY ${s.may.passed}/${s.may.applicable})`;
};

/** The run as Markdown: a summary table of scenarios, then each scenario's verdicts, failures first. */
export function probeMarkdown(run: ProbeRun): string {
  const out = [
    `# MCP From Scratch probe: ${run.role} role, revision ${run.revision}`,
    '',
    `${run.role === 'server' ? 'Endpoint' : 'Client command'}: \`${cell(run.url)}\``,
    '',
    '| scenario | score | MUST failed | SHOULD passed |',
    '| --- | --- | --- | --- |',
    ...run.probed.map(({ scenario, record }) => {
      const s = scoreTrial(record.verdicts);
      return `| ${cell(scenario)} | ${s.score.toFixed(3)} | ${s.mustFailed.length} | ${s.should.passed}/${s.should.applicable} |`;
    }),
  ];
  for (const { scenario, title, record } of run.probed) {
    const verdicts = [...record.verdicts].sort((a, b) => rank(a) - rank(b));
    out.push(
      '',
      `## ${cell(title)} (\`${scenario}\`)`,
      '',
      scoreLine(record),
      '',
      '| checkpoint | sentence | level | verdict | message |',
      '| --- | --- | --- | --- | --- |',
      ...verdicts.map(
        (v) =>
          `| \`${v.checkpoint}\` | ${v.spec ?? 'task'} | ${v.level} | ${v.verdict === 'fail' ? '**fail**' : v.verdict} | ${cell(v.message)} |`,
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

/** Failures first (MUST, then SHOULD, then MAY), then the rest in the record's order. */
const rank = (v: Verdict): number => (v.verdict === 'fail' ? ({ MUST: 0, SHOULD: 1, MAY: 2 } as const)[v.level] : 3);

const xml = (s: string): string =>
  s
    // XML 1.0 has no place for most control characters, and a peer's message may carry any.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * The run as JUnit XML: a suite per scenario, a test case per checkpoint. A failed MUST or SHOULD is a `<failure>`; a
 * failed MAY and a not-applicable checkpoint are `<skipped>` (neither moves a score).
 */
export function probeJunit(run: ProbeRun): string {
  const suites = run.probed.map(({ scenario, record }) => {
    const failures = record.verdicts.filter((v) => v.verdict === 'fail' && v.level !== 'MAY').length;
    const skipped = record.verdicts.filter(
      (v) => v.verdict === 'not-applicable' || (v.verdict === 'fail' && v.level === 'MAY'),
    ).length;
    const cls = xml(`mcp.${run.revision}.${run.role}.${scenario}`);
    const cases = record.verdicts.map((v) => {
      const name = xml(`${v.checkpoint} (${v.level}${v.spec ? ` ${v.spec}` : ', the task'})`);
      const open = `    <testcase classname="${cls}" name="${name}">`;
      if (v.verdict === 'pass') return `    <testcase classname="${cls}" name="${name}"/>`;
      if (v.verdict === 'fail' && v.level !== 'MAY')
        return `${open}\n      <failure message="${xml(v.message)}" type="${v.level}">${xml(v.message)}</failure>\n    </testcase>`;
      const why =
        v.verdict === 'fail' ? `MAY not met (never moves the score): ${v.message}` : `not applicable: ${v.message}`;
      return `${open}\n      <skipped message="${xml(why)}"/>\n    </testcase>`;
    });
    return [
      `  <testsuite name="${cls}" tests="${record.verdicts.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const total = run.probed.reduce((n, p) => n + p.record.verdicts.length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(`MCP From Scratch probe ${run.url}`)}" tests="${total}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * The scenarios of a revision as `probe --list` prints them: per role, each id with its title and the tools the task
 * names (a server exposes them, a client calls them). A server without a scenario's tools fails its task checkpoint
 * and is judged on every sentence its answers still show.
 */
export function scenarioList(
  scenarios: readonly { id: string; role: string; title: string; tools: readonly { name: string }[] }[],
): string {
  const out: string[] = [];
  for (const role of ['server', 'client'] as const) {
    const mine = scenarios.filter((s) => s.role === role);
    if (mine.length === 0) continue;
    out.push(`${role} scenarios (${role === 'server' ? 'tools to expose' : 'tools to call'}):`);
    const width = Math.max(...mine.map((s) => s.id.length));
    for (const s of mine)
      out.push(
        `  ${s.id.padEnd(width)}  ${s.title} · ${s.tools.length ? s.tools.map((t) => t.name).join(', ') : 'no tools'}`,
      );
  }
  return `${out.join('\n')}\n`;
}
