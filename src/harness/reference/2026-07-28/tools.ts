import { randomBytes } from 'node:crypto';
import { annotatedParams, headerCarries, valueAt } from '../../../bench/plans/2026-07-28/param-headers.ts';
import { META } from '../../../bench/plans/2026-07-28/protocol.ts';
import type { RecordedRequest, SseWriter } from '../../wire/server.ts';
import { CONFIRM_KEY, CONFIRM_REQUEST, HANG_RELEASE_WAIT_MS, SERVER_INFO, type ReferenceScript } from './scripts.ts';
import type { TaskStore } from './tasks.ts';
import { isObj, paramMismatch, rpcError, type Rejection } from './validate.ts';

const META_CAPABILITIES = META.clientCapabilities;

type Msg = Record<string, unknown>;

/** Per-trial state the tool handlers need. */
export interface ToolState {
  script: ReferenceScript;
  secret: string;
  token: string;
  /** The tool definitions tools/list serves now (the scenario file's, until a scripted drift changes one). */
  tools: unknown[];
  /** Tool input schemas by name, as tools/list serves them now. */
  schemas: Map<string, unknown>;
  /** Text of the answer with an unknown resultType (per trial, so it cannot be hard-coded either). */
  decoy: string;
  /** The scripted drift happened (get_secret now annotates the drift property). */
  drifted: boolean;
  /** The unknown-resultType answer was sent. */
  unknownSent: boolean;
  /** The hung get_secret stream, once opened. */
  hung?: SseWriter;
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

/** The scripted drift: get_secret's `property` gains `x-mcp-header: header` in what tools/list serves from now on. */
function drift(s: ToolState, d: { property: string; header: string }): void {
  s.drifted = true;
  s.tools = s.tools.map((t) => {
    if (!isObj(t) || t.name !== 'get_secret' || !isObj(t.inputSchema) || !isObj(t.inputSchema.properties)) return t;
    const props = t.inputSchema.properties;
    const found = props[d.property];
    const prop: Msg = isObj(found) ? found : {};
    const inputSchema = {
      ...t.inputSchema,
      properties: { ...props, [d.property]: { ...prop, 'x-mcp-header': d.header } },
    };
    s.schemas.set('get_secret', inputSchema);
    return { ...t, inputSchema };
  });
}

/** `tool`'s `property` becomes a `$ref` to `origin + path` in what tools/list serves (stateless-call, basic-301). */
export function addNetworkRef(s: ToolState, origin: string, r: { tool: string; property: string; path: string }): void {
  if (!s.tools.some((t) => isObj(t) && t.name === r.tool))
    throw new Error(`networkRef: the scenario lists no tool ${r.tool}`);
  s.tools = s.tools.map((t) => {
    if (!isObj(t) || t.name !== r.tool || !isObj(t.inputSchema) || !isObj(t.inputSchema.properties)) return t;
    const props = { ...t.inputSchema.properties, [r.property]: { $ref: `${origin}${r.path}` } };
    return { ...t, inputSchema: { ...t.inputSchema, properties: props } };
  });
}

/** The first get_secret of slow-server: an SSE stream that stays silent until the client closes it (or `ms` pass). */
function hang(s: ToolState, req: RecordedRequest, ms: number): void {
  req.label('tools/call get_secret hang');
  const w = req.sse({ 'X-Accel-Buffering': 'no' });
  s.hung = w;
  const timer = setTimeout(() => w.close('complete'), ms);
  void w.done.then(() => clearTimeout(timer));
}

/**
 * get_secret: token check, scripted drift, parameter headers, multi round-trip, unknown resultType or hang, then the
 * secret as JSON or over SSE.
 */
async function getSecret(s: ToolState, req: RecordedRequest, id: unknown, params: Msg, args: Msg): Promise<void> {
  if (s.script.tokenTool !== undefined && args.token !== s.token)
    return req.json(200, complete(id, text(`get_secret needs the token returned by ${s.script.tokenTool}`, true)));
  const d = s.script.drift;
  if (d && !s.drifted) {
    drift(s, d);
    return send(
      req,
      paramMismatch(id, `Mcp-Param-${d.header} is missing: get_secret's inputSchema now annotates ${d.property}`),
    );
  }
  const checked = s.script.paramHeaders || s.drifted;
  const bad = checked ? checkParamHeaders(s, req, id, 'get_secret', params.arguments) : undefined;
  if (bad) return send(req, bad);
  if (s.script.mrtr && mrtrStep(s, req, id, params) !== 'secret') return;
  if (s.script.unknownResultTypeOnce !== undefined && !s.unknownSent) {
    s.unknownSent = true;
    req.label('unknown resultType');
    return req.json(200, complete(id, text(s.decoy), s.script.unknownResultTypeOnce));
  }
  if (s.script.hangFirstSecretMs !== undefined) {
    if (!s.hung) return hang(s, req, s.script.hangFirstSecretMs);
    // Let the hung stream end first (a client that cancels has closed it by now), so the log orders the two.
    await Promise.race([s.hung.done, new Promise((r) => setTimeout(r, HANG_RELEASE_WAIT_MS))]);
  }
  const result = complete(id, text(s.secret));
  if (s.script.secretVia === 'json') return req.json(200, result);
  const w = req.sse({
    'X-Accel-Buffering': 'no',
    ...(s.script.oddCaseSse ? { 'CONTENT-TYPE': 'text/event-stream' } : {}),
  });
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
export async function toolCall(s: ToolState, req: RecordedRequest, id: unknown, params: Msg): Promise<boolean> {
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
      await getSecret(s, req, id, params, args);
      return false;
    case 'submit_answer': {
      const right = args.answer === s.secret;
      req.json(200, complete(id, right ? text('accepted') : text('wrong answer', true)));
      return right;
    }
    default:
      // Listed but not served: get_secret_fast (its definition is invalid, so a conforming client never calls it) and
      // stateless-call's get_forecast (a decoy carrying the network $ref; the task never needs it).
      req.json(200, complete(id, text(`${name} is not available; call get_secret`, true)));
      return false;
  }
}
