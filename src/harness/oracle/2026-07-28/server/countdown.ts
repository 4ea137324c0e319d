import type { ServerResponse } from 'node:http';
import { formatSse } from '../../../wire/sse.ts';
import type { MutantId } from './mutants.ts';
import type { Responder } from './respond.ts';
import { num, str, text, ToolInputError } from './tools.ts';

/** One countdown tick; 40 ticks outlast the probe's late job_status, so a countdown left running is still running. */
const TICK_MS = 100;
const MAX_N = 100;

interface Job {
  state: 'running' | 'done' | 'cancelled';
  ticks: number;
}

/**
 * The streaming scenario's tools: `countdown` answers over SSE with a progress notification per tick (when the
 * request carries a progressToken) and then `liftoff`; closing its stream cancels it (260728-shttp-235,
 * cancellation-40). `job_status` reports a job as `running <ticks>`, `done <ticks>` or `cancelled <ticks>`.
 */
export class Countdowns {
  private readonly jobs = new Map<string, Job>();
  private readonly out: Responder;
  private readonly mutant?: MutantId;
  /** The progressToken of the last countdown started: what the cross-progress mutant leaks onto later streams. */
  private lastToken: unknown;
  /** Told the id of every request cancelled by a disconnect (the listen streams' cancel-notice-on-cut mutant). */
  private readonly onCancel: (id: unknown) => void;

  constructor(out: Responder, mutant?: MutantId, onCancel: (id: unknown) => void = () => undefined) {
    this.out = out;
    this.mutant = mutant;
    this.onCancel = onCancel;
  }

  start(res: ServerResponse, id: unknown, args: Record<string, unknown>, token: unknown): void {
    const jobId = str(args.jobId, 'jobId');
    const n = num(args.n, 'n', true);
    if (n < 1 || n > MAX_N) throw new ToolInputError(`argument "n" must be an integer from 1 to ${MAX_N}`);
    const job: Job = { state: 'running', ticks: 0 };
    this.jobs.set(jobId, job);
    const other = this.mutant === 'cross-progress' ? this.lastToken : undefined;
    this.lastToken = token;
    const write = (m: unknown) => {
      if (!res.destroyed && !res.writableEnded) res.write(formatSse({ data: JSON.stringify(m) }));
    };
    const progress = (t: unknown, k: number) => ({
      jsonrpc: '2.0',
      ...(this.mutant === 'notification-with-id' ? { id: `progress-${k}` } : {}),
      method: 'notifications/progress',
      params: { progressToken: t, progress: k, total: n },
    });
    this.out.sseHead(res);
    const timer = setInterval(() => {
      job.ticks += 1;
      if (token !== undefined) write(progress(token, job.ticks));
      if (other !== undefined && other !== token) write(progress(other, job.ticks));
      if (job.ticks < n) return;
      clearInterval(timer);
      job.state = 'done';
      this.out.strayRequest(res);
      write(
        this.out.message(id, { result: this.out.result(text(this.mutant === 'wrong-results' ? 'liftof' : 'liftoff')) }),
      );
      res.end();
    }, TICK_MS);
    res.on('close', () => {
      if (job.state !== 'running' || this.mutant === 'ignore-disconnect') return;
      clearInterval(timer);
      job.state = 'cancelled';
      this.onCancel(id);
    });
  }

  status(args: Record<string, unknown>): Record<string, unknown> {
    const jobId = str(args.jobId, 'jobId');
    const job = this.jobs.get(jobId);
    if (!job) throw new ToolInputError(`unknown job ${JSON.stringify(jobId)}`);
    return text(`${job.state} ${job.ticks}`);
  }
}
