import { depthExceeds } from '../judge/bounded-json.ts';
import { bodyText, header } from '../judge/exchanges.ts';
import type { Body, Headers, WireLog } from '../schema/wire-event.ts';
import { SCHEMA_LIMITS, type MessageLocation, type Sender } from './types.ts';

/** One JSON-RPC message candidate of a wire log, in wire order. */
export type WireMessage = MessageLocation & { step?: string } & (
    | { kind: 'json'; value: unknown }
    /** Claimed to be JSON (content type, SSE data) but does not parse. */
    | { kind: 'not-json'; error: string }
    /** Present but not looked at, and why (truncated, too large, too deep). */
    | { kind: 'skipped'; why: string }
  );

const media = (h: Headers | undefined) => (header(h, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();

export { depthExceeds };

type Parsed = { ok: true; value: unknown } | { ok: false; error: string } | { ok: 'skip'; why: string };

function parse(text: string): Parsed {
  if (text.length > SCHEMA_LIMITS.messageBytes)
    return { ok: 'skip', why: `${text.length} characters, over the ${SCHEMA_LIMITS.messageBytes} cap: not validated` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (depthExceeds(value, SCHEMA_LIMITS.depth))
    return { ok: 'skip', why: `nested deeper than ${SCHEMA_LIMITS.depth} levels: not validated` };
  return { ok: true, value };
}

/** Does a parsed value present itself as JSON-RPC (an object with `jsonrpc`, or an array holding one)? */
const looksJsonRpc = (v: unknown) =>
  (Array.isArray(v) ? v : [v]).some((m) => typeof m === 'object' && m !== null && 'jsonrpc' in m);

/** Split a parsed body into its messages: an array (batch) body yields the array itself and each element. */
function emit(out: WireMessage[], loc: MessageLocation & { step?: string }, p: Parsed): void {
  if (p.ok === 'skip') out.push({ ...loc, kind: 'skipped', why: p.why });
  else if (p.ok === false) out.push({ ...loc, kind: 'not-json', error: p.error });
  else {
    out.push({ ...loc, kind: 'json', value: p.value });
    if (Array.isArray(p.value)) p.value.forEach((m, i) => out.push({ ...loc, batch: i, kind: 'json', value: m }));
  }
}

/**
 * Every JSON-RPC message candidate of a wire log, in wire order, with who sent it. The HTTP client side sent the
 * request bodies (the harness when the perspective is `prober`), the HTTP server side sent response bodies and SSE
 * events. Which bodies count:
 * - a request body that is not empty: must be JSON when its Content-Type says JSON; other content types are only
 *   checked when they parse and look like JSON-RPC;
 * - a non-SSE response body: a 2xx `application/json` body must be JSON; error statuses may carry any body
 *   (the transport allows it), so they and other content types count only when they parse and look like JSON-RPC;
 * - every SSE event with non-empty `data` (the priming event has none).
 * Truncated bodies are skipped (the cut text is not the message).
 */
export function wireMessages(log: WireLog): WireMessage[] {
  const client: Sender = log.header.perspective === 'prober' ? 'harness' : 'subject';
  const server: Sender = client === 'harness' ? 'subject' : 'harness';
  const out: WireMessage[] = [];
  const ex = new Map<number, { step?: string; status?: number; headers?: Headers; sse: number }>();
  const body = (b: Body, loc: MessageLocation & { step?: string }, mustBeJson: boolean) => {
    const text = bodyText(b);
    if (b.bytes === 0 || text.trim() === '') return;
    if (b.truncated) {
      if (mustBeJson || text.trimStart().startsWith('{') || text.trimStart().startsWith('['))
        out.push({
          ...loc,
          kind: 'skipped',
          why: `body truncated at ${text.length} of ${b.bytes} bytes: not validated`,
        });
      return;
    }
    const p = parse(text);
    if (mustBeJson || (p.ok === true && looksJsonRpc(p.value))) emit(out, loc, p);
  };
  for (const e of log.events) {
    if (e.type === 'request') {
      ex.set(e.x, { ...(e.step !== undefined ? { step: e.step } : {}), sse: 0 });
      const loc = {
        x: e.x,
        where: 'request' as const,
        sender: client,
        ...(e.step !== undefined ? { step: e.step } : {}),
      };
      body(e.body, loc, media(e.headers) === 'application/json');
    } else if (e.type === 'response') {
      const s = ex.get(e.x);
      if (s) Object.assign(s, { status: e.status, headers: e.headers });
    } else if (e.type === 'body') {
      const s = ex.get(e.x);
      const loc = {
        x: e.x,
        where: 'response' as const,
        sender: server,
        ...(s?.step !== undefined ? { step: s.step } : {}),
      };
      const ok = s?.status !== undefined && s.status >= 200 && s.status < 300;
      body(e.body, loc, ok && media(s.headers) === 'application/json');
    } else if (e.type === 'sse') {
      const s = ex.get(e.x) ?? { sse: 0 };
      const i = s.sse++;
      ex.set(e.x, s);
      if (e.data.trim() === '') continue;
      emit(
        out,
        { x: e.x, where: 'sse', sse: i, sender: server, ...(s.step !== undefined ? { step: s.step } : {}) },
        parse(e.data),
      );
    }
  }
  return out;
}
