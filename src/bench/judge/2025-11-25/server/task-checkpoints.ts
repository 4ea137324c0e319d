import { isObject, type Exchange } from '../../exchanges.ts';
import { brief, answerOf } from '../../jsonrpc.ts';
import { fail, type JudgeResult } from '../../types.ts';
import { allOf, basicToolChecks, toolAnswers } from '../../common/server/checks.ts';
import { byStep, resultOfStep, whatCame } from '../../common/server/find.ts';
import { createdTask, declaresTaskToolCalls } from './tasks-utility.ts';
import { FIXTURE, PROTOCOL_VERSION, STEP } from '../../../plans/2025-11-25/server-steps.ts';
import { judge } from '../../define.ts';

/**
 * Every task starts by speaking the task's revision: the main initialize (asking for 2025-11-25) is answered with
 * 2025-11-25. A server that negotiates another revision misses the task, not 251125-lifecycle-170 (see that judge).
 */
export function speaksRevision(exchanges: readonly Exchange[]): JudgeResult | Exchange {
  const r = resultOfStep(exchanges, STEP.initialize, `initialize (protocolVersion ${PROTOCOL_VERSION})`);
  if (!r.ok) return r.failure;
  const got = r.result.protocolVersion;
  return got === PROTOCOL_VERSION
    ? r.ex
    : fail(
        `Expected the server to speak ${PROTOCOL_VERSION}, the task's revision: initialize was answered with protocolVersion ${brief(got)}`,
        [r.ex.x],
      );
}

/** Task of `tools-basics`: speaks 2025-11-25; tools/list names add and echo; add(19, 23) = "42"; echo returns its text. */
export const basicToolsAnswer = judge('task-basic-tools-answer', ({ exchanges }) =>
  allOf('tools/list named add and echo; add and echo returned the expected texts', [
    () => speaksRevision(exchanges),
    ...basicToolChecks(exchanges, { step: STEP, fixture: FIXTURE }),
  ]),
);

/** Task of `sessions`: the increment counter is per session: 1, 2 in session A, then 1 in a fresh session B. */
export const sessionCountersAnswer = judge('task-session-counters-answer', ({ exchanges }) =>
  allOf('increment returned 1, 2 in session A and 1 in session B', [
    () => speaksRevision(exchanges),
    () => toolAnswers(exchanges, STEP.incrementA1, 'the first increment in session A', '1'),
    () => toolAnswers(exchanges, STEP.incrementA2, 'the second increment in session A', '2'),
    () => toolAnswers(exchanges, STEP.incrementB1, 'the first increment in session B', '1'),
  ]),
);

/** Progress values with `token` in the stream, in order, up to the response. */
function progressBefore(ex: Exchange, token: string): { progress: unknown; total: unknown }[] {
  const out: { progress: unknown; total: unknown }[] = [];
  const answer = answerOf(ex);
  for (const s of ex.sse) {
    if (s.json === answer && answer !== undefined) break;
    const m = s.json;
    if (
      isObject(m) &&
      m.method === 'notifications/progress' &&
      isObject(m.params) &&
      m.params.progressToken === token
    ) {
      out.push({ progress: m.params.progress, total: m.params.total });
    }
  }
  return out;
}

function countdownAnswers(
  exchanges: readonly Exchange[],
  step: string,
  n: number,
  token: string,
): JudgeResult | Exchange {
  const r = toolAnswers(exchanges, step, `tools/call countdown {"n":${n}}`, FIXTURE.countdownText);
  if ('verdict' in r) return r;
  const got = progressBefore(r, token);
  const want = Array.from({ length: n }, (_, i) => ({ progress: i + 1, total: n }));
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    return fail(
      `Expected progress ${brief(want.map((p) => `${p.progress}/${p.total}`))} for token ${token} before the result on the same stream, got ${brief(got.map((p) => `${String(p.progress)}/${String(p.total)}`))}`,
      [r.x],
    );
  }
  return r;
}

/** Task of `streaming`: countdown streams n progress notifications (1/n … n/n) and then "liftoff", for two calls. */
export const countdownStreamsProgress = judge('task-countdown-streams-progress', ({ exchanges }) =>
  allOf('both countdown calls streamed their progress and then returned "liftoff"', [
    () => speaksRevision(exchanges),
    () => countdownAnswers(exchanges, STEP.countdownA, FIXTURE.countdownA.n, FIXTURE.countdownA.token),
    () => countdownAnswers(exchanges, STEP.countdownB, FIXTURE.countdownB.n, FIXTURE.countdownB.token),
  ]),
);

/** Task of `tasks`: slow_square as a task yields a taskId, and tasks/result returns "49" (7 squared). */
export const squareViaTask = judge('task-square-via-task', ({ exchanges }) =>
  allOf('slow_square ran as a task and tasks/result returned "49"', [
    () => speaksRevision(exchanges),
    () => {
      const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
      if (!r.ok) return r.failure;
      return declaresTaskToolCalls(r.result)
        ? r.ex
        : fail(
            `Expected capabilities.tasks.requests.tools.call in the InitializeResult (without it no client may call slow_square as a task), got capabilities ${brief(r.result.capabilities)}`,
            [r.ex.x],
          );
    },
    () => {
      const ex = byStep(exchanges, STEP.taskCreate);
      const task = createdTask(exchanges, STEP.taskCreate);
      if (ex && typeof task?.taskId === 'string') return ex;
      return fail(`Expected a taskId from the task-augmented slow_square call, got ${whatCame(ex)}`, ex ? [ex.x] : []);
    },
    () => toolAnswers(exchanges, STEP.taskResult, 'tasks/result for slow_square {"x":7}', FIXTURE.squareQuick.text),
  ]),
);
