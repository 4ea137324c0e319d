import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { formatSse } from '../../../wire/sse.ts';
import { originAllowed, readBody } from '../../common/http.ts';
import { parseMutant, type MutantId } from './mutants.ts';
import { Responder } from './respond.ts';
import { Sessions, type Session, type Stream } from './state.ts';
import { TaskNotFound } from './tasks.ts';
import {
  ComputationCrashed,
  countdownN,
  inputErrorResult,
  InvalidParams,
  simpleTool,
  squareArgs,
  text,
  ToolInputError,
  TOOLS,
} from './tools.ts';

const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26'];
const LATEST = '2025-11-25';
/** Delay between countdown progress notifications, so streaming is real but probes stay fast. */
const TICK_MS = 20;
/** One step of long_countdown and slow_countdown, as their prompts say. */
const STEP_MS = 300;
/** Poll mode (poll-resume): a polled connection is closed this long after it opened, with this `retry` advice. */
const POLL_CLOSE_MS = 1000;
const RETRY_MS = 300;

type Rpc = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

/**
 * The from-scratch 2025-11-25 Streamable HTTP oracle server: sessions, JSON and SSE responses, a GET stream,
 * resumption with Last-Event-ID, DELETE. `mutant` switches one behaviour off (see mutants.ts).
 */
