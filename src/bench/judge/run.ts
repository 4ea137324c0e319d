import type { Scenario } from '../schema/scenario.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { toExchanges } from './exchanges.ts';
import type { JudgeRegistry } from './types.ts';

/** A judge is missing or crashed: a defect of this benchmark, never of the subject. */
export class JudgeError extends Error {
  readonly slug: string;
  constructor(slug: string, message: string) {
    super(message);
    this.name = 'JudgeError';
    this.slug = slug;
  }
}

/** Run every checkpoint's judge over one wire log, in scenario order. Throws JudgeError on a missing or crashing judge. */
export function judgeTrial(scenario: Scenario, log: WireLog, registry: JudgeRegistry): Verdict[] {
  const judges = registry[scenario.revision]?.[scenario.role] ?? {};
  const exchanges = toExchanges(log);
  return scenario.checkpoints.map((checkpoint) => {
    const judge = judges[checkpoint.slug];
    if (!judge) throw new JudgeError(checkpoint.slug, `no judge registered for checkpoint "${checkpoint.slug}" (${scenario.revision} ${scenario.role})`);
    let r;
    try {
      r = judge({ log, exchanges, scenario, checkpoint });
    } catch (e) {
      throw new JudgeError(checkpoint.slug, `judge "${checkpoint.slug}" crashed: ${(e as Error).message}`);
    }
    return {
      checkpoint: checkpoint.slug,
      spec: checkpoint.spec?.id ?? null,
      level: checkpoint.level,
      verdict: r.verdict,
      evidence: [...new Set(r.evidence)].sort((a, b) => a - b),
      message: r.message.replace(/\s+/g, ' ').trim() || r.verdict,
    };
  });
}
