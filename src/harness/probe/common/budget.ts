import { parseJsonBounded } from '../../../bench/judge/bounded-json.ts';
import { DEFAULT_CLIENT_CAPS, type ClientCaps } from '../../wire/client.ts';
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
  /** Cap on SSE events per response. */
  maxEvents: number;
  /** Cap on response bytes over the whole run: past it the exchange is cut and the remaining steps are skipped. */
  trialBytes: number;
  /** Cap on SSE events over the whole run, likewise. */
  trialEvents: number;
}

export const DEFAULT_LIMITS: ProbeLimits = {
  requestMs: 4000,
  totalMs: 30_000,
  graceMs: 1000,
  maxBytes: DEFAULT_CLIENT_CAPS.maxBytes,
  maxEvents: DEFAULT_CLIENT_CAPS.maxEvents,
  trialBytes: DEFAULT_CLIENT_CAPS.trialBytes,
  trialEvents: DEFAULT_CLIENT_CAPS.trialEvents,
};

/** The recording client's caps for a run with these limits. */
export function clientCaps(l: ProbeLimits): Partial<ClientCaps> {
  return { maxBytes: l.maxBytes, maxEvents: l.maxEvents, trialBytes: l.trialBytes, trialEvents: l.trialEvents };
}

/**
 * The caps of one probe run, whatever the revision: the scenario deadline starts when the budget is made, and every
 * step asks it for a request timeout. A step past the deadline, or after a per-run cap of the client was spent
 * (`spent` names it), is skipped and noted, never sent.
 */
export class ProbeBudget {
  readonly limits: ProbeLimits;
  private readonly recorder: WireRecorder;
  private readonly deadline: number;
  private readonly spent: () => string | undefined;

  constructor(
    recorder: WireRecorder,
    limits: Partial<ProbeLimits> = {},
    spent: () => string | undefined = () => undefined,
  ) {
    this.recorder = recorder;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.deadline = performance.now() + this.limits.totalMs;
    this.spent = spent;
  }

  /** Milliseconds to the scenario's deadline (0 once it passed): a plan's pauses never outlast the budget. */
  left(): number {
    return Math.max(0, Math.floor(this.deadline - performance.now()));
  }

  /**
   * Time left for the next request, or undefined (and a note) when the scenario cap is spent. A `standing` stream
   * (one the plan ends itself, through an abort signal) is capped by the scenario's time left, not by `requestMs`: the
   * plan's own steps run while it is open, and on a loaded machine they can take longer than one request may.
   */
  next(step: string, standing = false): number | undefined {
    const cap = this.spent();
    if (cap !== undefined) {
      this.recorder.note(`skipped step ${step}: the ${cap} cap of this probe run is spent`);
      return undefined;
    }
    const left = Math.floor(this.deadline - performance.now());
    if (left >= 50) return standing ? left : Math.min(this.limits.requestMs, left);
    this.recorder.note(`skipped step ${step}: scenario time cap of ${this.limits.totalMs} ms reached`);
    return undefined;
  }
}

/** Whether SSE `data` is a JSON-RPC response with the given (JSON-encoded) id. Total: deep or huge data is no answer. */
export function answers(data: string, id: string): boolean {
  const m = parseJsonBounded(data) as Record<string, unknown> | null | undefined; // any JSON value
  return typeof m === 'object' && m !== null && ('result' in m || 'error' in m) && JSON.stringify(m.id) === id;
}
