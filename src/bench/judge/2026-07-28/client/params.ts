import { fail, notApplicable, pass, type JudgeInput, type JudgeResult } from '../../types.ts';
import {
  annotatedParams,
  annotationProblem,
  annotationViolation,
  clientRequests,
  decodeSentinel,
  headerCarries,
  looksLikeSentinel,
  paramString,
  plainSafe,
  reqHeader,
  show,
  valueAt,
  type ClientRequest,
} from './view.ts';
import { judge } from '../../define.ts';

/** One annotated parameter of one tools/call: its argument value and the header the client sent for it. */
interface ParamUse {
  r: ClientRequest;
  name: string;
  /** Argument value at the annotated path; `undefined` = not in arguments. */
  value: unknown;
  /** `Mcp-Param-{name}` as sent (header names compared case-insensitively), if any. */
  header?: string;
}

/**
 * Every annotated parameter of every tools/call of a validly annotated tool. Annotations come from the scenario's tool
 * definitions, which the reference server serves verbatim in tools/list (the server's word, not the client's).
 */
function paramUses({ exchanges, scenario }: JudgeInput): ParamUse[] {
  // Tools with an invalid annotation are out: a conforming client never calls them (shttp-403 judges that instead).
  const schemas = new Map(
    scenario.tools.filter((t) => !annotationProblem(t.inputSchema)).map((t) => [t.name, t.inputSchema]),
  );
  const out: ParamUse[] = [];
  for (const r of clientRequests(exchanges)) {
    if (r.method !== 'tools/call' || typeof r.params.name !== 'string') continue;
    for (const a of annotatedParams(schemas.get(r.params.name))) {
      const header = reqHeader(r.ex, `mcp-param-${a.name}`);
      out.push({
        r,
        name: a.name,
        value: valueAt(r.params.arguments, a.path),
        ...(header !== undefined ? { header } : {}),
      });
    }
  }
  return out;
}

/** Judge each use the filter selects with `check` (a message when it fails); not-applicable when none is selected. */
function overUses(
  input: JudgeInput,
  what: string,
  select: (u: ParamUse) => boolean,
  check: (u: ParamUse) => string | undefined,
): JudgeResult {
  const uses = paramUses(input).filter(select);
  if (uses.length === 0) return notApplicable(`no tools/call with ${what}`);
  for (const u of uses) {
    const problem = check(u);
    if (problem) return fail(`tools/call x${u.r.x} Mcp-Param-${u.name}: ${problem}`, [u.r.x]);
  }
  return pass(
    `${uses.length} annotated parameter(s) with ${what}: all as required`,
    uses.map((u) => u.r.x),
  );
}

const provided = (u: ParamUse) => u.value !== undefined && u.value !== null;

/** 260728-shttp-365: each annotated parameter with a value is mirrored into `Mcp-Param-{Name}` carrying that value. */
export const paramMirrored = judge('params-header-mirrored', (input) =>
  overUses(input, 'a value for an x-mcp-header parameter', provided, (u) => {
    if (u.header === undefined) return `missing, argument is ${show(u.value)}`;
    return headerCarries(u.header, u.value)
      ? undefined
      : `${show(u.header)} does not carry the argument ${show(u.value)}`;
  }),
);

/** 260728-shttp-564a: an annotated parameter whose value is null gets no header. */
export const paramOmittedNull = judge('params-header-omitted-null', (input) =>
  overUses(
    input,
    'a null x-mcp-header parameter',
    (u) => u.value === null,
    (u) => (u.header === undefined ? undefined : `sent as ${show(u.header)} although the argument is null`),
  ),
);

/** 260728-shttp-565a: an annotated parameter absent from the arguments gets no header. */
export const paramOmittedAbsent = judge('params-header-omitted-absent', (input) =>
  overUses(
    input,
    'an x-mcp-header parameter left out of the arguments',
    (u) => u.value === undefined,
    (u) => (u.header === undefined ? undefined : `sent as ${show(u.header)} although the argument is absent`),
  ),
);

