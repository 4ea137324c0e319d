import type { Exchange } from '../../exchanges.ts';
import { brief, toolTexts } from '../../jsonrpc.ts';
import { fail, pass, type JudgeResult } from '../../types.ts';
import { resultOfStep, toolNames } from './find.ts';

/**
 * Building blocks of server-role judges both revisions use: a tool call's expected text, a chain of checks, and the
 * tool checks of the tools scenario (2025-11-25 `tools-basics`, 2026-07-28 `stateless-tools`).
 */

/** FAIL unless the step's tools/call result has a text item exactly `want` and is not `isError`. */
export function toolAnswers(
  exchanges: readonly Exchange[],
  step: string,
  call: string,
  want: string,
): JudgeResult | Exchange {
  const r = resultOfStep(exchanges, step, call);
  if (!r.ok) return r.failure;
  const texts = toolTexts(r.result);
  if (r.result.isError === true || !texts.includes(want)) {
    return fail(
      `Expected ${call} to return text ${JSON.stringify(want)}, got ${r.result.isError === true ? 'isError ' : ''}${brief(texts)}`,
      [r.ex.x],
    );
  }
  return r.ex;
}

/** Run checks in order; the first failure wins, else PASS with every exchange as evidence. */
export function allOf(message: string, checks: (() => JudgeResult | Exchange)[]): JudgeResult {
  const ev: number[] = [];
  for (const c of checks) {
    const r = c();
    if ('verdict' in r) return r;
    ev.push(r.x);
  }
  return pass(message, ev);
}

/** The probe steps and expected texts the tool checks read: each revision's plan names its own. */
export interface BasicToolSteps {
  step: { toolsList: string; callAdd: string; callEcho: string };
  fixture: { add: { text: string }; echo: { text: string } };
}

/**
 * The tool checks of 2025-11-25 `tools-basics` and 2026-07-28 `stateless-tools` (same tools, arguments and messages):
 * tools/list names add and echo with input schemas, add(19, 23) answers "42", echo answers its text.
 */
export function basicToolChecks(
  exchanges: readonly Exchange[],
  { step: STEP, fixture: FIXTURE }: BasicToolSteps,
): (() => JudgeResult | Exchange)[] {
  return [
    () => {
      const r = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
      if (!r.ok) return r.failure;
      const names = toolNames(r.result);
      const missing = ['add', 'echo'].filter((n) => !names.includes(n));
      return missing.length
        ? fail(`Expected tools/list to name add and echo with input schemas, got ${brief(names)}`, [r.ex.x])
        : r.ex;
    },
    () => toolAnswers(exchanges, STEP.callAdd, 'tools/call add {"a":19,"b":23}', FIXTURE.add.text),
    () => toolAnswers(exchanges, STEP.callEcho, 'tools/call echo', FIXTURE.echo.text),
  ];
}
