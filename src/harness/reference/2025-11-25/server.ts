import { parseJsonBounded } from '../../../bench/judge/bounded-json.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { WireRecorder } from '../../wire/recorder.ts';
import {
  ENDPOINT,
  finishLatch,
  serveReference,
  UnknownScenarioError,
  type RunningReference,
} from '../common/lifecycle.ts';
import { type RecordedRequest, type SseWriter } from '../../wire/server.ts';
import { readableId } from '../common/readable-id.ts';
import type { SseEvent } from '../../wire/sse.ts';
import { LATEST_VERSION, SCRIPTS, SUPPORTED_VERSIONS, toolList, type ReferenceScript } from './scripts.ts';
import { answerSecret, type StreamStore } from './streams.ts';
import { createTask, TASKS_CAPABILITY, taskRequest, type TaskStore } from './tasks.ts';

export { ENDPOINT, UnknownScenarioError, type RunningReference };

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);
const ok = (id: unknown, result: unknown) => ({ jsonrpc: '2.0', id, result });
/** A JSON-RPC id the schema allows (RequestId: string or integer). */
const isRequestId = (id: unknown): id is string | number => typeof id === 'string' || Number.isInteger(id);
/** Error response; without a usable id the id is left out (JSONRPCErrorResponse allows it; `null` is not a RequestId). */
const err = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  ...(isRequestId(id) ? { id } : {}),
  error: { code, message },
});
const text = (t: string, isError = false) => ({
  content: [{ type: 'text', text: t }],
  ...(isError ? { isError: true } : {}),
});

/** Per-trial state of one reference server. */
export interface ReferenceState {
  script: ReferenceScript;
  secret: string;
  token: string;
  /** Session id → alive. */
  sessions: Map<string, boolean>;
  answered: boolean;
  /** The `sse-hang` script already left one get_secret unanswered (later ones are answered). */
  hung: boolean;
  /** initialize requests answered so far (the `firstVersion` script treats the first one differently). */
  initializes: number;
  /** The session the `firstVersion` answer opened (it accepts that version in MCP-Protocol-Version). */
  firstSession?: string;
  streams: StreamStore;
  /** Server-to-client requests awaiting the client's response, by id. */
  pending: Map<string, (reply: Msg | 'mismatch') => void>;
  /** Tasks by id (task-call only). */
  tasks: TaskStore;
  rec: WireRecorder;
}

/** Start the scripted 2025-11-25 Streamable HTTP reference server for one client-role trial. */
export async function startReference2025(scenarioId: string): Promise<RunningReference> {
  const script = SCRIPTS[scenarioId];
  if (!script)
    throw new UnknownScenarioError('2025-11-25', scenarioId, Object.keys(SCRIPTS), 'client reference script');
  const rec = new WireRecorder('reference');
  const { finished, markFinished } = finishLatch();
  const state: ReferenceState = {
    script,
    secret: script.secretPrefix + randomBytes(9).toString('base64url'),
    token: randomBytes(9).toString('base64url'),
    sessions: new Map(),
    answered: false,
    hung: false,
    initializes: 0,
    streams: new Map(),
    pending: new Map(),
    tasks: new Map(),
    rec,
  };
  const finish = () => setTimeout(markFinished, 300);
  return serveReference(
    rec,
    scenarioId,
    finished,
    (req) => handle(state, req, { finish, markFinished }),
    () => {
      for (const resolve of state.pending.values()) resolve('mismatch');
    },
  );
}

interface Hooks {
  /** The answer was accepted (resolves `finished` shortly after, unless the script waits for DELETE). */
  finish: () => void;
  markFinished: () => void;
}

/**
 * Session gate shared by POST, GET and DELETE: returns false when it already answered (400/404). `msg` is the POSTed
 * message, whose id the refusal carries.
 */
function checkSession(s: ReferenceState, req: RecordedRequest, initializing: boolean, msg?: unknown): boolean {
  if (!s.script.sessions || initializing) return true;
  const sid = req.header('mcp-session-id');
  if (sid === undefined) {
    req.label('missing-session');
    req.json(400, err(readableId(msg), -32600, 'Bad Request: MCP-Session-Id header is required'));
    return false;
  }
  if (s.sessions.get(sid) !== true) {
    req.label(s.sessions.has(sid) ? 'session-terminated' : 'session-unknown');
    req.json(404, err(readableId(msg), -32001, 'Session not found'));
    return false;
  }
  return true;
}

