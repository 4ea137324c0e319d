import { McpfsError } from '../../../../bench/errors.ts';
import { SseParser, type SseEvent } from '../../../wire/sse.ts';
import { latin1Json } from '../../common/http.ts';

/** Versions the oracle client speaks; the first is the one it asks for. */
export const CLIENT_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Bound on every HTTP exchange, so the oracle always exits. */
const HTTP_TIMEOUT_MS = 30_000;
/** Reconnection delay when the server never sent `retry:` (the SSE default is UA-defined; a few seconds is common). */
const DEFAULT_RETRY_MS = 1_000;

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A request got no response within the oracle's per-call timeout (lifecycle-249): it was called off. */
export class CallTimedOutError extends McpfsError {
  constructor(method: string, ms: number) {
    super(`${method} got no response within ${ms} ms: called off`);
  }
}

/** The server answered initialize with a version the oracle does not speak (lifecycle-174: disconnect). */
export class UnsupportedVersionError extends McpfsError {
  constructor(version: unknown, url: string) {
    super(`server answered initialize with unsupported protocol version ${String(version)}: POST ${url}`);
  }
}

/** The server answered an HTTP request in a way the oracle cannot continue from. */
export class OracleHttpError extends McpfsError {
  readonly status: number;
  constructor(what: string, method: string, url: string, status: number) {
    super(`${what}: ${method} ${url} (HTTP ${status})`);
    this.status = status;
  }
}

/**
 * A from-scratch 2025-11-25 Streamable HTTP client. Each mutant switch (see mutants.ts) flips one behaviour;
 * with no switch it does what the spec asks, including the SHOULDs.
 */
export class OracleClient {
  readonly url: string;
  readonly mutant: string | undefined;
  private sessionId: string | undefined;
  private version: string | undefined;
  private nextId = 1;

  constructor(url: string, mutant?: string) {
    this.url = url;
    this.mutant = mutant;
  }

  private is(id: string): boolean {
    return this.mutant === id;
  }

  private headers(kind: 'post' | 'get' | 'delete'): Record<string, string> {
    const h: Record<string, string> = {};
    if (kind === 'post') h['Content-Type'] = 'application/json';
    if (!this.is('no-accept') && kind !== 'delete')
      h.Accept = kind === 'post' ? 'application/json, text/event-stream' : 'text/event-stream';
    if (this.version && !this.is('no-protocol-version'))
      h['MCP-Protocol-Version'] = this.is('latest-version-header') ? '2025-11-25' : this.version;
    if (this.sessionId && !this.is('no-session-echo')) h['MCP-Session-Id'] = this.sessionId;
    return h;
  }

  private newId(): number {
    return this.is('reuse-ids') ? 1 : this.nextId++;
  }

  private post(msg: unknown, how: { method?: string; url?: string; signal?: AbortSignal } = {}): Promise<Response> {
    const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
    const init = {
      method: how.method ?? 'POST',
      headers: this.headers('post'),
      // latin1-body: ISO-8859-1 bytes instead of UTF-8 (only bodies with non-ASCII text differ).
      body: this.is('latin1-body') ? new Uint8Array(latin1Json(JSON.stringify(msg))) : JSON.stringify(msg),
      signal: how.signal ? AbortSignal.any([timeout, how.signal]) : timeout,
    };
    return fetch(how.url ?? this.url, init);
  }

