import { request as httpRequest } from 'node:http';
import { McpfsError } from '../../../../bench/errors.ts';
import { SseParser } from '../../../wire/sse.ts';
import {
  encodeHeaderValue,
  headerParams,
  headerString,
  InvalidToolError,
  readPath,
  type HeaderParam,
} from './encode.ts';

/** Bound on every HTTP exchange, so the oracle always exits. */
const HTTP_TIMEOUT_MS = 30_000;
/** Bound on multi round-trip rounds of one call (the server may re-ask; a broken client must not loop forever). */
const MAX_ROUNDS = 5;

/** The tasks extension's id and its methods that name a task (ext-tasks "Streamable HTTP: Routing Headers"). */
export const TASKS_EXT = 'io.modelcontextprotocol/tasks';
const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'];

type Msg = Record<string, unknown>;
const isObj = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server answered with a JSON-RPC error (or an unusable HTTP response). */
export class OracleRpcError extends McpfsError {
  readonly code: unknown;
  readonly data: unknown;
  constructor(
    method: string,
    url: string,
    status: number,
    error: { code?: unknown; message?: unknown; data?: unknown } | undefined,
  ) {
    super(
      `${method} failed: POST ${url} (HTTP ${status}${error ? `, JSON-RPC ${String(error.code)} ${String(error.message)}` : ''})`,
    );
    this.code = error?.code;
    this.data = error?.data;
  }
}

/** A result the client cannot read: its resultType is one the client does not recognise (basic-84). */
export class InvalidResultError extends McpfsError {
  constructor(method: string, url: string, type: unknown) {
    super(`${method}: invalid result, unrecognized resultType ${JSON.stringify(type)}: POST ${url}`);
  }
}

/** A request got no answer within its per-call timeout; the client stopped waiting (and, unless a mutant, cancelled). */
export class CallTimeoutError extends McpfsError {
  constructor(method: string, url: string, ms: number) {
    super(`${method}: no answer within ${ms} ms, cancelled by closing the response stream: POST ${url}`);
  }
}

/** Answers one input request of an InputRequiredResult (the user's part; scripted per scenario). */
export type InputAnswerer = (request: Msg) => Msg;

export interface OracleOptions {
  /** Versions the client speaks, preferred first. */
  versions: readonly string[];
  /** Client capabilities declared on every request. */
  capabilities?: Msg;
  mutant?: string;
}

/**
 * A from-scratch 2026-07-28 Streamable HTTP client: stateless, every request self-describing (`_meta` + mirrored
 * headers), JSON or SSE answers, version retry, x-mcp-header mirroring, multi round-trip retries. Each mutant switch
 * (mutants.ts) flips one behaviour; with none it does what the spec asks, SHOULDs included.
 */
export class OracleClient2026 {
  readonly url: string;
  readonly mutant: string | undefined;
  private readonly opts: OracleOptions;
  private version: string;
  private nextId = 1;
  /** x-mcp-header parameters of each valid listed tool; invalid tools are left out (shttp-403). */
  private readonly tools = new Map<string, HeaderParam[]>();

  constructor(url: string, opts: OracleOptions) {
    this.url = url;
    this.opts = opts;
    this.mutant = opts.mutant;
    this.version = opts.versions[0]!;
  }

  /** The client declares the tasks extension in its per-request capabilities. */
  private declaresTasks(): boolean {
    const ext = this.opts.capabilities?.extensions;
    return isObj(ext) && isObj(ext[TASKS_EXT]);
  }

  private is(id: string): boolean {
    return this.mutant === id;
  }

  newId(): number {
    return this.nextId++;
  }

  private meta(): Msg {
    const m: Msg = { 'io.modelcontextprotocol/protocolVersion': this.version };
    if (!this.is('no-client-capabilities'))
      m['io.modelcontextprotocol/clientCapabilities'] = this.opts.capabilities ?? {};
    if (!this.is('no-client-info'))
      m['io.modelcontextprotocol/clientInfo'] = { name: 'mcpfs-oracle-client', version: '1.0.0' };
    return m;
  }