function badVersion(s: ReferenceState, req: RecordedRequest, msg?: unknown): boolean {
  const v = req.header('mcp-protocol-version');
  if (v === undefined || (SUPPORTED_VERSIONS as readonly string[]).includes(v)) return false;
  if (v === s.script.firstVersion && req.header('mcp-session-id') === s.firstSession) return false;
  req.label('unsupported-protocol-version');
  req.json(400, err(readableId(msg), -32600, `Bad Request: unsupported MCP-Protocol-Version ${v}`));
  return true;
}

async function handle(s: ReferenceState, req: RecordedRequest, hooks: Hooks): Promise<void> {
  if (req.path.split('?')[0] !== ENDPOINT) {
    req.label('not-endpoint');
    const msg = req.method === 'POST' ? parseJsonBounded(req.body.toString('utf8')) : undefined;
    req.json(404, err(readableId(msg), -32600, `Not Found: the MCP endpoint is ${ENDPOINT}`));
    return;
  }
  if (req.method === 'POST') return post(s, req, hooks);
  if (req.method === 'GET') return get(s, req);
  if (req.method === 'DELETE') return del(s, req, hooks);
  req.label('method-not-allowed');
  req.empty(405, { Allow: 'GET, POST, DELETE' });
}

function get(s: ReferenceState, req: RecordedRequest): void {
  if (!checkSession(s, req, false) || badVersion(s, req)) return;
  const last = req.header('last-event-id');
  const stream =
    last === undefined ? undefined : [...s.streams.values()].find((st) => st.sent.some((e) => e.id === last));
  if (!stream) {
    // No standalone server-to-client stream is offered; only resumption of a POST's stream.
    req.label(last === undefined ? 'no-standalone-stream' : 'unknown-last-event-id');
    req.empty(405, { Allow: 'POST, DELETE' });
    return;
  }
  req.label('resume');
  const w = req.sse();
  const from = stream.sent.findIndex((e) => e.id === last);
  // Replay only what this stream had not delivered after `last` (never another stream's messages), then finish it.
  for (const e of [...stream.sent.slice(from + 1), ...stream.rest]) w.send(e);
  stream.sent.push(...stream.rest);
  stream.rest = [];
  w.close('complete');
}

function del(s: ReferenceState, req: RecordedRequest, hooks: Hooks): void {
  if (!s.script.sessions) {
    req.label('no-sessions');
    req.empty(405, { Allow: 'GET, POST' });
    return;
  }
  if (!checkSession(s, req, false)) return;
  s.sessions.set(req.header('mcp-session-id')!, false);
  req.label('session-deleted');
  req.empty(200);
  if (s.answered && s.script.finishOnDelete) hooks.markFinished();
}

async function post(s: ReferenceState, req: RecordedRequest, hooks: Hooks): Promise<void> {
  // Not JSON, or nested deeper than the harness reads (validating it would recurse without bound).
  const msg = parseJsonBounded(req.body.toString('utf8'));
  if (msg === undefined) {
    req.label('parse-error');
    req.json(400, err(null, -32700, 'Parse error'));
    return;
  }
  if (!isObj(msg)) {
    req.label(Array.isArray(msg) ? 'batch-rejected' : 'invalid-message');
    req.json(400, err(null, -32600, 'Invalid Request: the body must be a single JSON-RPC message'));
    return;
  }
  const isInit = msg.method === 'initialize' && 'id' in msg;
  if (!checkSession(s, req, isInit, msg) || (!isInit && badVersion(s, req, msg))) return;
  if (typeof msg.method !== 'string') return clientResponse(s, req, msg);
  if (!('id' in msg)) {
    req.label(`notification ${msg.method}`);
    req.empty(202);
    return;
  }
  const id = msg.id;
  if (!isRequestId(id)) {
    // Answering would echo the id into an invalid response: refuse the request (400, error without id).
    req.label('invalid-id');
    req.json(400, err(undefined, -32600, 'Invalid Request: id must be a string or an integer'));
    return;
  }
  const params = isObj(msg.params) ? msg.params : {};
  switch (msg.method) {
    case 'initialize':
      return initialize(s, req, id, params);
    case 'ping':
      return req.json(200, ok(id, {}));
    case 'tools/list':
      return req.json(200, ok(id, { tools: toolList(s.script) }));
    case 'tools/call':
      return toolCall(s, req, id, params, hooks);
    default:
      if (s.script.tasks && (await taskRequest(s, req, id, msg.method, params))) return;
      req.label('method-not-found');
      return req.json(200, err(id, -32601, `Method not found: ${String(msg.method)}`));
  }
}

