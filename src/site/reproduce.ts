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

export function reproduceCommands(trial: TrialRow, repoUrl: string | undefined): Reproduce {
  const s = trial.subject;
  const where = `--revision ${trial.revision} --role ${trial.role}`;
  const setup = [
    `git clone ${repoUrl ?? '<repository>'} mcp-from-scratch && cd mcp-from-scratch`,
    `# a commit of benchmark version ${trial.benchmarkVersion} (scenarios/versions.json), then:`,
    'npm ci',
  ];
  if (s.kind === 'library')
    return {
      lines: [
        ...setup,
        'npm run libraries:install',
        `npm run libraries -- --library ${s.library} ${where} --check`,
        `npm run libraries -- --library ${s.library} ${where} --evidence`,
      ],
      what: `re-run every ${trial.role} scenario of ${s.label} through the same prober or reference server and compare the verdicts with the committed records (--evidence re-runs the raw exchanges behind each failure: curl or a recording server, no prober)`,
    };
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