  private headers(method: string, params: Msg): Record<string, string> {
    const h: Record<string, string> = { 'Content-Type': 'application/json' };
    if (!this.is('no-accept')) h.Accept = 'application/json, text/event-stream';
    if (!this.is('no-protocol-version'))
      h['MCP-Protocol-Version'] = this.is('header-version-mismatch') ? '2025-11-25' : this.version;
    if (!this.is('no-mcp-method')) h['Mcp-Method'] = method;
    const nameField =
      method === 'resources/read'
        ? params.uri
        : method === 'tools/call' || method === 'prompts/get'
          ? params.name
          : undefined;
    // Task methods route by taskId (260728-exttasks-511); the mutant leaves the header out.
    if (TASK_METHODS.includes(method) && typeof params.taskId === 'string' && !this.is('no-task-name-header'))
      h['Mcp-Name'] = params.taskId;
    if (typeof nameField === 'string')
      h['Mcp-Name'] = this.is('no-name-encoding')
        ? Buffer.from(nameField, 'utf8').toString('latin1')
        : encodeHeaderValue(nameField, { upperMarkers: this.is('uppercase-sentinel') });
    if (method === 'tools/call' && typeof params.name === 'string' && !this.is('no-param-headers'))
      Object.assign(h, this.paramHeaders(params.name, params.arguments));
    return h;
  }

  /** Mcp-Param-{Name} headers for a tool call (streamable-http.mdx "Client Behavior" steps 3–5). */
  private paramHeaders(tool: string, args: unknown): Record<string, string> {
    const h: Record<string, string> = {};
    for (const p of this.tools.get(tool) ?? []) {
      const v = readPath(args, p.path);
      if (v === undefined) {
        if (this.is('param-header-for-absent')) h[`Mcp-Param-${p.header}`] = 'absent';
        continue;
      }
      if (v === null) {
        if (this.is('param-header-for-null')) h[`Mcp-Param-${p.header}`] = 'null';
        continue;
      }
      const s = headerString(v);
      if (s === undefined) continue;
      // no-base64 sends the raw UTF-8 bytes (fetch only takes byte strings; it also trims edge whitespace).
      h[`Mcp-Param-${p.header}`] =
        this.is('no-base64') && !/^[\x20-\x7e]*$/.test(s)
          ? Buffer.from(s, 'utf8').toString('latin1')
          : encodeHeaderValue(s, {
              base64: !this.is('no-base64'),
              escapeSentinel: !this.is('no-sentinel-escape'),
              upperMarkers: this.is('uppercase-sentinel'),
            });
    }
    return h;
  }

