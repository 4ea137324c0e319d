import type { Verdict } from '../schema/verdict.ts';
import type { Headers, WireLog } from '../schema/wire-event.ts';
import { isObject, requestMessages, toExchanges, type Exchange } from '../judge/exchanges.ts';
import type { TrialSchemaReport } from '../wire-schema/types.ts';
import { bodyView, textView, type BodyView } from './body.ts';
import { schemaFindingsByExchange, schemaNotesByExchange, type SchemaFindingView } from './schema.ts';

/** A verdict as seen from one exchange it evidences. */
export interface EvidenceRef {
  checkpoint: string;
  spec: string | null;
  level: Verdict['level'];
  verdict: Verdict['verdict'];
  message: string;
}

export interface SseEventView {
  /** Index within its exchange, from 0. */
  i: number;
  t: number;
  id?: string;
  event?: string;
  retry?: number;
  data: BodyView;
}

/** One exchange, ready to present. Every string in it comes from the trace: untrusted. */
export interface ExchangeView {
  x: number;
  /** Fragment id of this step, `x-<x>`. */
  anchor: string;
  step?: string;
  conn?: number;
  /** Request time, ms since the wire log started. */
  t: number;
  /** Last time anything happened on this exchange. */
  tEnd: number;
  method: string;
  path: string;
  /** JSON-RPC methods the request carried (`initialize`, `tools/call`, …; `response` for a client's reply). */
  rpc: string[];
  requestHeaders: Headers;
  requestBody: BodyView;
  status?: number;
  /** When the status line arrived. */
  tResponse?: number;
  /** How long after the request the status line arrived (ms), when it did. */
  statusAfterMs?: number;
  responseHeaders?: Headers;
  /** Non-SSE response body. */
  responseBody?: BodyView;
  /**
   * JSON-RPC shape of the non-SSE response (`result`, `error -32602`, `[result,result]`, …), from the body parsed
   * once by `toExchanges`; `json` when the body is shown as JSON but did not parse (e.g. truncated), else the body's
   * kind, or `none`.
   */
  responseShape: string;
  sse: SseEventView[];
  end?: { t: number; reason: string };
  error?: { t: number; code: string; message: string };
  notes: { t: number; text: string }[];
  /** Verdicts whose evidence names this exchange, in verdict order. */
  verdicts: EvidenceRef[];
  /** Some verdict it evidences failed. */
  failing: boolean;
  /** Messages of this exchange that do not validate against the pinned schema (shown even when no verdict names them). */
  schema: SchemaFindingView[];
  /** Messages of this exchange only partly checked against the schema, and why. */
  schemaNotes: string[];
}

/** Events of the log that belong to no exchange (connection opens/closes, stray errors, notes). */
export interface WireMark {
  t: number;
  kind: 'conn-open' | 'conn-close' | 'error' | 'note';
  conn?: number;
  text: string;
}

function rpcNames(ex: Exchange): string[] {
  return requestMessages(ex).map((m) => {
    if (!isObject(m)) return '?';
    if (typeof m.method === 'string') return m.method;
    return 'result' in m || 'error' in m ? 'response' : '?';
  });
}

/** Verdict refs per exchange index, from the verdicts' evidence lists. */
export function evidenceByExchange(verdicts: readonly Verdict[]): Map<number, EvidenceRef[]> {
  const out = new Map<number, EvidenceRef[]>();
  for (const v of verdicts) {
    const ref: EvidenceRef = {
      checkpoint: v.checkpoint,
      spec: v.spec,
      level: v.level,
      verdict: v.verdict,
      message: v.message,
    };
    for (const x of new Set(v.evidence)) {
      const list = out.get(x) ?? [];
      list.push(ref);
      out.set(x, list);
    }
  }
  return out;
}

/** A JSON-RPC message's shape: `result`, `error <code>`, or its method. */
export function messageShape(m: unknown): string {
  if (!isObject(m)) return typeof m === 'object' ? 'object' : typeof m;
  if ('error' in m) return `error ${String((m.error as { code?: unknown } | undefined)?.code)}`;
  return 'result' in m ? 'result' : 'method' in m ? String(m.method) : 'object';
}