export function createOracleServer(mutantName?: string): Server {
  const mutant: MutantId | undefined = parseMutant(mutantName);
  const sessions = new Sessions(mutant);
  const out = new Responder(mutant);
  const m = (id: MutantId) => mutant === id;

  /**
   * Checks shared by every non-initialize request: protocol version header, then session. `id` is the POSTed request's
   * id: its refusal is an error response to a readable request, so it carries that id (…-89).
   */
  function admit(req: IncomingMessage, res: ServerResponse, id?: unknown): Session | undefined {
    const version = req.headers['mcp-protocol-version'];
    if (version === undefined && m('require-protocol-version')) {
      out.httpError(res, 400, -32600, 'Bad Request: MCP-Protocol-Version header is required', id);
      return undefined;
    }
    if (typeof version === 'string' && !SUPPORTED.includes(version) && !m('ignore-protocol-version')) {
      out.httpError(res, 400, -32600, `Unsupported MCP-Protocol-Version: ${version}`, id);
      return undefined;
    }
    const sid = req.headers['mcp-session-id'];
    if (typeof sid !== 'string' && m('no-session')) return sessions.sessionless();
    if (typeof sid !== 'string') {
      if (m('missing-session-404')) out.httpError(res, 404, -32001, 'Session not found', id);
      else out.httpError(res, 400, -32600, 'Bad Request: MCP-Session-Id header is required', id);
      return undefined;
    }
    const s = sessions.get(sid);
    if (!s || s.terminated) {
      if (s?.terminated && m('terminated-400')) out.httpError(res, 400, -32600, 'Bad Request: session terminated', id);
      else out.httpError(res, 404, -32001, 'Session not found', id);
      return undefined;
    }
    return s;
  }

  function initialize(res: ServerResponse, msg: Rpc): void {
    const s = m('no-session') ? sessions.sessionless() : sessions.create();
    const asked = obj(msg.params).protocolVersion;
    let version = typeof asked === 'string' && SUPPORTED.includes(asked) ? asked : LATEST;
    if (m('wrong-version-echo')) version = '2025-06-18';
    if (m('version-echo-unsupported') && typeof asked === 'string') version = asked;
    if (m('counter-oldest') && version !== asked) version = '2025-03-26';
    const result = {
      protocolVersion: version,
      capabilities: {
        ...(m('no-tools-capability') ? {} : { tools: { listChanged: false } }),
        // No tasks.list: this server cannot tell requestors apart beyond the session (…-876).
        ...(m('no-tasks-capability') ? {} : { tasks: { cancel: {}, requests: { tools: { call: {} } } } }),
      },
      ...(m('no-server-info') ? {} : { serverInfo: { name: 'mcpfs-oracle', version: '2025-11-25' } }),
    };
    out.json(res, 200, out.message(msg.id, { result }), m('no-session') ? {} : { 'MCP-Session-Id': s.id });
  }

  async function countdown(res: ServerResponse, s: Session, msg: Rpc, n: number): Promise<void> {
    const own = obj(obj(obj(msg.params)._meta)).progressToken;
    // cross-progress: a later countdown reports under the first one's token (its progress relates to another request).
    if (m('cross-progress')) s.firstToken ??= own;
    const token = m('cross-progress') && own !== undefined ? s.firstToken : own;
    out.sse(res);
    const stream = s.openStream(res);
    res.on('close', () => (stream.sink === res ? (stream.sink = undefined) : undefined));
    if (!m('no-priming')) s.emit(stream, '');
    for (let i = 1; i <= n && token !== undefined && !m('no-progress'); i++) {
      await new Promise((r) => setTimeout(r, TICK_MS));
      const note = {
        jsonrpc: '2.0',
        ...(m('notification-with-id') ? { id: `progress-${i}` } : {}),
        method: 'notifications/progress',
        params: { progressToken: token, progress: i, total: n },
      };
      s.emit(stream, JSON.stringify(note));
    }
    const response = JSON.stringify(out.message(msg.id, { result: text('liftoff') }));
    if (m('response-on-get')) for (const g of s.getSinks) g.write(formatSse({ data: response }));
    else s.emit(stream, response);
    stream.done = true;
    if (!m('keep-stream-open')) stream.sink?.end();
  }

  /** Connections the server closed itself (poll mode), as opposed to ones the client dropped. */
  const closedByServer = new WeakSet<ServerResponse>();

  /**
   * Poll mode: this connection of `stream` gets a priming event with `retry` now and is closed after POLL_CLOSE_MS
   * unless the stream finished first (…-113, …-151); events emitted meanwhile stay stored for resumption (…-130).
   */
  function polled(s: Session, stream: Stream, res: ServerResponse): void {
    s.emit(stream, '', m('close-without-retry') ? undefined : RETRY_MS);
    const t = setTimeout(() => {
      if (stream.sink !== res || stream.done) return;
      closedByServer.add(res);
      stream.sink = undefined;
      res.end();
    }, POLL_CLOSE_MS);
    res.on('close', () => clearTimeout(t));
  }

  /**
   * long_countdown (cancellation) and slow_countdown (poll-resume, `poll`): n steps of STEP_MS with progress when
   * asked for, then "liftoff". A `notifications/cancelled` naming the call stops it and ends its stream without a
   * response (cancellation-37); a client that drops the connection does not (transports-128).
   */
  async function slowCountdown(res: ServerResponse, s: Session, msg: Rpc, n: number, poll: boolean): Promise<void> {
    const token = obj(obj(obj(msg.params)._meta)).progressToken;
    const key = String(JSON.stringify(msg.id));
    // An object, not a `let`: the cancel switch flips it from outside the loop's control flow.
    const call: { cancelled: boolean; wake?: () => void } = { cancelled: false };
    const stop = () => {
      call.cancelled = true;
      call.wake?.();
    };
    const cancelled = () => call.cancelled;
    if (!m('ignore-cancel')) s.inflight.set(key, stop);
    if (poll) s.polling = true;
    out.sse(res);
    const stream = s.openStream(res, poll);
    res.on('close', () => {
      if (stream.sink === res) stream.sink = undefined;
      if (m('disconnect-cancels') && !closedByServer.has(res) && !stream.done) stop();
    });
    if (poll) polled(s, stream, res);
    else s.emit(stream, '');
    for (let i = 1; i <= n && !cancelled(); i++) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, STEP_MS);
        call.wake = () => (clearTimeout(t), r());
      });
      if (cancelled() || token === undefined) continue;
      const note = {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: i, total: n },
      };
      s.emit(stream, JSON.stringify(note));
    }
    if (s.inflight.get(key) === stop) s.inflight.delete(key);
    if (!cancelled()) s.emit(stream, JSON.stringify(out.message(msg.id, { result: text('liftoff') })));
    stream.done = true;
    stream.sink?.end();
  }

  /**
   * notifications/cancelled: stop the named call if it is in flight; an unknown or finished id is ignored
   * (cancellation-77). Either way the notification gets 202.
   */
  function cancel(res: ServerResponse, s: Session, params: Record<string, unknown>): void {
    const stop = s.inflight.get(String(JSON.stringify(params.requestId)));
    if (m('cancel-all')) for (const f of [...s.inflight.values()]) f();
    else if (stop) stop();
    else if (m('cancel-unknown-400'))
      return out.httpError(res, 400, -32602, `Unknown request id: ${JSON.stringify(params.requestId)}`);
    out.accepted(res);
  }

  /** slow_square: taskSupport "required", so only a task-augmented call runs it (…-117b). */
  async function square(
    reply: (r: unknown) => void,
    error: (c: number, m: string) => void,
    s: Session,
    p: Record<string, unknown>,
    args: Record<string, unknown>,
  ): Promise<void> {
    const augmented = typeof p.task === 'object' && p.task !== null;
    let parsed: { x: number; delayMs: number };
    try {
      parsed = squareArgs(args);
    } catch (e) {
      // An accepted task-augmented request MUST get a CreateTaskResult (tasks-463): the task completes at once with
      // the tool execution error as its result (tasks-892: isError results complete the task).
      if (!(e instanceof ToolInputError) || !augmented || m('task-call-returns-result')) throw e;
      return reply(s.tasks.create(obj(p.task).ttl, 0, () => inputErrorResult(e)));
    }
    const { x, delayMs } = parsed;
    const compute = () => {
      // The prompt's failure case: x = 13 crashes the computation (the task fails with a JSON-RPC error).
      if (x === 13) throw new ComputationCrashed('Internal error: the computation crashed (x = 13)');
      return text(String(m('wrong-results') ? x * x + 1 : x * x));
    };
    if (augmented && !m('task-call-returns-result')) return reply(s.tasks.create(obj(p.task).ttl, delayMs, compute));
    if (!augmented && !m('required-tool-runs-without-task'))
      return error(
        -32601,
        'Method not found: tool slow_square requires task augmentation (execution.taskSupport "required")',
      );
    await new Promise((r) => setTimeout(r, delayMs));
    return reply(compute());
  }

  async function request(res: ServerResponse, s: Session, msg: Rpc): Promise<void> {
    const reply = (result: unknown) => out.json(res, 200, out.message(msg.id, { result }));
    const error = (code: number, message: string) =>
      out.json(res, 200, out.message(msg.id, { error: { code, message } }));
    try {
      if (msg.method === 'ping') return reply({});
      if (msg.method === 'tools/list' && m('task-on-list') && isObject(obj(msg.params).task))
        return error(-32600, 'Task augmentation is not supported for tools/list');
      if (msg.method === 'tools/list')
        return m('result-member-missing')
          ? out.json(res, 200, { jsonrpc: '2.0', id: msg.id, tools: TOOLS })
          : reply({
              tools: m('null-schema') ? TOOLS.map((t) => (t.name === 'add' ? { ...t, inputSchema: null } : t)) : TOOLS,
            });
      if (msg.method === 'tasks/get' && m('tasks-get-sse'))
        return out.sseMessage(res, out.message(msg.id, { result: s.tasks.get(obj(msg.params)) }));
      if (msg.method === 'tasks/get') return reply(s.tasks.get(obj(msg.params)));
      if (msg.method === 'tasks/result') return reply(await s.tasks.result(obj(msg.params)));
      if (msg.method === 'tasks/cancel') return reply(s.tasks.cancel(obj(msg.params)));
      if (msg.method !== 'tools/call') return error(-32601, `Method not found: ${String(msg.method)}`);
      const p = obj(msg.params);
      const args = obj(p.arguments);
      if (p.name === 'increment') return reply(text(String(m('shared-counter') ? ++sessions.shared : ++s.counter)));
      if (p.name === 'countdown') return await countdown(res, s, msg, countdownN(args));
      if (p.name === 'slow_square') return await square(reply, error, s, p, args);
      // Only slow_square declares execution.taskSupport: a task-augmented call to any other tool is refused (…-115b).
      if (isObject(p.task) && !m('plain-tool-runs-as-task') && TOOLS.some((t) => t.name === p.name))
        return error(-32601, `Method not found: tool ${String(p.name)} does not support task augmentation`);
      if (p.name === 'long_countdown') return await slowCountdown(res, s, msg, countdownN(args), false);
      if (p.name === 'slow_countdown') return await slowCountdown(res, s, msg, countdownN(args), true);
      const r = simpleTool(String(p.name), args, mutant);
      return r ? reply(r) : error(-32602, `Unknown tool: ${String(p.name)}`);
    } catch (e) {
      if (e instanceof TaskNotFound && m('unknown-task-wrong-code')) return error(-32603, e.message);
      if (e instanceof ToolInputError) return reply(inputErrorResult(e));
      if (e instanceof InvalidParams) return error(-32602, e.message);
      if (e instanceof ComputationCrashed) return error(e.code, e.message);
      throw e;
    }
  }

  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (!raw) return out.httpError(res, 413, -32600, 'Request body too large');
    let msg: Rpc | null;
    try {
      msg = JSON.parse(raw.toString('utf8')) as Rpc | null; // any JSON value, checked below
    } catch {
      return out.httpError(res, 400, -32700, 'Parse error');
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg) || msg.jsonrpc !== '2.0') {
      // notification-200: a notification-shaped body it cannot accept gets 200 with the error (…-98 wants 4xx).
      if (m('notification-200') && isObject(msg) && typeof msg.method === 'string' && !('id' in msg))
        return out.json(res, 200, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } });
      return out.httpError(res, 400, -32600, 'Invalid Request');
    }
    if (msg.method === 'initialize' && 'id' in msg) return initialize(res, msg);
    const s = admit(req, res, typeof msg.method === 'string' ? msg.id : undefined);
    if (!s) return;
    if (msg.method === 'notifications/cancelled' && !('id' in msg)) return cancel(res, s, obj(msg.params));
    if (msg.method === 'notifications/initialized') s.initialized = true;
    if (typeof msg.method !== 'string' || !('id' in msg)) return out.accepted(res);
    return request(res, s, msg);
  }

  function get(req: IncomingMessage, res: ServerResponse): void {
    if (!String(req.headers.accept ?? '').includes('text/event-stream'))
      return out.httpError(res, 406, -32600, 'Not Acceptable: GET needs Accept: text/event-stream');
    const s = admit(req, res);
    if (!s) return;
    if (m('get-returns-json')) return out.json(res, 200, {});
    const last = req.headers['last-event-id'];
    if (typeof last === 'string') {
      const replay = m('no-resume') ? undefined : s.replayAfter(last);
      const stream = replay ? s.streams.get(replay.stream) : undefined;
      if (!replay || (stream?.standalone && m('no-get-resume')))
        return out.httpError(res, 400, -32600, `Unknown Last-Event-ID: ${last}`);
      out.sse(res);
      for (const ev of replay.events) res.write(formatSse(ev));
      if (!stream || stream.done) return void res.end();
      stream.sink = res;
      res.on('close', () => (stream.sink === res ? (stream.sink = undefined) : undefined));
      if (stream.poll) polled(s, stream, res);
      if (stream.standalone) s.getSinks.add(res);
      res.on('close', () => s.getSinks.delete(res));
      return;
    }
    out.sse(res);
    // early-roots-request: a server request before the client's initialized notification (…-160).
    if (m('early-roots-request') && !s.initialized)
      res.write(formatSse({ data: JSON.stringify({ jsonrpc: '2.0', id: 'early-1', method: 'roots/list' }) }));
    s.getSinks.add(res);
    res.on('close', () => s.getSinks.delete(res));
    // A polling session's standalone stream is a stream too (an id to resume from, closed after ~1 s: …-151, …-161).
    if (s.polling) return polled(s, s.openStream(res, true, true), res);
    res.write(': stream open\n\n');
  }

  function del(req: IncomingMessage, res: ServerResponse): void {
    const s = admit(req, res);
    if (!s) return;
    s.terminated = true;
    for (const g of s.getSinks) g.end();
    res.writeHead(200).end();
  }

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp') return out.httpError(res, 404, -32600, 'Not Found: the MCP endpoint is /mcp');
    const origin = req.headers.origin;
    if (!originAllowed(typeof origin === 'string' ? origin : undefined) && !m('no-origin-check')) {
      return out.httpError(res, 403, -32600, 'Forbidden: Origin not allowed');
    }
    const done = (e: unknown) => {
      if (!res.headersSent) out.httpError(res, 500, -32603, `Internal error: ${(e as Error).message}`);
      else res.end();
    };
    if (req.method === 'POST') return void post(req, res).catch(done);
    if (req.method === 'GET') return get(req, res);
    if (req.method === 'DELETE') return del(req, res);
    res.writeHead(405, { Allow: 'GET, POST, DELETE' }).end();
  });
}