  /**
   * POST one message (to `url`, the endpoint unless a mutant says otherwise) and return the HTTP status and the
   * JSON-RPC response with `id` (JSON or SSE), if any.
   */
  async post(
    body: Msg,
    method: string,
    params: Msg,
    url = this.url,
    timeoutMs?: number,
  ): Promise<{ status: number; msg?: Msg }> {
    if (timeoutMs === undefined) return this.exchange(body, method, params, url, AbortSignal.timeout(HTTP_TIMEOUT_MS));
    const ctl = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Cancellation on Streamable HTTP is closing the response stream (cancellation.mdx); the mutant only stops waiting.
        if (!this.is('no-close-on-timeout')) ctl.abort();
        reject(new CallTimeoutError(method, url, timeoutMs));
      }, timeoutMs);
    });
    const signal = AbortSignal.any([ctl.signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]);
    const done = this.exchange(body, method, params, url, signal);
    done.catch(() => undefined);
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One POST and its answer (JSON or SSE), bounded by `signal`. */
  private async exchange(
    body: Msg,
    method: string,
    params: Msg,
    url: string,
    signal: AbortSignal,
  ): Promise<{ status: number; msg?: Msg }> {
    const json = JSON.stringify(body);
    if (this.is('case-sensitive-content-type')) return this.rawExchange(json, method, params, url);
    const res = await fetch(url, {
      method: 'POST',
      headers: this.headers(method, params),
      // latin1-body: ISO-8859-1 bytes instead of UTF-8 (only bodies with non-ASCII text differ).
      body: this.is('latin1-body') ? Buffer.from(json, 'latin1') : json,
      signal,
    });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'text/event-stream' && this.is('sse-unsupported'))
      throw new Error(`unexpected content type ${type}: POST ${this.url}`);
    if (type === 'text/event-stream') return { status: res.status, msg: await this.readStream(res, body.id) };
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, ...(isObj(parsed) ? { msg: parsed } : {}) };
  }

  /** Read SSE events until the response carrying `id`; notifications (progress) are skipped. */
  private async readStream(res: Response, id: unknown): Promise<Msg | undefined> {
    const decoder = new TextDecoder();
    const parser = new SseParser();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const m = responseIn(parser, decoder.decode(chunk, { stream: true }), id);
      if (m) return m;
    }
    return undefined;
  }

  /**
   * Mutant only (case-sensitive-content-type): the POST over node:http, reading the media type from the raw header
   * list under the exact name `Content-Type`, as a parser matching header names byte for byte would.
   */
  private rawExchange(json: string, method: string, params: Msg, url: string): Promise<{ status: number; msg?: Msg }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: this.headers(method, params) }, (res) => {
        const raw = res.rawHeaders;
        const i = raw.findIndex((h, k) => k % 2 === 0 && h === 'Content-Type');
        const type = i < 0 ? '' : raw[i + 1]!.split(';')[0]!.trim().toLowerCase();
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (type === 'text/event-stream') {
            const m = responseIn(new SseParser(), text, JSON.parse(json).id);
            return resolve({ status, ...(m ? { msg: m } : {}) });
          }
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status, ...(isObj(parsed) ? { msg: parsed } : {}) });
        });
      });
      req.setTimeout(HTTP_TIMEOUT_MS, () =>
        req.destroy(new Error(`no answer within ${HTTP_TIMEOUT_MS} ms: POST ${url}`)),
      );
      req.on('error', reject);
      req.end(json);
    });
  }

  /**
   * Send a request; returns its result (resultType checked: absent = complete, unknown = invalid). Retries with a
   * listed version after UnsupportedProtocolVersionError (versioning-69) and re-lists tools after a HeaderMismatch on
   * tools/call (shttp-539). Throws OracleRpcError on any other error.
   */
  async request(
    method: string,
    params: Msg = {},
    opts: { id?: unknown; retried?: boolean; url?: string; timeoutMs?: number } = {},
  ): Promise<Msg> {
    const id = opts.id === undefined ? this.newId() : opts.id;
    const full = { ...params, _meta: { ...(isObj(params._meta) ? params._meta : {}), ...this.meta() } };
    const body = { jsonrpc: '2.0', id, method, params: full };
    const { status, msg } = await this.post(body, method, full, opts.url, opts.timeoutMs);
    const error = isObj(msg?.error) ? msg.error : undefined;
    if (error && !opts.retried) {
      if (error.code === -32022 && isObj(error.data) && Array.isArray(error.data.supported)) {
        const supported = error.data.supported;
        // The mutant retries with a version the server did not list (here the 2025 revision).
        const pick = this.is('retry-unlisted-version')
          ? '2025-11-25'
          : this.opts.versions.find((v) => supported.includes(v));
        if (pick !== undefined) {
          if (this.is('initialize-fallback')) await this.legacyInitialize();
          this.version = pick;
          return this.request(method, params, { retried: true });
        }
      }
      if (error.code === -32020 && method === 'tools/call') {
        if (!this.is('no-relist-on-mismatch')) await this.listTools();
        return this.request(method, params, { retried: true });
      }
    }
    if (status !== 200 || !isObj(msg?.result)) throw new OracleRpcError(method, this.url, status, error);
    const result = msg.result;
    const type = result.resultType ?? 'complete';
    // A CreateTaskResult is a valid answer to tools/call once the extension is declared (260728-exttasks-61b).
    if (type === 'task' && method === 'tools/call' && this.declaresTasks() && !this.is('task-result-unhandled'))
      return result;
    if (type !== 'complete' && type !== 'input_required') {
      if (this.is('accept-unknown-result-type')) return { ...result, resultType: 'complete' };
      throw new InvalidResultError(method, this.url, type);
    }
    return result;
  }

  /** tools/list; keeps the x-mcp-header parameters of every valid tool and drops invalid ones. */
  async listTools(id?: unknown): Promise<string[]> {
    const result = await this.request('tools/list', {}, id === undefined ? {} : { id });
    this.tools.clear();
    for (const t of Array.isArray(result.tools) ? result.tools : []) {
      if (!isObj(t) || typeof t.name !== 'string') continue;
      try {
        this.tools.set(t.name, headerParams(t.name, t.inputSchema, { typeOnly: this.is('type-only-validation') }));
      } catch (e) {
        if (!(e instanceof InvalidToolError)) throw e;
        if (this.is('no-tool-validation')) this.tools.set(t.name, []);
        else process.stderr.write(`warning: ${e.message}\n`);
      }
    }
    if (this.is('deref-network-ref')) await this.fetchNetworkRefs(result.tools);
    return [...this.tools.keys()];
  }

  /** Mutant only: GET every absolute `$ref` of the listed schemas that points at the server's own origin. */
  private async fetchNetworkRefs(v: unknown): Promise<void> {
    const refs: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (isObj(n))
        for (const [k, x] of Object.entries(n)) {
          if (k === '$ref' && typeof x === 'string' && URL.canParse(x)) refs.push(x);
          else walk(x);
        }
    };
    walk(v);
    // Only the server's own origin (loopback in every trial): the mutant never reaches further.
    for (const ref of refs.filter((r) => new URL(r).origin === new URL(this.url).origin)) {
      const res = await fetch(ref, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) }).catch(() => undefined);
      await res?.arrayBuffer();
    }
  }

  /** tools/call with multi round-trip retries: answer inputRequests, echo requestState, new id each time. */
  async callTool(name: string, args: Msg, answer: InputAnswerer, timeoutMs?: number): Promise<Msg> {
    let extra: Msg = {};
    let lastId: number | undefined;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const id = this.is('retry-same-id') && lastId !== undefined ? lastId : this.newId();
      lastId = id;
      const result = await this.request(
        'tools/call',
        { name, arguments: args, ...extra },
        { id, ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
      );
      if (result.resultType !== 'input_required') return result;
      const next: Msg = {};
      if (isObj(result.inputRequests) && !this.is('no-input-responses')) {
        next.inputResponses = Object.fromEntries(
          Object.entries(result.inputRequests).map(([k, r]) => [k, answer(isObj(r) ? r : {})]),
        );
      }
      if (typeof result.requestState === 'string')
        next.requestState = this.is('trim-request-state')
          ? result.requestState.replace(/=+$/, '')
          : result.requestState;
      else if (this.is('invent-request-state')) next.requestState = 'none';
      if (this.is('state-on-parallel')) await this.request('tools/list', { ...next });
      extra = next;
    }
    throw new Error(`tools/call ${name}: still input_required after ${MAX_ROUNDS} rounds: POST ${this.url}`);
  }

  /** Mutant only: a cancellation notification for `requestId` that carries an id of its own (basic-172). */
  async cancelWithId(requestId: unknown): Promise<void> {
    const params = { requestId, reason: 'timed out', _meta: this.meta() };
    await this.post(
      { jsonrpc: '2.0', id: this.newId(), method: 'notifications/cancelled', params },
      'notifications/cancelled',
      params,
    ).catch(() => undefined);
  }

  /** The id the next request will get (for a mutant that refers to the request that just timed out). */
  lastId(): number {
    return this.nextId - 1;
  }

  /** Mutant only: a request wrapped in a JSON array (a batch, which 2026-07-28 does not allow). */
  async postBatch(method: string): Promise<void> {
    const params = { _meta: this.meta() };
    const res = await fetch(this.url, {
      method: 'POST',
      headers: this.headers(method, params),
      body: JSON.stringify([{ jsonrpc: '2.0', id: this.newId(), method, params }]),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await res.arrayBuffer();
  }

  /** Mutant only: the legacy handshake a modern client must not fall back to after a modern 400. */
  private async legacyInitialize(): Promise<void> {
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'mcpfs-oracle-client', version: '1.0.0' },
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: this.newId(), method: 'initialize', params });
    // Legacy shape: no MCP-Protocol-Version, no Mcp-Method, no _meta (only the fallback itself is the fault).
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await res.arrayBuffer();
  }

  /** Mutant only: a bare HTTP request outside the POST-only transport. */
  async legacyGet(): Promise<void> {
    const res = await fetch(this.url, {
      method: 'GET',
      headers: { Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await res.arrayBuffer();
  }
}

/** Feed `text` to the SSE parser; the JSON-RPC response carrying `id`, if one completed (notifications skipped). */
function responseIn(parser: SseParser, text: string, id: unknown): Msg | undefined {
  for (const ev of parser.push(text)) {
    let m: unknown;
    try {
      m = ev.data ? JSON.parse(ev.data) : undefined;
    } catch {
      continue;
    }
    if (isObj(m) && typeof m.method !== 'string' && JSON.stringify(m.id) === JSON.stringify(id)) return m;
  }
  return undefined;
}
