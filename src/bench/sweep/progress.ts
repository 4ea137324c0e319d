// What a sweep says while it runs: counts so far and an estimate of the time left. Pure (the clock comes in).
import { fmtMs } from '../replay/timeline.ts';

/** A shard's tallies. */
export interface SweepTally {
  /** This shard's trials. */
  total: number;
  /** Already in the bundle when this invocation started (a resumed shard). */
  resumed: number;
  /** Finished, the resumed ones included. */
  done: number;
  /** Completed trials scoring below 1 (a failed MUST, or a SHOULD missed). */
  failed: number;
  /** Infra-error trials (the harness failed; they count for nothing and make the shard exit non-zero). */
  infra: number;
  /** Contaminated trials (a planted canary turned up). */
  contaminated: number;
}

/**
 * Time left: this invocation's throughput so far (finished trials per elapsed time, whatever `--jobs`) applied to the
 * trials left; undefined before the first trial finishes.
 */
export function etaMs(t: SweepTally, elapsedMs: number): number | undefined {
  const ran = t.done - t.resumed;
  return ran > 0 ? (elapsedMs / ran) * (t.total - t.done) : undefined;
}

/** `12/40 done · 3 failed · 1 infra-error · ETA 4 min 10 s`: the updating line on a terminal. */
export function progressLine(t: SweepTally, elapsedMs: number): string {
  const eta = etaMs(t, elapsedMs);
  return [
    `${t.done}/${t.total} done`,
    `${t.failed} failed`,
    `${t.infra} infra-error`,
    ...(t.contaminated ? [`${t.contaminated} contaminated`] : []),
    t.done === t.total ? `in ${fmtMs(elapsedMs)}` : `ETA ${eta === undefined ? '…' : fmtMs(eta)}`,
  ].join(' · ');
}
