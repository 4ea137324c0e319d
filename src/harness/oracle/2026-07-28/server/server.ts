import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
// Origin policy and body reading are the same as the 2025-11-25 oracle's (…-58/-60 are unchanged).
import { originAllowed, readBody } from '../../common/http.ts';
import { listedTool } from './annotation-mutants.ts';
import { parseMutant, type MutantId } from './mutants.ts';
import { Responder, RpcError } from './respond.ts';
import { Countdowns } from './countdown.ts';
import { Listeners } from './subscriptions.ts';
import { missingTasks, TASKS_EXT, TaskStore, type Outcome } from './tasks.ts';
import { InvalidParams, num, StateSealer, str, text, ToolInputError, TOOLS } from './tools.ts';
import { obj, SUPPORTED, Validator, type Rpc } from './validate.ts';

const STATE_TTL_MS = 10 * 60_000;

/**
 * CacheableResult fields (server/discover, tools/list; required by the 2026-07-28 schema). The tool list and the
 * capabilities are the same for every client and hold no user data, so any cache may share them ("public"); they never
 * change while the server runs, and a short TTL keeps a cached copy from outliving a restart with another build.
 * (The list-side-effect mutant does change its list; it is a mutant, and the TTL is a hint, not a promise.)
 */
const CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;

/**
 * The code of the Origin refusal: -32600 (Invalid Request); the undefined-reserved-code mutant makes one up in the
 * range reserved for the specification, the retired-code mutant uses 2025-11-25's -32002.
 */
function originRefusalCode(mutant: MutantId | undefined): number {
  if (mutant === 'undefined-reserved-code') return -32050;
  if (mutant === 'retired-code') return -32002;
  return -32600;
}

/**
 * InputResponses as the schema has them (…-mrtr-261): an object of objects, and the `confirm` answer an ElicitResult
 * (action accept/decline/cancel; on accept, content.confirm a boolean). Anything else is a protocol error (…-262).
 */
function validateResponses(v: unknown): void {
  if (v === undefined) return;
  const bad = (why: string) => new RpcError(400, -32602, `Invalid params: inputResponses ${why}`);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('must be an object');
  for (const [k, r] of Object.entries(v)) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad(`.${k} must be an object`);
  }
  if (!('confirm' in v)) return;
  const c = obj((v as Record<string, unknown>).confirm);
  if (c.action !== 'accept' && c.action !== 'decline' && c.action !== 'cancel')
    throw bad('.confirm.action must be accept, decline or cancel');
  if (c.action === 'accept' && typeof obj(c.content).confirm !== 'boolean')
    throw bad('.confirm.content.confirm must be a boolean');
}

/** Whether the request's clientCapabilities declare the Tasks extension. */
const declaresTasks = (caps: Record<string, unknown>) => TASKS_EXT in obj(caps.extensions);

/**
 * The from-scratch 2026-07-28 Streamable HTTP oracle: stateless (no handshake, no sessions, GET/DELETE → 405), every
 * request validated on its own headers and `_meta`, tools add, echo, route_query (x-mcp-header parameters) and
 * confirm_transfer (multi round-trip with an HMAC-sealed requestState, answered over SSE). `mutant` breaks one behaviour.
 */