function responseShape(ex: Exchange, body: BodyView | undefined): string {
  if (!body) return 'none';
  if (body.kind !== 'json') return body.kind;
  if (ex.json === undefined) return 'json';
  return Array.isArray(ex.json) ? `[${ex.json.map(messageShape).join(',')}]` : messageShape(ex.json);
}

function lastTime(ex: Exchange): number {
  const ts = [ex.request.t, ex.response?.t, ex.end?.t, ex.error?.t, ...ex.sse.map((s) => s.t)];
  return Math.max(...ts.filter((t): t is number => t !== undefined));
}

/** Wire log + verdicts (+ the trial's schema report) → exchange views, in exchange order, each knowing the verdicts it evidences and its schema findings. */
export function exchangeViews(log: WireLog, verdicts: readonly Verdict[], schema?: TrialSchemaReport): ExchangeView[] {
  const byX = evidenceByExchange(verdicts);
  const findings = schemaFindingsByExchange(schema, log.header.perspective);
  const schemaNotes = schemaNotesByExchange(schema);
  const notes = new Map<number, { t: number; text: string }[]>();
  for (const e of log.events) {
    if ((e.type === 'note' || e.type === 'truncated') && e.x !== undefined)
      notes.set(e.x, [...(notes.get(e.x) ?? []), { t: e.t, text: markText(e) }]);
  }
  return toExchanges(log).map((ex) => {
    const refs = byX.get(ex.x) ?? [];
    const responseBody = ex.body ? bodyView(ex.body, ex.response?.headers) : undefined;
    return {
      x: ex.x,
      anchor: `x-${ex.x}`,
      ...(ex.step !== undefined ? { step: ex.step } : {}),
      ...(ex.conn !== undefined ? { conn: ex.conn } : {}),
      t: ex.request.t,
      tEnd: lastTime(ex),
      method: ex.request.method,
      path: ex.request.path,
      rpc: rpcNames(ex),
      requestHeaders: ex.request.headers,
      requestBody: bodyView(ex.request.body, ex.request.headers),
      ...(ex.response
        ? {
            status: ex.response.status,
            tResponse: ex.response.t,
            statusAfterMs: ex.response.t - ex.request.t,
            responseHeaders: ex.response.headers,
          }
        : {}),
      ...(responseBody ? { responseBody } : {}),
      responseShape: responseShape(ex, responseBody),
      sse: ex.sse.map((s, i) => ({
        i,
        t: s.t,
        ...(s.id !== undefined ? { id: s.id } : {}),
        ...(s.event !== undefined ? { event: s.event } : {}),
        ...(s.retry !== undefined ? { retry: s.retry } : {}),
        data: textView(s.data, {
          bytes: new TextEncoder().encode(s.data).length,
          capturedBytes: new TextEncoder().encode(s.data).length,
          truncated: false,
        }),
      })),
      ...(ex.end ? { end: ex.end } : {}),
      ...(ex.error ? { error: ex.error } : {}),
      notes: notes.get(ex.x) ?? [],
      verdicts: refs,
      failing: refs.some((r) => r.verdict === 'fail'),
      schema: findings.get(ex.x) ?? [],
      schemaNotes: schemaNotes.get(ex.x) ?? [],
    };
  });
}

/** A note's text; a truncation reads as one, naming its cap, so a reader sees where the log stops being complete. */
function markText(e: Extract<WireLog['events'][number], { type: 'note' | 'truncated' }>): string {
  return e.type === 'note' ? e.text : `truncated (${e.cap}, limit ${e.limit}): ${e.text}`;
}

/** Connection opens/closes and exchange-less errors, notes and truncations, in log order. */
export function wireMarks(log: WireLog): WireMark[] {
  const out: WireMark[] = [];
  for (const e of log.events) {
    if (e.type === 'conn-open' || e.type === 'conn-close')
      out.push({
        t: e.t,
        kind: e.type,
        conn: e.conn,
        text: `connection ${e.conn} ${e.type === 'conn-open' ? 'opened' : 'closed'}`,
      });
    else if (e.type === 'error' && e.x === undefined)
      out.push({ t: e.t, kind: 'error', text: `${e.code}: ${e.message}` });
    else if ((e.type === 'note' || e.type === 'truncated') && e.x === undefined)
      out.push({ t: e.t, kind: 'note', text: markText(e) });
  }
  return out;
}
