// How a running shard shows its progress: on a terminal one line rewritten in place (counts and an ETA), with a
// permanent line for each trial that needs a look (infra-error, contaminated); elsewhere (CI logs, files) one plain
// line per finished trial, which stays readable when interleaved with other output.
import { progressLine, type SweepTally } from '../../bench/sweep/progress.ts';
import { fmtMs } from '../../bench/replay/timeline.ts';
import { scoreTrial } from '../../bench/scoring/score.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { FinishedTrial } from './run.ts';

/** Where progress goes: stderr in the CLI. */
export interface ProgressSink {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** What one finished trial came to, in a few words. */
export function outcomeText(f: FinishedTrial): string {
  const r = f.record;
  const left = f.leftovers ? `, ${f.leftovers} process(es) survived cleanup` : '';
  if (r.status === 'infra-error') return `infra-error (${r.infraReason ?? 'no reason'})${left}`;
  return `${r.status}, score ${scoreTrial(r.verdicts).score.toFixed(3)}${left}`;
}

export interface ProgressView {
  finished(f: FinishedTrial): void;
  /** The last word (a terminal gets its line ended). */
  end(): SweepTally;
}

/** Count one record into the tally. */
function count(tally: SweepTally, r: Pick<TrialRecord, 'status' | 'verdicts'>): void {
  tally.done++;
  if (r.status === 'infra-error') tally.infra++;
  else if (r.status === 'contaminated') tally.contaminated++;
  else if (scoreTrial(r.verdicts).score < 1) tally.failed++;
}

/** Start showing a shard's progress: `total` trials, `resumed` the records already in the bundle. */
export function progressView(
  sink: ProgressSink,
  total: number,
  resumed: readonly Pick<TrialRecord, 'status' | 'verdicts'>[],
  now: () => number = () => performance.now(),
): ProgressView {
  const t0 = now();
  const tally: SweepTally = { total, resumed: resumed.length, done: 0, failed: 0, infra: 0, contaminated: 0 };
  for (const r of resumed) count(tally, r);
  const tty = sink.isTTY === true;
  const redraw = () => sink.write(`\r\x1b[2Ksweep: ${progressLine(tally, now() - t0)}`);
  if (tty) redraw();
  return {
    finished(f) {
      const r = f.record;
      count(tally, r);
      const line = `[${tally.done}/${total}] ${f.trial.key}: ${outcomeText(f)} in ${fmtMs(f.wallMs)}`;
      if (!tty) sink.write(`sweep: ${line}\n`);
      else {
        if (r.status !== 'completed') sink.write(`\r\x1b[2Ksweep: ${line}\n`);
        redraw();
      }
    },
    end() {
      if (tty) sink.write('\n');
      return tally;
    },
  };
}
