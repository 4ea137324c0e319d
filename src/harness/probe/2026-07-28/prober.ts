import type { Headers } from '../../../bench/schema/wire-event.ts';
import { META, PROTOCOL_VERSION } from '../../../bench/plans/2026-07-28/server-steps.ts';
import { WireClient, type WireResult } from '../../wire/client.ts';
import { WireRecorder } from '../../wire/recorder.ts';
import { answers, clientCaps, ProbeBudget, type ProbeLimits } from '../common/budget.ts';

export type { ProbeLimits };

/** What a POST may vary, one thing at a time: each standard header (null = leave out), extra headers, case. */
export interface PostOptions {
  version?: string | null;
  method?: string | null;
  /** Mcp-Name; defaults to `params.name` on tools/call. */
  name?: string | null;
  origin?: string;
  extra?: Headers;
  /** Send every header name in lower case. */
  lowercase?: boolean;
  /** Close the exchange (client disconnect, reason `aborted`) mid-stream: see `StreamCut`. */
  cut?: StreamCut;
  /** Close the exchange when this aborts (a standing stream the plan ends itself); not with `cut`. */
  signal?: AbortSignal;
  /** Called with the data of every SSE event, as it arrives (a plan waiting for a message on a standing stream). */
  onEvent?: (data: string) => void;
}

/**
 * A scripted client disconnect: the probe closes the connection once `events` SSE events whose data `counts` have
 * arrived, or `afterMs` after sending the request if fewer came by then (a server that sends none is cut too).
 */
export interface StreamCut {
  events: number;
  counts: (data: string) => boolean;
  afterMs: number;
}

/** `_meta` of a well-formed 2026-07-28 request; `caps` = clientCapabilities (null = leave the field out). */
export function meta(caps: Record<string, unknown> | null = {}, version = PROTOCOL_VERSION): Record<string, unknown> {
  return {
    [META.protocolVersion]: version,
    [META.clientInfo]: { name: 'mcpfs-prober', version: '1' },
    ...(caps === null ? {} : { [META.clientCapabilities]: caps }),
  };
}

/** A JSON-RPC request with `_meta` merged into params. */
export function rpc(
  id: number | string,
  method: string,
  params: Record<string, unknown> = {},
  m: Record<string, unknown> = meta(),
): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: m } };
}

/**
 * One 2026-07-28 probe run: stateless, so every request is a fresh connection with the full header set of a
 * well-formed request unless a step varies one thing. Enforces the caps and records everything; never judges.
 */
export class Prober {
  readonly recorder = new WireRecorder('prober');
  private readonly client: WireClient;
  private readonly url: string;
  private readonly budget: ProbeBudget;

  constructor(url: string, limits: Partial<ProbeLimits> = {}) {
    this.url = url;
    this.budget = new ProbeBudget(this.recorder, limits, () => this.client.spent);
    this.client = new WireClient(this.recorder, clientCaps(this.budget.limits));
  }

  private get limits(): ProbeLimits {
    return this.budget.limits;
  }

  /**
   * Wait `ms`, or until the scenario's time cap if that comes first: once the budget is spent, every step is skipped,
   * and a plan's pauses between them must not keep the run going (a polling loop would, step after skipped step).
   */
  pause(ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, Math.min(ms, this.budget.left())));
  }

  /**
   * POST one JSON-RPC request (or a notification: a message without `id`). For SSE answers, cut the stream `graceMs`
   * after the response to this request (for a notification, after the first event: nothing may answer it).
   */
  async post(step: string, message: Record<string, unknown>, o: PostOptions = {}): Promise<WireResult | undefined> {
    const timeoutMs = this.budget.next(step, o.signal !== undefined);
    if (timeoutMs === undefined) return undefined;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const version = o.version === undefined ? PROTOCOL_VERSION : o.version;
    const method = o.method === undefined ? (message.method as string) : o.method;
    const name = o.name === undefined ? (message.method === 'tools/call' ? String(params.name) : null) : o.name;
    const h: Headers = [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
    ];
    if (o.origin) h.push(['Origin', o.origin]);
    if (version !== null) h.push(['MCP-Protocol-Version', version]);
    if (method !== null) h.push(['Mcp-Method', method]);
    if (name !== null) h.push(['Mcp-Name', name]);
    h.push(...(o.extra ?? []));
    const headers: Headers = o.lowercase ? h.map(([k, v]) => [k.toLowerCase(), v]) : h;
    const id = 'id' in message ? JSON.stringify(message.id) : undefined;
    const cut = o.cut ? new AbortController() : undefined;
    let seen = 0;
    const timer = cut && o.cut ? setTimeout(() => cut.abort(), o.cut.afterMs) : undefined;
    try {
      return await this.client.send({
        method: 'POST',
        url: this.url,
        step,
        headers,
        body: JSON.stringify(message),
        timeoutMs,
        maxBytes: this.limits.maxBytes,
        signal: cut?.signal ?? o.signal,
        onSse: (ev) => {
          o.onEvent?.(ev.data);
          if (cut && o.cut?.counts(ev.data) && ++seen >= o.cut.events) cut.abort();
          return id === undefined || answers(ev.data, id) ? this.limits.graceMs : undefined;
        },
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** A bodiless request (GET, DELETE) with the version header, as a 2025-era client would send it. */
  async bare(step: string, method: string): Promise<WireResult | undefined> {
    const timeoutMs = this.budget.next(step);
    if (timeoutMs === undefined) return undefined;
    const headers: Headers = [
      ['Accept', 'application/json, text/event-stream'],
      ['MCP-Protocol-Version', PROTOCOL_VERSION],
    ];
    return this.client.send({
      method,
      url: this.url,
      step,
      headers,
      timeoutMs,
      maxBytes: this.limits.maxBytes,
      onSse: () => this.limits.graceMs,
    });
  }
}