  /** initialize → check the answered version → notifications/initialized. */
  async initialize(): Promise<void> {
    this.sessionId = undefined;
    this.version = undefined;
    const params: Msg = {
      protocolVersion: this.is('bogus-version')
        ? '1900-01-01'
        : this.is('ask-older')
          ? CLIENT_VERSIONS[1]
          : CLIENT_VERSIONS[0],
      capabilities: {},
    };
    if (!this.is('no-client-info')) params.clientInfo = { name: 'mcpfs-oracle-client', version: '1.0.0' };
    const id = this.newId();
    const sent = this.post({ jsonrpc: '2.0', id, method: 'initialize', params });
    if (this.is('cancel-initialize')) {
      // cancellation-35 broken: calls off its own initialize while it is still unanswered.
      await new Promise((r) => setTimeout(r, 50));
      await this.notify('notifications/cancelled', { requestId: id, reason: 'taking too long' });
    }
    const res = await sent;
    if (!res.ok) throw new OracleHttpError('initialize failed', 'POST', this.url, res.status);
    const sid = res.headers.get('mcp-session-id');
    const result = await this.readResult(res, id);
    const version = result.protocolVersion;
    if (sid !== null) this.sessionId = sid;
    const spoken = typeof version === 'string' && (CLIENT_VERSIONS as readonly string[]).includes(version);
    // lifecycle-174: a version we do not speak means disconnect (the caller ends the session; accept-any-version goes on).
    if (!spoken && !this.is('accept-any-version')) throw new UnsupportedVersionError(version, this.url);
    this.version = String(version);
    if (!this.is('skip-initialized')) await this.notify('notifications/initialized');
  }

  async notify(method: string, params?: Msg): Promise<void> {
    const withId = this.is('initialized-with-id') && method === 'notifications/initialized';
    const msg = { jsonrpc: '2.0', ...(withId ? { id: this.newId() } : {}), method, ...(params ? { params } : {}) };
    const batch = this.is('batch-notification');
    const how = this.is('put-notification')
      ? { method: 'PUT' }
      : this.is('wrong-path-notification')
        ? { url: `${this.url}/notify` }
        : {};
    const res = await this.post(batch ? [msg] : msg, how);
    await res.arrayBuffer();
    // These mutants shrug off the rejection, so each breaks only its one rule.
    const shrug =
      batch ||
      withId ||
      this.is('put-notification') ||
      this.is('wrong-path-notification') ||
      this.is('cancel-initialize');
    if (res.status !== 202 && !shrug)
      throw new OracleHttpError(`notification ${method} not accepted`, 'POST', this.url, res.status);
  }

  /** Send a request and return its result; on 404 for our session, start a new session and re-send once. */
  async request(method: string, params: Msg = {}, id: unknown = this.newId(), signal?: AbortSignal): Promise<Msg> {
    const hadSession = this.sessionId !== undefined;
    const res = await this.post({ jsonrpc: '2.0', id, method, params }, signal ? { signal } : {});
    if (res.status === 404 && hadSession) {
      await res.arrayBuffer();
      if (this.is('no-reinit-on-404')) throw new OracleHttpError(`session gone on ${method}`, 'POST', this.url, 404);
      await this.initialize();
      return this.request(method, params);
    }
    if (!res.ok) throw new OracleHttpError(`${method} failed`, 'POST', this.url, res.status);
    return this.readResult(res, id, signal);
  }