export function createOracleServer(mutantName?: string): Server {
  const mutant: MutantId | undefined = parseMutant(mutantName);
  const m = (id: MutantId) => mutant === id;
  const out = new Responder(mutant);
  const check = new Validator(mutant);
  const sealer = new StateSealer();
  const tasks = new TaskStore(mutant);
  /** Ids of redeemed confirmation states (kept for the process lifetime; a state expires after STATE_TTL_MS anyway). */
  const spent = new Set<string>();
  const listeners = new Listeners(out, mutant);
  const countdowns = new Countdowns(out, mutant, (id) => listeners.requestCancelled(id));
  /** Tools added by install_plugin (subscriptions): each answers "<name> ready". */
  const plugins: string[] = [];
  /** Server-wide state exists only for mutants that (wrongly) depend on earlier requests. */
  let discovered = false;
  let calls = 0;

  let lists = 0;

  function toolsList(): Record<string, unknown> {
    const extra =
      m('list-side-effect') && calls > 0
        ? [{ name: `calls_${calls}`, description: 'Side effect.', inputSchema: { type: 'object' } }]
        : [];
    lists++;
    const served = (m('list-missing-tool') ? TOOLS.filter((t) => t.name === 'add') : TOOLS).map((t) =>
      m('null-schema') && t.name === 'echo' ? { ...t, inputSchema: null } : listedTool(t, mutant),
    );
    const installed = plugins.map((name) => ({
      name,
      description: `Plugin ${name}.`,
      inputSchema: { type: 'object' },
    }));
    const tools = [...served, ...installed, ...extra];
    return { tools: m('shuffle-tools') && lists % 2 === 0 ? tools.reverse() : tools, ...CACHE };
  }

  /** confirm_transfer: MRTR with an elicitation input request and a sealed requestState. */
  function transfer(
    res: ServerResponse,
    msg: Rpc,
    caps: Record<string, unknown>,
    p: Record<string, unknown>,
    amount: number,
  ): void {
    if (!('elicitation' in caps) && !m('elicit-without-capability')) {
      const data = m('missing-capability-no-data') ? undefined : { requiredCapabilities: { elicitation: {} } };
      throw new RpcError(
        m('missing-capability-200') ? 200 : 400,
        -32021,
        'Missing required client capability: elicitation',
        data,
      );
    }
    const responses = p.inputResponses;
    if (!m('unvalidated-responses')) validateResponses(responses);
    if (m('reject-extra-responses') && Object.keys(obj(responses)).some((k) => k !== 'confirm'))
      throw new RpcError(400, -32602, 'Invalid params: unexpected inputResponses');
    const answer = obj(obj(responses).confirm);
    const answered = 'confirm' in obj(responses);
    if (p.requestState !== undefined && !answered && m('missing-response-error'))
      throw new RpcError(400, -32602, 'Invalid params: inputResponses.confirm is missing');
    if (p.requestState === undefined || !answered) {
      const ask = {
        inputRequests: {
          confirm: {
            method: m('input-request-ping') ? 'ping' : 'elicitation/create',
            params: {
              mode: 'form',
              message: `Confirm the transfer of ${amount}?`,
              requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
            },
          },
        },
        requestState: sealer.seal({
          tool: 'confirm_transfer',
          amount,
          exp: Date.now() + STATE_TTL_MS,
          jti: randomUUID(),
        }),
      };
      return out.sse(
        res,
        out.message(msg.id, { result: out.result(m('empty-input-required') ? {} : ask, 'input_required') }),
      );
    }
    const trust = m('unverified-state');
    const state = sealer.open(p.requestState, trust);
    const valid =
      trust ||
      (state &&
        state.tool === 'confirm_transfer' &&
        (state.amount === amount || m('state-not-bound')) &&
        typeof state.exp === 'number' &&
        state.exp > Date.now());
    if (!valid) throw new RpcError(400, -32602, 'Invalid params: requestState failed verification');
    // One confirmation, one transfer (…-mrtr-241): the state's id is spent once it is redeemed.
    const jti = typeof state?.jti === 'string' ? state.jti : '';
    if (spent.has(jti) && !m('state-replayable'))
      throw new RpcError(400, -32602, 'Invalid params: requestState was already redeemed');
    spent.add(jti);
    const ok = answer.action === 'accept' && obj(answer.content).confirm === true;
    const done = text(ok ? `transferred ${m('wrong-results') ? 0 : amount}` : 'transfer not confirmed');
    return out.sse(res, out.message(msg.id, { result: out.result(done) }));
  }

  /**
   * slow_square's work, as its prompt describes it: x = 13 crashes (an internal error, so the task fails), a square
   * above 1000000 is a tool error (the task completes with it), anything else is the square.
   */
  function squareOutcome(x: number): Outcome {
    if (x === 13) return { error: { code: -32603, message: 'Internal error: the computation crashed (x = 13)' } };
    if (x * x > 1_000_000) return { result: out.result({ ...text('out of range'), isError: true }) };
    return { result: out.result(text(String(m('wrong-results') ? x * x + 1 : x * x))) };
  }

  function call(req: IncomingMessage, res: ServerResponse, msg: Rpc, caps: Record<string, unknown>): void {
    calls += 1;
    try {
      callTool(req, res, msg, caps);
    } catch (e) {
      if (!(e instanceof ToolInputError)) throw e;
      out.json(res, 200, out.message(msg.id, { result: out.result({ ...text(e.message), isError: true }) }));
    }
  }

  function callTool(req: IncomingMessage, res: ServerResponse, msg: Rpc, caps: Record<string, unknown>): void {
    const p = obj(msg.params);
    const args = obj(p.arguments);
    const reply = (r: Record<string, unknown>, type?: string) =>
      out.json(res, 200, out.message(msg.id, { result: out.result(r, type) }));
    if (p.name === 'add') {
      const [a, b] = [num(args.a, 'a'), num(args.b, 'b')];
      return reply(text(String(m('wrong-results') ? a - b : a + b)));
    }
    if (p.name === 'echo') return reply(text(str(args.text, 'text')));
    if (p.name === 'route_query') {
      check.params(req, args);
      const region = args.region === null || args.region === undefined ? 'global' : str(args.region, 'region');
      const line = `${m('wrong-results') ? region.toUpperCase() : region}|${num(args.priority, 'priority', true)}|${str(args.query, 'query')}`;
      return reply(text(line));
    }
    if (p.name === 'confirm_transfer') return transfer(res, msg, caps, p, num(args.amount, 'amount', true));
    if (p.name === 'slow_square') {
      const [x, delayMs] = [num(args.x, 'x'), num(args.delayMs, 'delayMs', true)];
      if (delayMs < 0 || delayMs > 60_000)
        throw new ToolInputError('argument "delayMs" must be an integer from 0 to 60000');
      // Task-only tool: without the extension there is no way to serve it (ext-tasks …-61a, …-63).
      if (!declaresTasks(caps) && !m('task-without-extension')) throw missingTasks(mutant);
      const t = tasks.create(delayMs, () => squareOutcome(x), req.socket);
      return reply(t.fields, t.resultType);
    }
    if (p.name === 'install_plugin') {
      const name = str(args.name, 'name');
      if (!/^[a-z][a-z0-9_]{0,31}$/.test(name) || TOOLS.some((t) => t.name === name))
        throw new ToolInputError(`argument "name" must be a new tool name (a-z, 0-9, _; at most 32 characters)`);
      if (!plugins.includes(name)) {
        plugins.push(name);
        listeners.toolsChanged();
      }
      return reply(text(`installed ${name}`));
    }
    if (typeof p.name === 'string' && plugins.includes(p.name))
      return reply(text(m('wrong-results') ? `${p.name} broken` : `${p.name} ready`));
    if (p.name === 'countdown') return countdowns.start(res, msg.id, args, obj(p._meta).progressToken);
    if (p.name === 'job_status') return reply(countdowns.status(args));
    throw new InvalidParams(`Unknown tool: ${String(p.name)}`);
  }

  function request(req: IncomingMessage, res: ServerResponse, msg: Rpc & { method: string }): void {
    const caps = check.request(req, msg);
    if (m('require-discover-first') && msg.method !== 'server/discover' && !discovered)
      throw new RpcError(400, -32600, 'Call server/discover first');
    const reply = (r: Record<string, unknown>, type?: string) =>
      out.json(res, 200, out.message(msg.id, { result: out.result(r, type) }));
    if (msg.method === 'server/discover' && !m('discover-missing')) {
      discovered = true;
      return reply({
        supportedVersions: SUPPORTED,
        capabilities: {
          ...(m('no-tools-capability') ? {} : { tools: { listChanged: true } }),
          extensions: { [TASKS_EXT]: {} },
        },
        ...CACHE,
      });
    }
    if (msg.method === 'tools/list') {
      if (m('result-member-missing'))
        return out.json(res, 200, { jsonrpc: '2.0', id: msg.id, ...out.result(toolsList()) });
      return m('input-required-on-list') ? reply({ requestState: 'page-1' }, 'input_required') : reply(toolsList());
    }
    if (msg.method === 'tools/call') return call(req, res, msg, caps);
    if (msg.method === 'subscriptions/listen') return listeners.listen(res, msg.id, obj(msg.params));
    if (msg.method === 'tasks/get' || msg.method === 'tasks/cancel' || msg.method === 'tasks/update') {
      if (!declaresTasks(caps) && !(m('tasks-get-ignores-extension') && msg.method === 'tasks/get'))
        throw missingTasks(mutant);
      if (msg.method === 'tasks/get') {
        const t = tasks.get(obj(msg.params), req.socket);
        return reply(t.fields, t.resultType);
      }
      if (msg.method === 'tasks/cancel') {
        const c = tasks.cancel(obj(msg.params), req.socket);
        return reply(c.fields, c.resultType);
      }
      throw new InvalidParams('this server never asks for task input: no task awaits tasks/update');
    }
    // Any error to initialize names the supported versions (versioning.mdx …-154), this one too.
    const versions =
      msg.method === 'initialize' ? ` (this server supports protocol version ${SUPPORTED.join(', ')})` : '';
    throw new RpcError(m('unknown-method-200') ? 200 : 404, -32601, `Method not found: ${msg.method}${versions}`);
  }

  function notification(res: ServerResponse): void {
    if (m('notification-200')) return out.status(res, 200);
    if (m('body-on-202')) return out.json(res, 202, out.message('notification-ack', { result: out.result({}) }));
    out.status(res, 202);
  }

  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (!raw) return out.error(res, undefined, new RpcError(413, -32600, 'Request body too large'));
    let msg: Rpc | null;
    try {
      msg = JSON.parse(raw.toString('utf8')) as Rpc | null; // any JSON value, checked below
    } catch {
      return out.error(res, undefined, new RpcError(400, -32700, 'Parse error'));
    }
    if (
      typeof msg !== 'object' ||
      msg === null ||
      Array.isArray(msg) ||
      msg.jsonrpc !== '2.0' ||
      typeof msg.method !== 'string'
    ) {
      if (m('notification-200') && typeof msg === 'object' && msg !== null && !('id' in msg))
        return out.status(res, 200);
      return out.error(res, undefined, new RpcError(400, -32600, 'Invalid Request'));
    }
    // Notifications need no answer; accept any well-formed one (…-83). Mutants: 200 instead of 202, a body on the 202.
    if (!('id' in msg)) return notification(res);
    try {
      request(req, res, msg as Rpc & { method: string });
    } catch (e) {
      if (e instanceof RpcError) return out.error(res, msg.id, e);
      if (e instanceof InvalidParams) return out.error(res, msg.id, new RpcError(200, -32602, e.message));
      throw e;
    }
  }

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp')
      return out.error(res, undefined, new RpcError(404, -32600, 'Not Found: the MCP endpoint is /mcp'));
    const origin = req.headers.origin;
    if (!originAllowed(typeof origin === 'string' ? origin : undefined) && !m('no-origin-check'))
      return out.error(res, undefined, new RpcError(403, originRefusalCode(mutant), 'Forbidden: Origin not allowed'));
    if (req.method !== 'POST') return out.status(res, 405, { Allow: 'POST' });
    if (m('post-redirect') && check.header(req, 'Mcp-Method') === 'tools/call')
      return out.status(res, 307, { Location: '/mcp/rpc' });
    post(req, res).catch((e: unknown) => {
      if (!res.headersSent)
        out.error(res, undefined, new RpcError(500, -32603, `Internal error: ${(e as Error).message}`));
      else res.end();
    });
  });
}
