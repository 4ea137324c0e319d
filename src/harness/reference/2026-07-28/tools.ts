import { randomBytes } from 'node:crypto';
import { annotatedParams, headerCarries, valueAt } from '../../../bench/plans/2026-07-28/param-headers.ts';
import { META } from '../../../bench/plans/2026-07-28/protocol.ts';
import type { RecordedRequest } from '../../wire/server.ts';
import { CONFIRM_KEY, CONFIRM_REQUEST, SERVER_INFO, type ReferenceScript } from './scripts.ts';
import type { TaskStore } from './tasks.ts';
import { isObj, paramMismatch, rpcError, type Rejection } from './validate.ts';

const META_CAPABILITIES = META.clientCapabilities;

type Msg = Record<string, unknown>;

/** Per-trial state the tool handlers need. */
export interface ToolState {
  script: ReferenceScript;
  secret: string;
  token: string;
  /** Tool input schemas by name (from the scenario file). */
  schemas: Map<string, unknown>;
  /** requestState values issued in this trial (the reference verifies by membership: exact bytes or nothing). */
  issued: Set<string>;
  answered: boolean;
  /** Tasks of this trial (task-poll only, tasks.ts). */
  tasks: TaskStore;
}

/** Every 2026-07-28 result carries resultType and (SHOULD) serverInfo in `_meta`. */
export const complete = (id: unknown, result: Msg, resultType = 'complete') => ({
  jsonrpc: '2.0',
  id,
  result: { ...result, resultType, _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } },
});
const text = (t: string, isError = false) => ({
  content: [{ type: 'text', text: t }],
  ...(isError ? { isError: true } : {}),
});

const send = (req: RecordedRequest, r: Rejection) => {
  req.label(r.label);
  req.json(r.status, r.body);
};

/** The server side of x-mcp-header: every provided annotated value must arrive, decoded, in its Mcp-Param header. */
function checkParamHeaders(
  s: ToolState,
  req: RecordedRequest,
  id: unknown,
  name: string,
  args: unknown,
): Rejection | undefined {
  for (const a of annotatedParams(s.schemas.get(name))) {
    const value = valueAt(args, a.path);
    // null / absent: the server must not expect the header; a stray one is ignored, so those rules stay isolated.
    if (value === undefined || value === null) continue;
    const h = req.header(`mcp-param-${a.name}`);
    if (h === undefined)
      return paramMismatch(id, `Mcp-Param-${a.name} is missing; the argument ${a.path.join('.')} has a value`);
    if (!headerCarries(h, value))
      return paramMismatch(id, `Mcp-Param-${a.name} does not match the argument ${a.path.join('.')}`);
  }
  return undefined;
}

/**
 * get_secret in the multi-round-trip scenario: first an InputRequiredResult with an elicitation (no requestState);
 * once confirmed, one with only an opaque requestState; the secret only for an issued requestState, byte for byte.
 */
function mrtrStep(s: ToolState, req: RecordedRequest, id: unknown, params: Msg): 'secret' | undefined {
  const meta = isObj(params._meta) ? params._meta : {};
  const caps = isObj(meta[META_CAPABILITIES]) ? meta[META_CAPABILITIES] : {};
  if (!isObj(caps.elicitation)) {
    req.label('missing-elicitation-capability');
    req.json(
      400,
      rpcError(id, -32021, 'get_secret needs form elicitation', {
        requiredCapabilities: { elicitation: { form: {} } },
      }),
    );
    return undefined;
  }
  if ('requestState' in params) {
    if (typeof params.requestState === 'string' && s.issued.has(params.requestState)) return 'secret';
    req.label('request-state-rejected');
    req.json(200, rpcError(id, -32602, 'Invalid params: requestState failed verification'));
    return undefined;
  }
  const answer = isObj(params.inputResponses) ? params.inputResponses[CONFIRM_KEY] : undefined;
  if (isObj(answer) && answer.action === 'accept' && isObj(answer.content) && answer.content.confirm === true) {
    // 31 random bytes → 44 Base64 characters ending in "==", with "+" and "/" likely: easy to mangle, exact to echo.
    const state = randomBytes(31).toString('base64');
    s.issued.add(state);
    req.label('input-required state');
    req.json(200, complete(id, { requestState: state }, 'input_required'));
    return undefined;
  }
  req.label('input-required elicitation');
  req.json(200, complete(id, { inputRequests: { [CONFIRM_KEY]: CONFIRM_REQUEST } }, 'input_required'));
  return undefined;
}

/** get_secret: token check, parameter headers, multi round-trip, then the secret as JSON or over SSE. */
function getSecret(s: ToolState, req: RecordedRequest, id: unknown, params: Msg, args: Msg): void {
  if (s.script.tokenTool !== undefined && args.token !== s.token)
    return req.json(200, complete(id, text(`get_secret needs the token returned by ${s.script.tokenTool}`, true)));
  const bad = s.script.paramHeaders ? checkParamHeaders(s, req, id, 'get_secret', params.arguments) : undefined;
  if (bad) return send(req, bad);
  if (s.script.mrtr && mrtrStep(s, req, id, params) !== 'secret') return;
  const result = complete(id, text(s.secret));
  if (s.script.secretVia === 'json') return req.json(200, result);
  const w = req.sse({ 'X-Accel-Buffering': 'no' });
  const meta = isObj(params._meta) ? params._meta : {};
  if (meta.progressToken !== undefined)
    w.send({
      data: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: meta.progressToken, progress: 1, total: 2 },
      }),
    });
  w.send({ data: JSON.stringify(result) });
  w.close('complete');
}

/** tools/call: the scenario's tools, else an unknown-tool error. Returns true when the right answer was submitted. */
export function toolCall(s: ToolState, req: RecordedRequest, id: unknown, params: Msg): boolean {
  const name = String(params.name);
  const args = isObj(params.arguments) ? params.arguments : {};
  req.label(`tools/call ${name}`);
  if (!s.schemas.has(name)) {
    req.json(200, rpcError(id, -32602, `Unknown tool: ${name}`));
    return false;
  }
  if (name === s.script.tokenTool) {
    req.json(200, complete(id, text(s.token)));
    return false;
  }
  switch (name) {
    case 'get_secret':
      getSecret(s, req, id, params, args);
      return false;
    case 'submit_answer': {
      const right = args.answer === s.secret;
      req.json(200, complete(id, right ? text('accepted') : text('wrong answer', true)));
      return right;
    }
    default:
      // Listed but not served (get_secret_fast: its definition is invalid, so a conforming client never calls it).
      req.json(200, complete(id, text(`${name} is not available; call get_secret`, true)));
      return false;
  }
}