  /**
   * A request with a deadline (lifecycle-249): unanswered after `ms`, it is called off with notifications/cancelled
   * (transports-129: explicitly, not by disconnecting alone), its connection is dropped (stop waiting), and
   * CallTimedOutError is thrown so the caller can try again.
   */
  async requestWithin(ms: number, method: string, params: Msg = {}): Promise<Msg> {
    const id = this.newId();
    const ctl = new AbortController();
    const work = this.request(method, params, id, ctl.signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
    const first = await Promise.race([work, late]);
    clearTimeout(timer);
    if (first !== 'late') {
      if (this.is('cancel-answered')) {
        // cancellation-32 broken: calls off a request whose answer it already has.
        await new Promise((r) => setTimeout(r, 300));
        await this.notify('notifications/cancelled', { requestId: id, reason: 'no longer needed' });
      }
      return first;
    }
    if (!this.is('disconnect-only'))
      await this.notify('notifications/cancelled', { requestId: id, reason: `no response within ${ms} ms` });
    if (!this.is('cancel-keep-waiting')) ctl.abort();
    await work.catch(() => undefined);
    throw new CallTimedOutError(method, ms);
  }

  /** DELETE the session (transports-216), if there is one. */
  async close(): Promise<void> {
    if (!this.sessionId || this.is('no-delete')) return;
    const res = await fetch(this.url, {
      method: 'DELETE',
      headers: this.headers('delete'),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    this.sessionId = undefined;
  }

  private async readResult(res: Response, id: unknown, signal?: AbortSignal): Promise<Msg> {
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    let msg: Msg;
    if (type === 'application/json') {
      const body: unknown = await res.json();
      const found = (Array.isArray(body) ? body : [body]).find((m) => isObj(m) && m.id === id);
      if (!isObj(found)) throw new Error(`no response with id ${String(id)} in JSON body: POST ${this.url}`);
      msg = found;
    } else if (type === 'text/event-stream') {
      if (this.is('sse-unsupported')) throw new Error(`unexpected content type ${type}: POST ${this.url}`);
      msg = await this.readStream(res, id, signal);
    } else {
      throw new Error(`unexpected content type "${type}": POST ${this.url}`);
    }
    if (isObj(msg.error))
      throw new Error(`JSON-RPC error ${String(msg.error.code)} ${String(msg.error.message)}: POST ${this.url}`);
    return isObj(msg.result) ? msg.result : {};
  }

  /** Read an SSE stream until the response with `id`; resume with GET + Last-Event-ID after a cut, honouring `retry`. */
  private async readStream(first: Response, id: unknown, signal?: AbortSignal): Promise<Msg> {
    let res = first;
    let lastId: string | undefined;
    let retry = DEFAULT_RETRY_MS;
    for (;;) {
      const parser = new SseParser();
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) {
            if (ev.id !== undefined) lastId = ev.id;
            if (ev.retry !== undefined) retry = ev.retry;
            const reply = await this.onEvent(ev, id);
            if (reply) return reply;
          }
        }
      } catch (e) {
        // Our own call-off is no cut to reconnect from; any other error is: fall through to reconnection.
        if (signal?.aborted) throw e;
      }
      if (lastId === undefined)
        throw new Error(`SSE stream ended without a response and without an event id: POST ${this.url}`);
      await new Promise((r) => setTimeout(r, this.is('early-reconnect') ? 0 : retry));
      const headers = this.headers('get');
      if (!this.is('no-last-event-id')) headers['Last-Event-ID'] = lastId;
      res = await fetch(this.url, { method: 'GET', headers, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!res.ok) throw new OracleHttpError('resuming the SSE stream failed', 'GET', this.url, res.status);
    }
  }

  /** The error answering a server request the client cannot serve (-32601), or its mutant-broken form. */
  private refusal(id: unknown): Msg {
    const error: Msg = this.is('error-code-string') ? { code: '-32601' } : { code: -32601 };
    if (!this.is('error-no-message')) error.message = 'Method not found';
    return { jsonrpc: '2.0', ...(this.is('error-id-dropped') ? {} : { id }), error };
  }

  /** Handle one event: returns the response when it is ours; answers server requests on their own POST. */
  private async onEvent(ev: SseEvent, id: unknown): Promise<Msg | undefined> {
    if (ev.data === '') return undefined;
    let msg: unknown;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return undefined;
    }
    if (!isObj(msg)) return undefined;
    if (typeof msg.method === 'string' && 'id' in msg) {
      const rid = this.is('wrong-response-id') ? `${String(msg.id)}-x` : msg.id;
      const ok: Msg = this.is('ping-no-result') ? { jsonrpc: '2.0', id: rid } : { jsonrpc: '2.0', id: rid, result: {} };
      const res = await this.post(msg.method === 'ping' ? ok : this.refusal(rid));
      await res.arrayBuffer();
      return undefined;
    }
    if (typeof msg.method === 'string' && this.is('answer-notifications')) {
      // basic-96 broken: a notification treated as a request nobody serves (no id to echo, so none is sent).
      const res = await this.post({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } });
      await res.arrayBuffer();
      return undefined;
    }
    return 'method' in msg || msg.id !== id ? undefined : msg;
  }
}