/** A JSON-RPC response from the client (to a server request sent on an SSE stream). */
function clientResponse(s: ReferenceState, req: RecordedRequest, msg: Msg): void {
  if (!('id' in msg) || msg.id === null) {
    // Answers nothing the server asked (e.g. a reply to a notification): recorded, and no waiting call is disturbed.
    req.label('client-response-without-id');
    req.empty(202);
    return;
  }
  const key = JSON.stringify(msg.id);
  const waiter = s.pending.get(key);
  req.label(waiter ? 'client-response' : 'client-response-unknown-id');
  req.empty(202);
  if (waiter) waiter(msg);
  // A response that matches no outstanding request: the waiting call fails now instead of timing out.
  else for (const w of s.pending.values()) w('mismatch');
}

async function initialize(s: ReferenceState, req: RecordedRequest, id: unknown, params: Msg): Promise<void> {
  if (s.script.initDelayMs > 0) await new Promise((r) => setTimeout(r, s.script.initDelayMs));
  const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
  const first = s.script.firstVersion !== undefined && s.initializes === 0;
  s.initializes++;
  const version = first
    ? s.script.firstVersion!
    : (s.script.answerVersion ?? ((SUPPORTED_VERSIONS as readonly string[]).includes(asked) ? asked : LATEST_VERSION));
  const headers: Record<string, string> = {};
  if (s.script.sessions) {
    const sid = randomUUID();
    s.sessions.set(sid, true);
    headers['MCP-Session-Id'] = sid;
    if (first) s.firstSession = sid;
  }
  req.label('initialize');
  req.json(
    200,
    ok(id, {
      protocolVersion: version,
      capabilities: {
        tools: {},
        ...(s.script.tasks ? { tasks: TASKS_CAPABILITY } : {}),
        ...(s.script.chatter ? { logging: {} } : {}),
      },
      serverInfo: { name: 'mcpfs-reference', version: '1.0.0' },
    }),
    headers,
  );
}

async function toolCall(
  s: ReferenceState,
  req: RecordedRequest,
  id: unknown,
  params: Msg,
  hooks: Hooks,
): Promise<void> {
  const args = isObj(params.arguments) ? params.arguments : {};
  const name = params.name;
  req.label(`tools/call ${String(name)}`);
  if (s.script.tasks) {
    // 251125-tasks-117b and -115b: the task-only tool refuses a plain call, the other tools refuse a task.
    const asTask = isObj(params.task);
    if ((name === 'get_secret') !== asTask)
      return req.json(
        200,
        err(id, -32601, `Method not found: ${String(name)} ${asTask ? 'does not run' : 'runs only'} as a task`),
      );
    if (asTask) return createTask(s, req, id, params.task as Msg, text(s.secret));
  }
  if (name === 'get_token' && s.script.needsToken) return req.json(200, ok(id, text(s.token)));
  if (name === 'get_secret') {
    if (s.script.needsToken && args.token !== s.token)
      return req.json(200, ok(id, text('get_secret needs the token returned by get_token', true)));
    const sid = req.header('mcp-session-id');
    await answerSecret(s, req, id, params, ok(id, text(s.secret)));
    if (s.script.expireAfterSecret && sid !== undefined && s.sessions.size === 1) {
      s.sessions.set(sid, false);
      s.rec.note('session expired by script', { x: req.x });
    }
    return;
  }
  if (name === 'submit_answer') {
    const right = args.answer === s.secret;
    req.json(200, ok(id, right ? text('accepted') : text('wrong answer', true)));
    if (right && !s.answered) {
      s.answered = true;
      if (!s.script.finishOnDelete) hooks.finish();
    }
    return;
  }
  req.json(200, err(id, -32602, `Unknown tool: ${String(name)}`));
}

export type { SseEvent, SseWriter };