/** 260728-shttp-480: a value that is not plain-header-safe (non-ASCII, control characters, edge whitespace) travels Base64-encoded in the sentinel. */
export const paramBase64Unsafe = judge('params-base64-unsafe-value', (input) =>
  overUses(
    input,
    'a header-unsafe value sent in its header',
    (u) => provided(u) && u.header !== undefined && !plainSafe(paramString(u.value) ?? ''),
    (u) =>
      decodeSentinel(u.header!) === paramString(u.value)
        ? undefined
        : `${show(u.header)} is not =?base64?…?= of the UTF-8 of ${show(u.value)}`,
  ),
);

/** 260728-shttp-506: a plain-ASCII value that looks like the sentinel is itself Base64-encoded. */
export const paramSentinelEscaped = judge('params-base64-sentinel-lookalike', (input) =>
  overUses(
    input,
    'a sentinel-shaped value sent in its header',
    (u) => typeof u.value === 'string' && looksLikeSentinel(u.value) && u.header !== undefined,
    (u) =>
      u.header !== u.value && decodeSentinel(u.header!) === u.value
        ? undefined
        : `${show(u.header)} must be the Base64 sentinel of ${show(u.value)}`,
  ),
);

/**
 * 260728-shttp-403: a tool whose x-mcp-header annotations violate the constraints is excluded from the client's tool
 * list, so it is never called. A client that called no tool at all shows nothing and fails.
 */
export const invalidToolNotCalled = judge('tools-invalid-definition-excluded', ({ exchanges, scenario }) => {
  const invalid = new Map(
    scenario.tools.flatMap((t) => {
      const why = annotationProblem(t.inputSchema);
      return why ? [[t.name, why] as const] : [];
    }),
  );
  const calls = clientRequests(exchanges).filter((r) => r.method === 'tools/call');
  if (calls.length === 0) return fail('no tools/call observed');
  const bad = calls.find((r) => invalid.has(String(r.params.name)));
  if (bad)
    return fail(
      `tools/call x${bad.x} called ${show(bad.params.name)}, whose definition is invalid (${invalid.get(String(bad.params.name))})`,
      [bad.x],
    );
  return pass(
    `${calls.length} tool call(s), none to an invalid definition (${[...invalid.keys()].join(', ') || 'none listed'})`,
    calls.map((r) => r.x),
  );
});

/**
 * 260728-shttp-402: tools whose annotations break a constraint other than the type rule (that one is -403's
 * get_secret_fast) are rejected: never called. The scenario lists one such tool per constraint (empty name, not a token,
 * duplicate ignoring case, under `items`); a client that called no tool at all shows nothing and fails.
 */
export const annotationConstraintsEnforced = judge(
  'tools-annotation-constraints-enforced',
  ({ exchanges, scenario }) => {
    const decoys = new Map(
      scenario.tools.flatMap((t) => {
        const v = annotationViolation(t.inputSchema);
        return v && v.rule !== 'primitive' ? [[t.name, v] as const] : [];
      }),
    );
    const calls = clientRequests(exchanges).filter((r) => r.method === 'tools/call');
    if (calls.length === 0) return fail('no tools/call observed');
    const bad = calls.filter((r) => decoys.has(String(r.params.name)));
    if (bad.length > 0)
      return fail(
        `called ${[...new Set(bad.map((r) => String(r.params.name)))]
          .map((n) => `${show(n)} (${decoys.get(n)!.why})`)
          .join(', ')}, whose definition must be rejected`,
        bad.map((r) => r.x),
      );
    const rules = [...new Set([...decoys.values()].map((v) => v.rule))].join(', ');
    return pass(
      `${calls.length} tool call(s), none to the ${decoys.size} tool(s) breaking a constraint (${rules || 'none listed'})`,
      calls.map((r) => r.x),
    );
  },
);
