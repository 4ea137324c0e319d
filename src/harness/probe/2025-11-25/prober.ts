import type { Headers } from '../../../bench/schema/wire-event.ts';
import { PROTOCOL_VERSION } from '../../../bench/plans/2025-11-25/server-steps.ts';
import { WireClient, type WireResult } from '../../wire/client.ts';
import type { SseEvent } from '../../wire/sse.ts';
import { WireRecorder } from '../../wire/recorder.ts';
import { answers, clientCaps, ProbeBudget, type ProbeLimits } from '../common/budget.ts';
import { resultIn } from '../common/replies.ts';
import { jsonText } from '../../../bench/errors.ts';

export type { ProbeLimits };

/**
 * What a POST may vary: session and version headers (null = leave out), a foreign Origin; a scripted abort and an
 * SSE hook (return ms to cut the stream that long after the event) replace the default cut after the response.
 */
export interface PostOptions {
  session?: string | null;
  version?: string | null;
  origin?: string;
  signal?: AbortSignal;
  onSse?: (ev: SseEvent) => number | void;
}

/** A header-safe version string: anything else would make the next request unsendable, so it is not adopted. */
const VERSION_SHAPE = /^[\x21-\x7e]{1,64}$/;

/** `result.protocolVersion` of the response to request `id`, if it is a sendable string. */
export function negotiatedVersion(r: WireResult | undefined, id: number | string): string | undefined {
  const v = resultIn(r, id)?.protocolVersion;
  return typeof v === 'string' && VERSION_SHAPE.test(v) ? v : undefined;
}

/**
 * One probe run against one endpoint: remembers the session id and negotiated version, builds exact headers,
 * enforces the caps, and records everything. It never decides anything about what it sees.
 */
export class Prober {
  readonly recorder = new WireRecorder('prober');
  private readonly client: WireClient;
  private readonly url: string;
  private readonly budget: ProbeBudget;
  /** Session id issued on the main initialize, if any. */
  session?: string;
  /** Protocol version header to send once initialized. */
  version?: string;

  constructor(url: string, limits: Partial<ProbeLimits> = {}) {
    this.url = url;
    this.budget = new ProbeBudget(this.recorder, limits, () => this.client.spent);
    this.client = new WireClient(this.recorder, clientCaps(this.budget.limits));
  }

  get limits(): ProbeLimits {
    return this.budget.limits;
  }

  /**
   * Wait `ms`, or until the scenario's time cap if that comes first: once the budget is spent, every step is skipped,
   * and a plan's pauses between them must not keep the run going (a polling loop would, step after skipped step).
   */
  pause(ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, Math.min(ms, this.budget.left())));
  }

  private common(o: PostOptions): Headers {
    const h: Headers = [];
    const session = o.session === undefined ? this.session : o.session;
    const version = o.version === undefined ? this.version : o.version;
    if (o.origin) h.push(['Origin', o.origin]);
    if (version) h.push(['MCP-Protocol-Version', version]);
    if (session) h.push(['MCP-Session-Id', session]);
    return h;
  }

  /** POST one JSON-RPC message. For SSE answers, cut the stream `graceMs` after the response to this request. */
  async post(step: string, message: Record<string, unknown>, o: PostOptions = {}): Promise<WireResult | undefined> {
    const timeoutMs = this.budget.next(step);
    if (timeoutMs === undefined) return undefined;
    const id = jsonText(message.id); // undefined for a notification
    return this.client.send({
      method: 'POST',
      url: this.url,
      step,
      headers: [
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, text/event-stream'],
        ...this.common(o),
      ],
      body: JSON.stringify(message),
      timeoutMs,
      maxBytes: this.limits.maxBytes,
      signal: o.signal,
      onSse: o.onSse ?? ((ev) => (id !== undefined && answers(ev.data, id) ? this.limits.graceMs : undefined)),
    });
  }

  /**
   * GET the endpoint for an SSE stream; `cutAfterMs` ends it that long after each event (resumption replays), or
   * `onSse` decides per event.
   */
  async get(
    step: string,
    o: {
      lastEventId?: string;
      signal?: AbortSignal;
      onResponse?: () => void;
      cutAfterMs?: number;
      onSse?: (ev: SseEvent) => number | void;
    } = {},
  ): Promise<WireResult | undefined> {
    const timeoutMs = this.budget.next(step, o.signal !== undefined);
    if (timeoutMs === undefined) return undefined;
    const headers: Headers = [['Accept', 'text/event-stream'], ...this.common({})];
    if (o.lastEventId !== undefined) headers.push(['Last-Event-ID', o.lastEventId]);
    return this.client.send({
      method: 'GET',
      url: this.url,
      step,
      headers,
      timeoutMs,
      maxBytes: this.limits.maxBytes,
      signal: o.signal,
      onResponse: o.onResponse,
      onSse: o.onSse ?? (() => o.cutAfterMs),
    });
  }

  /** DELETE the endpoint with the given session id. */
  async delete(step: string, session: string | undefined): Promise<WireResult | undefined> {
    const timeoutMs = this.budget.next(step);
    if (timeoutMs === undefined) return undefined;
    const headers = this.common({ session: session ?? null });
    return this.client.send({
      method: 'DELETE',
      url: this.url,
      step,
      headers,
      timeoutMs,
      maxBytes: this.limits.maxBytes,
    });
  }

  /**
   * initialize (no session or version header): the issued session id, and the protocol version the InitializeResult
   * negotiated (a conformant client sends that one afterwards, 251125-transports-271), when the answer names one.
   */
  async initialize(
    step: string,
    protocolVersion = PROTOCOL_VERSION,
    id: number | string = 1,
  ): Promise<{ session?: string; version?: string }> {
    const r = await this.post(
      step,
      {
        jsonrpc: '2.0',
        id,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpfs-prober', version: '1' } },
      },
      { session: null, version: null },
    );
    return {
      session: r?.headers.find(([k]) => k.toLowerCase() === 'mcp-session-id')?.[1].trim(),
      version: negotiatedVersion(r, id),
    };
  }

  /** Send `notifications/initialized` on the given session. */
  async initialized(step: string, session: string | undefined): Promise<void> {
    await this.post(step, { jsonrpc: '2.0', method: 'notifications/initialized' }, { session: session ?? null });
  }
}
