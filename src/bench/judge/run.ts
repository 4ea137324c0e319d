import { McpfsError } from '../errors.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { cutText } from './bounded-json.ts';
import { toExchanges, type Exchange } from './exchanges.ts';
import { strictOf } from './define.ts';
import type { Judge, JudgeInput, JudgeRegistry, JudgeResult } from './types.ts';

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

/** One judge's result as a verdict's fields: evidence deduplicated and sorted, message one bounded line. */
function shaped(r: JudgeResult): { verdict: JudgeResult['verdict']; evidence: number[]; message: string } {
  return {
    verdict: r.verdict,
    evidence: [...new Set(r.evidence)].sort((a, b) => a - b),
    message: cutText(r.message.replace(/\s+/g, ' ').trim() || r.verdict, MESSAGE_MAX),
  };
}

/** Call a judge; what a peer sent may make it throw, which is a failed verdict naming the error. */
function attempt(slug: string, judge: Judge, input: JudgeInput | undefined, broken: unknown): JudgeResult {
  try {
    if (!input) throw broken;
    return judge(input);
  } catch (e) {
    return crashed(slug, e);
  }
}

/**
 * Run every checkpoint's judge over one wire log, in scenario order. Total: a judge that throws (on input no judge
 * anticipated) yields a failed verdict naming the error, so the trial still gets its record; derive re-runs the same
 * judges on the same log and gets the same verdicts. A contested checkpoint also gets its strict reading's verdict
 * (`strict`), and a failure that follows from another failed checkpoint (`consequenceOf`) names it. Throws JudgeError
 * when a checkpoint has no judge, or is contested and its judge has no strict form.
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
  const verdicts = scenario.checkpoints.map((checkpoint): Verdict => {
    const judge = judges[checkpoint.slug];
    if (!judge)
      throw new JudgeError(
        checkpoint.slug,
        `no judge registered for checkpoint "${checkpoint.slug}" (${scenario.revision} ${scenario.role})`,
      );
    const strict = checkpoint.contested ? strictOf(judge) : undefined;
    if (checkpoint.contested && !strict)
      throw new JudgeError(
        checkpoint.slug,
        `checkpoint "${checkpoint.slug}" (${scenario.revision} ${scenario.role}) is contested, but its judge has no strict form`,
      );
    const input = exchanges && { log, exchanges, scenario, checkpoint };
    return {
      checkpoint: checkpoint.slug,
      spec: checkpoint.spec?.id ?? null,
      level: checkpoint.level,
      ...shaped(attempt(checkpoint.slug, judge, input, broken)),
      ...(strict ? { strict: shaped(attempt(checkpoint.slug, strict, input, broken)) } : {}),
    };
  });
  return markConsequences(scenario, verdicts);
}

/**
 * Mark each failed verdict whose checkpoint names causes (`consequenceOf`) with the first cause that failed in the
 * same trial: it is shown, and scoring leaves it out so one defect is not counted twice.
 */
export function markConsequences(scenario: Scenario, verdicts: Verdict[]): Verdict[] {
  const failed = new Set(verdicts.filter((v) => v.verdict === 'fail').map((v) => v.checkpoint));
  return verdicts.map((v, i) => {
    const cause = scenario.checkpoints[i]?.consequenceOf?.find((c) => failed.has(c));
    return v.verdict === 'fail' && cause ? { ...v, consequenceOf: cause } : v;
  });
}
