import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import { probeJunit, probeMarkdown, runFails, scenarioList, type ProbeRun } from './probe-report.ts';

const v = (
  checkpoint: string,
  level: Verdict['level'],
  verdict: Verdict['verdict'],
  message: string = verdict,
): Verdict => ({
  checkpoint,
  spec: checkpoint === 'task' ? null : `251125-transports-${checkpoint.length}`,
  level,
  verdict,
  evidence: [],
  message,
});
const run = (...verdicts: Verdict[][]): ProbeRun => ({
  url: 'http://127.0.0.1:3000/mcp',
  revision: '2025-11-25',
  role: 'server',
  probed: verdicts.map((vs, i) => ({ scenario: `s${i}`, title: `Scenario ${i}`, record: { verdicts: vs } })),
});

describe('probe reports for people and CI', () => {
  const mixed = run(
    [v('task', 'MUST', 'pass'), v('should-a', 'SHOULD', 'fail', 'no | pipe\nhere'), v('may-b', 'MAY', 'fail')],
    [v('task', 'MUST', 'pass'), v('na-c', 'SHOULD', 'not-applicable')],
  );

  it('fail a CI step on a failed MUST, or on a failed SHOULD when asked, never on a MAY', () => {
    expect(runFails(mixed, 'must')).toBe(false);
    expect(runFails(mixed, 'should')).toBe(true);
    expect(runFails(mixed, 'never')).toBe(false);
    expect(runFails(run([v('task', 'MUST', 'fail')]), 'must')).toBe(true);
    expect(runFails(run([v('may', 'MAY', 'fail')]), 'should')).toBe(false);
  });

  it('write Markdown: a summary row per scenario, then its verdicts with failures first and table cells kept whole', () => {
    const md = probeMarkdown(mixed);
    expect(md).toContain('| s0 | 0.000 | 0 | 0/1 |');
    expect(md).toContain('| s1 | 1.000 | 0 | 0/0 |');
    const s0 = md.slice(md.indexOf('## Scenario 0'), md.indexOf('## Scenario 1'));
    expect(s0.indexOf('`should-a`')).toBeLessThan(s0.indexOf('`task`'));
    expect(s0).toContain('| **fail** | no \\| pipe here |');
  });

  it('write JUnit XML: a suite per scenario, MUST/SHOULD failures as failures, MAY and n/a as skipped', () => {
    const x = probeJunit(mixed);
    expect(x).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(x).toContain('<testsuite name="mcp.2025-11-25.server.s0" tests="3" failures="1" errors="0" skipped="1">');
    expect(x).toContain('<testsuite name="mcp.2025-11-25.server.s1" tests="2" failures="0" errors="0" skipped="1">');
    expect(x).toContain('<failure message="no | pipe\nhere" type="SHOULD">');
    expect(x).toContain('<skipped message="MAY not met (never moves the score): fail"/>');
    expect(x.match(/<testcase /g)).toHaveLength(5);
  });

  it("escapes a peer's message in XML, control characters included", () => {
    const x = probeJunit(run([v('task', 'MUST', 'fail', `<script>"&'\u0001</script>`)]));
    expect(x).toContain('message="&lt;script&gt;&quot;&amp;\'\ufffd&lt;/script&gt;"');
    expect(x).not.toContain('<script>');
  });
});

describe('the scenario list', () => {
  it('names each scenario of each role with the tools its task names', () => {
    expect(
      scenarioList([
        { id: 'tools-basics', role: 'server', title: 'Tools basics', tools: [{ name: 'add' }, { name: 'echo' }] },
        { id: 'call-tool', role: 'client', title: 'Call a tool', tools: [] },
      ]),
    ).toBe(
      'server scenarios (tools to expose):\n  tools-basics  Tools basics · add, echo\nclient scenarios (tools to call):\n  call-tool  Call a tool · no tools\n',
    );
  });
});
