// The tools capability and what tools/list answers, read from the stateless-tools probe: server/discover, two
// tools/list on separate connections around a tools/call of echo, and the tools/call of add before them.
import { isObject, type Exchange } from '../../exchanges.ts';
import { brief, resultOf, responsesIn, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { resultOfStep, toolNames } from '../../common/server/find.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';

/** 260728-tools-47: the DiscoverResult declares the `tools` capability (an object) of a server that serves tools. */
export const toolsCapabilityDeclared = judge('tools-capability-declared', ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.discover, 'server/discover');
  if (!r.ok) return r.failure;
  const caps = r.result.capabilities;
  return isObject(caps) && isObject(caps.tools)
    ? pass(`the DiscoverResult declares capabilities.tools ${brief(caps.tools)}`, [r.ex.x])
    : fail(`Expected capabilities.tools (an object) in the DiscoverResult, got capabilities ${brief(caps)}`, [r.ex.x]);
});

/** Names of the tools a tools/call answered with a result (not an error): tools the server has available. */
function servedTools(exchanges: readonly Exchange[]): { name: string; x: number }[] {
  return exchanges.flatMap((ex) => {
    const req = sentRequest(ex);
    const name = req?.method === 'tools/call' && isObject(req.params) ? req.params.name : undefined;
    if (typeof name !== 'string') return [];
    const answered = responsesIn(ex).some((m) => JSON.stringify(m.id) === JSON.stringify(req!.id) && resultOf(m));
    return answered ? [{ name, x: ex.x }] : [];
  });
}

/**
 * 260728-tools-62: tools/list answers the set of tools currently available. Reading: a tool the server answers a
 * tools/call for is available, so both lists must name every such tool (a list may name more).
 */
export const toolsListCurrent = judge('tools-list-current-tools', ({ exchanges }) => {
  const lists = [
    resultOfStep(exchanges, STEP.toolsList, 'tools/list'),
    resultOfStep(exchanges, STEP.toolsListAgain, 'tools/list (again)'),
  ];
  for (const l of lists) if (!l.ok) return l.failure;
  const ok = lists.flatMap((l) => (l.ok ? [l] : []));
  const served = [...new Map(servedTools(exchanges).map((s) => [s.name, s])).values()];
  if (served.length === 0) return notApplicable('no tools/call was answered with a result: no tool known available');
  for (const l of ok) {
    const listed = new Set(toolNames(l.result).map(String));
    const missing = served.filter((s) => !listed.has(s.name));
    if (missing.length > 0)
      return fail(
        `Expected tools/list to name every tool the server serves, got ${JSON.stringify([...listed])} without ${JSON.stringify(missing.map((s) => s.name))}`,
        [l.ex.x, ...missing.map((s) => s.x)],
      );
  }
  return pass(`both tools/list name the tools served (${served.map((s) => s.name).join(', ')})`, [
    ...ok.map((l) => l.ex.x),
    ...served.map((s) => s.x),
  ]);
});

/**
 * 260728-tools-71: the same ordering across requests when the set has not changed. A changed set is
 * `tools-list-stable-across-connections`' failure: not applicable here.
 */
export const toolsListOrder = judge('tools-list-order-deterministic', ({ exchanges }) => {
  const a = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
  if (!a.ok) return a.failure;
  const b = resultOfStep(exchanges, STEP.toolsListAgain, 'tools/list (again)');
  if (!b.ok) return b.failure;
  const [x, y] = [toolNames(a.result).map(String), toolNames(b.result).map(String)];
  if (JSON.stringify([...x].sort()) !== JSON.stringify([...y].sort()))
    return notApplicable('the two tools/list name different sets: the order is compared only for the same set');
  return JSON.stringify(x) === JSON.stringify(y)
    ? pass(`both tools/list give the same order ${JSON.stringify(x)}`, [a.ex.x, b.ex.x])
    : fail(`Expected the same order in both tools/list, got ${JSON.stringify(x)} then ${JSON.stringify(y)}`, [
        a.ex.x,
        b.ex.x,
      ]);
});

/**
 * 260728-tools-293: every listed tool's inputSchema is a JSON Schema object, not null. Reading: a JSON object on
 * both tools/list results; whether it is a valid JSON Schema beyond that is not judged (the prompt fixes the schemas).
 */
export const inputSchemaObject = judge('tools-input-schema-object', ({ exchanges }) => {
  const lists = [
    resultOfStep(exchanges, STEP.toolsList, 'tools/list'),
    resultOfStep(exchanges, STEP.toolsListAgain, 'tools/list (again)'),
  ];
  let n = 0;
  for (const l of lists) {
    if (!l.ok) return l.failure;
    const tools = Array.isArray(l.result.tools) ? l.result.tools : [];
    for (const t of tools) {
      n++;
      const schema = isObject(t) ? t.inputSchema : undefined;
      if (!isObject(schema))
        return fail(
          `Expected every tool's inputSchema to be a JSON object, got ${isObject(t) ? `${brief(t.name)} with ${'inputSchema' in t ? `inputSchema ${brief(schema)}` : 'no inputSchema'}` : `the entry ${brief(t)}`}`,
          [l.ex.x],
        );
    }
  }
  if (n === 0)
    return fail(
      'Expected tools in tools/list, got none: no inputSchema to judge',
      lists.map((l) => l.ex!.x),
    );
  return pass(
    `all ${n} listed tool definitions carry an object inputSchema`,
    lists.map((l) => l.ex!.x),
  );
});
