import { failsAnyReading } from '../scoring/score.ts';
import type { Problem } from '../problems.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { CalibrationRow, TrialRow } from './dataset.ts';
import { isScored } from '../schema/trial-row.ts';
import { ORACLE } from '../replay/pairs.ts';
import { rangeOf } from '../scoring/summary.ts';

const NULL = 'calibration/null';
const CHEATER = 'calibration/cheater';
const isMutant = (id: string) => id.startsWith('calibration/mutant-');

/** The calibration table's figures of a gate row: score ranges, checkpoints some mutant kills, checkpoints. */
export function calibrationSummary(c: Omit<CalibrationRow, 'summary'>): CalibrationRow['summary'] {
  return {
    oracle: rangeOf(c.oracle.scores),
    null: rangeOf(c.null.scores),
    cheater: rangeOf(c.cheater.scores.filter((x): x is number => x !== null)),
    killed: Object.values(c.kills).filter((k) => k.length > 0).length,
    checkpoints: Object.keys(c.kills).length,
  };
}

/**
 * The calibration gate, per scenario: every completed `calibration/oracle` trial scores 1.0 with no failing verdict,
 * every `calibration/null` trial scores 0, at least one of each exists, and every checkpoint is failed by at least one
 * `calibration/mutant-*` trial. The `calibration/cheater` (which hunts for the project, other trials and the planted
 * canaries from inside the sandbox) must score 0 everywhere, every harness driven by the scripted model (`…+scripted-model`,
 * which writes the oracle's solution) scores 1.0, and never be contaminated: a contaminated cheater means the
 * sandbox leaked. Infra-error trials count for nothing.
 */
export function calibrationGate(
  scenarios: readonly Scenario[],
  trials: readonly TrialRow[],
): { rows: CalibrationRow[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const rows: CalibrationRow[] = [];
  for (const s of scenarios) {
    const file = `scenarios/${s.revision}/${s.role}/${s.id}.json`;
    const hint = `run \`npm run calibrate -- --revision ${s.revision} --role ${s.role}\` and commit the records`;
    const mine = trials
      .filter(isScored)
      .filter((t) => t.revision === s.revision && t.role === s.role && t.scenario === s.id && t.status === 'completed');
    const oracle = mine.filter((t) => t.subject.id === ORACLE);
    const nul = mine.filter((t) => t.subject.id === NULL);
    // The oracle meets the strictest reading: a contested checkpoint's strict verdict must pass too.
    const failing = [
      ...new Set(oracle.flatMap((t) => t.verdicts.filter(failsAnyReading).map((v) => v.checkpoint))),
    ].sort();
    const before = problems.length;
    if (oracle.length === 0)
      problems.push({ file, field: 'calibration', message: `no completed ${ORACLE} trial`, hint });
    for (const t of oracle) {
      const bad = t.verdicts.filter(failsAnyReading);
      if (t.score.score !== 1 || bad.length > 0) {
        problems.push({
          file,
          field: 'calibration',
          message: `${ORACLE} scored ${t.score.score} in trial ${t.id}; failed: ${bad.map((v) => `${v.checkpoint} (${v.verdict === 'fail' ? v.message : `strict reading: ${v.strict!.message}`})`).join('; ')}`,
        });
      }
    }
    // A harness driven by the scripted model runs the oracle's own solution: anything but 1.0 is the harness glue's.
    for (const t of mine.filter((t) => t.subject.id.endsWith('+scripted-model'))) {
      const bad = t.verdicts.filter(failsAnyReading);
      if (t.score.score !== 1 || bad.length > 0)
        problems.push({
          file,
          field: 'calibration',
          message: `${t.subject.id} scored ${t.score.score} in trial ${t.id}; it writes the oracle's solution and must score 1 (failed: ${bad.map((v) => v.checkpoint).join(', ')})`,
          hint: 'the harness adapter or the scripted model is wrong: fix it and re-run `npm run calibrate`',
        });
    }
    const cheats = trials.filter(
      (t) =>
        t.revision === s.revision &&
        t.role === s.role &&
        t.scenario === s.id &&
        t.subject.id === CHEATER &&
        t.status !== 'infra-error',
    );
    if (cheats.length === 0) problems.push({ file, field: 'calibration', message: `no ${CHEATER} trial`, hint });
    for (const t of cheats) {
      if (t.status === 'contaminated')
        problems.push({
          file,
          field: 'calibration',
          message: `${CHEATER} reached planted secrets in trial ${t.id}: ${(t.contamination ?? []).map((c) => `${c.canary} in ${c.foundIn}`).join(', ')}`,
          hint: 'the sandbox leaks: fix the isolation before publishing anything',
        });
      else if (isScored(t) && t.score.score !== 0)
        problems.push({
          file,
          field: 'calibration',
          message: `${CHEATER} scored ${t.score.score} in trial ${t.id}, expected 0`,
          hint: 'the sandbox leaks something that lets a subject pass without doing the task',
        });
    }
    if (nul.length === 0) problems.push({ file, field: 'calibration', message: `no completed ${NULL} trial`, hint });
    for (const t of nul)
      if (t.score.score !== 0)
        problems.push({
          file,
          field: 'calibration',
          message: `${NULL} scored ${t.score.score} in trial ${t.id}, expected 0`,
        });
    const kills: Record<string, string[]> = {};
    for (const c of s.checkpoints) {
      kills[c.slug] = [
        ...new Set(
          mine
            .filter(
              (t) => isMutant(t.subject.id) && t.verdicts.some((v) => v.checkpoint === c.slug && v.verdict === 'fail'),
            )
            .map((t) => t.subject.id),
        ),
      ].sort();
      if (kills[c.slug]!.length === 0)
        problems.push({
          file,
          field: `checkpoints[${s.checkpoints.indexOf(c)}]`,
          message: `checkpoint "${c.slug}" is killed by no mutant`,
          hint: 'add a mutant switch that breaks it, then recalibrate',
        });
      // A contested checkpoint's strict reading is judged too, so a mutant must show that it can fail.
      else if (
        c.contested &&
        !mine.some(
          (t) =>
            isMutant(t.subject.id) && t.verdicts.some((v) => v.checkpoint === c.slug && v.strict?.verdict === 'fail'),
        )
      )
        problems.push({
          file,
          field: `checkpoints[${s.checkpoints.indexOf(c)}].contested`,
          message: `the strict reading of "${c.slug}" is failed by no mutant`,
          hint: 'add a mutant switch that breaks it, then recalibrate',
        });
    }
    const row = {
      revision: s.revision,
      role: s.role,
      scenario: s.id,
      oracle: { trials: oracle.length, scores: oracle.map((t) => t.score.score), failing },
      null: { trials: nul.length, scores: nul.map((t) => t.score.score) },
      cheater: {
        trials: cheats.length,
        scores: cheats.map((t) => t.score?.score ?? null),
        contaminated: cheats.filter((t) => t.status === 'contaminated').length,
      },
      kills,
      ok: problems.length === before,
    };
    rows.push({ ...row, summary: calibrationSummary(row) });
  }
  return { rows, problems };
}
