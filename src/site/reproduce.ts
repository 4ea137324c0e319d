// What a trial page offers someone who doubts a verdict: the commands that re-run it on their own machine, and a link
// that opens a pre-filled issue to dispute one verdict. Record-scoped (no build commit: the page is reused across
// builds): the commands name the benchmark version the record was made by, and the repository setting's URL.
import type { TrialRow } from '../bench/derive/dataset.ts';
import type { Verdict } from '../bench/schema/verdict.ts';

/** The shell lines that re-run a trial like this one, and what they check. */
export interface Reproduce {
  lines: string[];
  /** What the commands do, as a verb phrase ("re-run …"). */
  what: string;
}

/**
 * `commit`: the build commit, when the page may show it (library trials' pages do; an agent's trial page is reused
 * across builds, so it names the record's benchmark version instead).
 */
export function reproduceCommands(trial: TrialRow, repoUrl: string | undefined, commit?: string | null): Reproduce {
  const s = trial.subject;
  const where = `--revision ${trial.revision} --role ${trial.role}`;
  const setup = setupLines(repoUrl, commit, trial.benchmarkVersion);
  if (s.kind === 'library')
    return libraryReproduce(
      `${s.library!}@${s.libraryVersion!}`,
      s.label,
      [trial],
      repoUrl,
      commit,
      trial.benchmarkVersion,
    );
  if (s.kind === 'calibration')
    return {
      lines: [...setup, `npm run calibrate -- ${where} --scenario ${trial.scenario} --check`],
      what: 're-run the oracle, null subject, mutants, cheater and scripted agents on this scenario and compare the verdicts with the committed records',
    };
  return {
    lines: [...setup, `npm run verify -- ${trial.files.record}`],
    what: "re-run the agent's stored solution (its snapshot) in a fresh sandbox and compare every verdict with the record",
  };
}

const setupLines = (repoUrl: string | undefined, commit: string | null | undefined, version: string): string[] => [
  `git clone ${repoUrl ?? '<repository>'} mcp-from-scratch && cd mcp-from-scratch`,
  commit && /^[0-9a-f]{40}$/.test(commit)
    ? `git checkout ${commit}   # the commit this page was built from`
    : `# a commit of benchmark version ${version} (scenarios/versions.json), then:`,
  'npm ci',
];

/**
 * The commands that re-run a library's cells (revision × role) through the prober or reference server, compare the
 * verdicts with the committed records, and re-run the raw evidence behind each failure. `library` is `name@version`:
 * `--library <name>` alone would select every registered release.
 */
export function libraryReproduce(
  library: string,
  label: string,
  cells: readonly { revision: string; role: string }[],
  repoUrl: string | undefined,
  commit: string | null | undefined,
  version: string,
): Reproduce {
  const seen = [...new Map(cells.map((c) => [`${c.revision} ${c.role}`, c])).values()];
  const where = (c: { revision: string; role: string }) => `--revision ${c.revision} --role ${c.role}`;
  return {
    lines: [
      ...setupLines(repoUrl, commit, version),
      'npm run libraries:install',
      ...seen.flatMap((c) => [
        `npm run libraries -- --library ${library} ${where(c)} --check`,
        `npm run libraries -- --library ${library} ${where(c)} --evidence`,
      ]),
    ],
    what: `re-run ${seen.length === 1 ? `every ${seen[0]!.role} scenario` : 'every scenario'} of ${label} through the same prober or reference server and compare the verdicts with the committed records (--evidence re-runs the raw exchanges behind each failure: curl or a recording server, no prober)`,
  };
}

/** A GitHub "new issue" URL pre-filled to dispute one verdict of a trial; undefined without a repository URL. */
export function disputeUrl(trial: TrialRow, v: Verdict, repoUrl: string | undefined): string | undefined {
  if (!repoUrl) return undefined;
  const title = `Dispute: ${v.checkpoint} (${v.verdict}) on ${trial.subject.label}, ${trial.revision} ${trial.role} ${trial.scenario}`;
  const body = [
    `Trial: ${trial.id} (${trial.files.record})`,
    `Subject: ${trial.subject.id}`,
    `Checkpoint: ${v.checkpoint} (${v.level}${v.spec ? `, sentence ${v.spec}` : ''})`,
    `Verdict: ${v.verdict}: ${v.message.slice(0, 500)}`,
    `Benchmark version: ${trial.benchmarkVersion}`,
    '',
    'Which reading of the sentence does the subject follow, and where is it documented or defended upstream (SDK docs, a spec issue, the conformance suite)? Or which exchange does the judge misread?',
  ].join('\n');
  return `${repoUrl}/issues/new?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}
