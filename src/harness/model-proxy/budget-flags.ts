import { ModelBudgetSchema, type ModelBudget } from '../../bench/schema/model-traffic.ts';
import { RunnerInputError } from '../errors.ts';

/** `--budget-tokens n --budget-usd x --budget-requests n` → the budget the trial's proxy enforces (none given: none). */
export function budgetFromFlags(tokens?: string, usd?: string, requests?: string): ModelBudget | undefined {
  if (tokens === undefined && usd === undefined && requests === undefined) return undefined;
  const num = (flag: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new RunnerInputError(`--${flag} "${v}": must be a number > 0`);
    return n;
  };
  const r = ModelBudgetSchema.safeParse({
    tokens: num('budget-tokens', tokens),
    costUsd: num('budget-usd', usd),
    requests: num('budget-requests', requests),
  });
  if (!r.success)
    throw new RunnerInputError(
      `--budget-tokens/--budget-requests: ${r.error.issues[0]?.message ?? 'invalid'}`,
      'token and request budgets are whole numbers',
    );
  // zod keeps an absent optional key as `undefined`; the record and the manifest carry only the limits given.
  return JSON.parse(JSON.stringify(r.data)) as ModelBudget;
}
