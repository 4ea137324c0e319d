import type { WireRecorder } from '../../wire/recorder.ts';

/** Bounds of one probe run. Generous for slow agent servers, short enough for a local test suite. */
export interface ProbeLimits {
  /** Cap on one request/response, ms. */
  requestMs: number;
  /** Cap on the whole scenario, ms: steps past it are skipped (and noted). */
  totalMs: number;
  /** How long an SSE stream may stay open after it delivered its response before the prober cuts it, ms. */
  graceMs: number;
  /** Cap on response bytes per request. */
  maxBytes: number;
}

export const DEFAULT_LIMITS: ProbeLimits = { requestMs: 4000, totalMs: 30_000, graceMs: 1000, maxBytes: 1024 * 1024 };

/**
 * The time caps of one probe run, whatever the revision: the scenario deadline starts when the budget is made, and
 * every step asks it for a request timeout (a step past the deadline is skipped and noted, never sent).
 */
export class ProbeBudget {
  readonly limits: ProbeLimits;
  private readonly recorder: WireRecorder;
  private readonly deadline: number;

  constructor(recorder: WireRecorder, limits: Partial<ProbeLimits> = {}) {
    this.recorder = recorder;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.deadline = performance.now() + this.limits.totalMs;
  }

  /** Time left for the next request, or undefined (and a note) when the scenario cap is spent. */
  next(step: string): number | undefined {
    const left = Math.floor(this.deadline - performance.now());
    if (left >= 50) return Math.min(this.limits.requestMs, left);
    this.recorder.note(`skipped step ${step}: scenario time cap of ${this.limits.totalMs} ms reached`);
    return undefined;
  }
}

/** Whether SSE `data` is a JSON-RPC response with the given (JSON-encoded) id. */
export function answers(data: string, id: string): boolean {
  try {
    const m = JSON.parse(data) as Record<string, unknown>;
    return typeof m === 'object' && m !== null && ('result' in m || 'error' in m) && JSON.stringify(m.id) === id;
  } catch {
    return false;
  }
}
