// npm run conformance [-- --revision R] [--role server|client] [--scenario <suite scenario>] [--keep DIR]
// Runs the official MCP conformance suite (pinned in conformance/package.json; `npm ci --prefix conformance` first)
// against our oracle servers and clients and compares with conformance/expectations.json. Exit 1 on any difference.
import { resolve } from 'node:path';
import { formatProblem } from '../src/bench/problems.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { formatRows } from '../src/harness/conformance/report.ts';
import { runConformance } from '../src/harness/conformance/run.ts';
import { asRevision, asRole, parseCli, runCli } from '../src/harness/cli-args.ts';

const USAGE =
  'npm run conformance -- [--revision 2026-07-28] [--role server] [--scenario tools-list] [--keep /tmp/conformance-out]';

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    { revision: { type: 'string' }, role: { type: 'string' }, scenario: { type: 'string' }, keep: { type: 'string' } },
    USAGE,
  );
  const started = Date.now();
  const r = await runConformance({
    root: projectRoot(),
    ...(a.revision !== undefined ? { revisions: [asRevision(a.revision)] } : {}),
    ...(a.role !== undefined ? { roles: [asRole(a.role)] } : {}),
    ...(a.scenario !== undefined ? { scenario: a.scenario } : {}),
    ...(a.keep !== undefined ? { keepDir: resolve(a.keep) } : {}),
    log: (l) => console.error(`conformance: ${l}`),
  });
  console.log(formatRows(r.rows, r.notScored));
  for (const p of r.problems) console.error(formatProblem(p));
  const bad = r.rows.filter((x) => !x.ok).length;
  console.log(
    `\nconformance: ${r.rows.length} suite scenarios, ${r.rows.length - bad} as expected, ${r.problems.length} problem(s), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.problems.length === 0 ? 0 : 1;
}

runCli('conformance', main);
