import { McpfsError } from '../errors.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { cutText } from './bounded-json.ts';
import { toExchanges, type Exchange } from './exchanges.ts';
import type { JudgeRegistry, JudgeResult } from './types.ts';

/** A judge is missing: a defect of this benchmark, never of the subject. */
export class JudgeError extends McpfsError {
  readonly slug: string;
  constructor(slug: string, message: string) {
    super(message);
    this.slug = slug;
  }
}

/** Longest verdict message kept (real ones stay under 300 characters; a peer's data quoted in one may not). */
export const MESSAGE_MAX = 600;

/** Why a judge threw, as a failed verdict: what a peer sent made it throw, so the peer does not get the point. */
function crashed(slug: string, e: unknown): JudgeResult {
  const why = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    verdict: 'fail',
    evidence: [],
    message: `judge "${slug}" could not judge this trace (${cutText(why, 200)}); failed`,
  };
}

/**
 * Run every checkpoint's judge over one wire log, in scenario order. Total: a judge that throws (on input no judge
 * anticipated) yields a failed verdict naming the error, so the trial still gets its record; derive re-runs the same
 * judges on the same log and gets the same verdicts. Throws JudgeError only when a checkpoint has no judge at all.
 */
export function judgeTrial(scenario: Scenario, log: WireLog, registry: JudgeRegistry): Verdict[] {
  const judges = registry[scenario.revision]?.[scenario.role] ?? {};
  let exchanges: Exchange[] | undefined;
  let broken: unknown;
  try {
    exchanges = toExchanges(log);
  } catch (e) {
    broken = e;
  }
  return scenario.checkpoints.map((checkpoint) => {
    const judge = judges[checkpoint.slug];
    if (!judge)
      throw new JudgeError(
        checkpoint.slug,
        `no judge registered for checkpoint "${checkpoint.slug}" (${scenario.revision} ${scenario.role})`,
      );
    let r: JudgeResult;
    try {
      if (!exchanges) throw broken;
      r = judge({ log, exchanges, scenario, checkpoint });
    } catch (e) {
      r = crashed(checkpoint.slug, e);
    }
    return {
      checkpoint: checkpoint.slug,
      spec: checkpoint.spec?.id ?? null,
      level: checkpoint.level,
      verdict: r.verdict,
      evidence: [...new Set(r.evidence)].sort((a, b) => a - b),
      message: cutText(r.message.replace(/\s+/g, ' ').trim() || r.verdict, MESSAGE_MAX),
    };
  });
}
