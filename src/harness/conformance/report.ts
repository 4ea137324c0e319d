import type { ScenarioRow } from './compare.ts';

/** The summary table: one line per suite scenario, `ok`/`FAIL`, checks passed, expectation (reasons cut to one line). */
export function formatRows(rows: readonly ScenarioRow[], notScored: ReadonlyMap<string, string>): string {
  const width = Math.max(0, ...rows.map((r) => r.scenario.length));
  return rows
    .map((r) => {
      const tag = notScored.get(`${r.revision}:${r.role}:${r.scenario}`);
      const expect = r.expect.length > 90 ? `${r.expect.slice(0, 89)}…` : r.expect;
      return `${r.ok ? 'ok  ' : 'FAIL'} ${r.revision} ${r.role.padEnd(6)} ${r.scenario.padEnd(width)} ${`${r.passed}/${r.total}`.padStart(5)}  vs ${r.against}: ${expect}${tag ? ` [not scored: ${tag}]` : ''}`;
    })
    .join('\n');
}
