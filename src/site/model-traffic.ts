// The replay's model traffic: a trial's model sidecar (`k<n>.model.jsonl`, every request the harness sent through the
// trial's model proxy and what came back) as one entry per model turn, read through each API's codec
// (src/bench/model-traffic/). Pure: sidecar text in, display strings out; the page lays them out. Main-conversation
// turns (requests that offer tools) in full; side requests (no tools: titles, checks, token counts) one line each;
// refused exchanges (budget, unauthorized, no upstream) as such; the budget's end line when the proxy wrote one.
import { formatProblem } from '../bench/problems.ts';
import { CODECS } from '../bench/model-traffic/codecs.ts';
import { parseModelTraffic } from '../bench/model-traffic/parse.ts';
import type { ApiCodec, ModelReply, RequestTail, TokenCounts } from '../bench/model-traffic/types.ts';
import { fmtMs } from '../bench/replay/timeline.ts';
import type { ModelApi, ModelBudget, ModelExchange, ModelTrafficEnd } from '../bench/schema/model-traffic.ts';
import { plural, thousands, usd } from './format.ts';

/** Longest text shown of one field (the sidecar download has every byte). */
export const CLIP_CHARS = 2000;

/** A text as shown: at most CLIP_CHARS characters, and what was left out. */
export interface Clip {
  text: string;
  /** "… 1,234 more characters in model.jsonl", when cut. */
  more?: string;
}

export function clip(text: string, max = CLIP_CHARS): Clip {
  const chars = [...text];
  if (chars.length <= max) return { text };
  return {
    text: chars.slice(0, max).join(''),
    more: `… ${thousands(chars.length - max)} more characters in model.jsonl`,
  };
}

/** What every exchange line starts with: number, API, when, how long. */
interface StepBase {
  /** Exchange number (1, 2, … in arrival order). */
  n: number;
  /** Anchor id, `m-<n>`. */
  id: string;
  api: ModelApi;
  /** "+12.3 s" after the proxy started. */
  at: string;
  /** "latency 2.1 s · first byte 340 ms · HTTP 200". */
  timing: string;
}

/** One turn of the main conversation: what the request brought, what the model answered, what it cost. */
export interface ModelTurnView extends StepBase {
  kind: 'turn';
  /** Model id the provider reports (else the one asked for). */
  model?: string;
  request: {
    /** "12 tools offered · streamed". */
    line: string;
    userText?: Clip;
    toolResults: { callId: string; content: Clip }[];
  };
  reply: {
    text?: Clip;
    reasoning?: Clip;
    toolCalls: { id: string; name: string; args: Clip }[];
    /** The provider's stop reason, verbatim; `—` when it gave none. */
    stopReason: string;
  };
  /** "in 1,200 · out 340 · cached 9,000 · cache write 0"; "not reported" without usage. */
  tokens: string;
  /** Bodies cut at the proxy's cap. */
  truncated: boolean;
}

/** An exchange the proxy answered itself: the budget was spent, the key was wrong, or no upstream serves the API. */
export interface RefusedView extends StepBase {
  kind: 'refused';
  reason: 'budget' | 'unauthorized' | 'no-upstream';
  text: string;
}

/** An exchange no codec could read (an unknown API, an error body, a transport failure). */
export interface UnreadView extends StepBase {
  kind: 'unread';
  text: string;
}

export type ModelStepView = ModelTurnView | RefusedView | UnreadView;

/** A request without tools, one line. */
export interface SideRequestView extends StepBase {
  model?: string;
  tokens: string;
  /** The start of the answer. */
  answer: string;
}

export interface ModelTrafficView {
  /** "anthropic-messages → https://api.anthropic.com". */
  upstreams: string[];
  /** "tokens 200,000 · requests 50"; absent without a budget. */
  budget?: string;
  steps: ModelStepView[];
  side: SideRequestView[];
  /** "session ended by the model budget (tokens: 200,512 of 200,000)", when the proxy wrote an end line. */
  end?: string;
  /** "14 exchanges: 11 turns, 2 side requests, 1 refused · in 40,120 · out 3,200 · cached 120,000 · cache write 8,000". */
  summary: string;
  /** Lines the sidecar could not be read by (a stale data set; derive validates it). */
  problems: string[];
}

const REFUSALS: Record<RefusedView['reason'], string> = {
  budget: 'refused by the proxy: the model budget was spent',
  unauthorized: "refused by the proxy: the request did not carry the trial's key",
  'no-upstream': 'refused by the proxy: no upstream serves this API',
};

export function tokensLine(u: TokenCounts | undefined): string {
  if (!u) return 'not reported';
  return `in ${thousands(u.input)} · out ${thousands(u.output)} · cached ${thousands(u.cacheRead)} · cache write ${thousands(u.cacheWrite)}`;
}

function timing(x: ModelExchange): string {
  return [
    `latency ${fmtMs(x.durationMs)}`,
    ...(x.firstByteMs !== undefined ? [`first byte ${fmtMs(x.firstByteMs)}`] : []),
    x.status !== undefined ? `HTTP ${x.status}` : 'no response',
  ].join(' · ');
}

function base(x: ModelExchange): StepBase {
  return { n: x.n, id: `m-${x.n}`, api: x.api, at: `+${fmtMs(x.t)}`, timing: timing(x) };
}

function argsText(a: unknown): string {
  if (a !== null && typeof a === 'object' && 'raw' in a && Object.keys(a).length === 1)
    return String((a as { raw: unknown }).raw);
  return a === undefined ? '' : JSON.stringify(a, null, 2);
}

function turnView(x: ModelExchange, request: RequestTail, reply: ModelReply): ModelTurnView {
  const model = reply.model ?? request.model;
  return {
    kind: 'turn',
    ...base(x),
    ...(model ? { model } : {}),
    request: {
      line: [
        plural(request.tools.length, 'tool') + ' offered',
        request.stream ? 'streamed' : 'not streamed',
        `${plural(request.assistantTurns, 'earlier turn')}`,
      ].join(' · '),
      ...(request.userText !== undefined ? { userText: clip(request.userText) } : {}),
      toolResults: request.toolResults.map((r) => ({ callId: r.callId, content: clip(r.content) })),
    },
    reply: {
      ...(reply.text ? { text: clip(reply.text) } : {}),
      ...(reply.reasoning ? { reasoning: clip(reply.reasoning) } : {}),
      toolCalls: reply.toolCalls.map((c) => ({ id: c.id, name: c.name, args: clip(argsText(c.arguments)) })),
      stopReason: reply.stopReason ?? '—',
    },
    tokens: tokensLine(reply.usage),
    truncated: x.truncated === true,
  };
}

function budgetText(b: ModelBudget | undefined): string | undefined {
  if (!b) return undefined;
  const parts = [
    ...(b.tokens !== undefined ? [`tokens ${thousands(b.tokens)}`] : []),
    ...(b.costUsd !== undefined ? [`cost ${usd(b.costUsd)}`] : []),
    ...(b.requests !== undefined ? [`requests ${thousands(b.requests)}`] : []),
  ];
  return parts.length ? parts.join(' · ') : undefined;
}

/** The end line in words: "session ended by the model budget (tokens: …)". */
export function endText(e: ModelTrafficEnd): string {
  if (!e.budgetExhausted) return `the proxy ended the session${e.detail ? ` (${e.detail})` : ''}`;
  return `session ended by the model budget (${e.budgetExhausted}${e.detail ? `: ${e.detail}` : ''})`;
}

/**
 * A model sidecar as the replay shows it. `codecs` defaults to the registry (each API module adds itself); an exchange
 * of an API without a codec, or whose bodies it cannot read, is listed as unread with its status and error.
 */
export function modelTrafficView(
  file: string,
  text: string,
  codecs: Partial<Record<ModelApi, ApiCodec>> = CODECS,
): ModelTrafficView {
  const { traffic, problems } = parseModelTraffic(file, text);
  if (!traffic)
    return { upstreams: [], steps: [], side: [], summary: 'unreadable', problems: problems.map(formatProblem) };
  const steps: ModelStepView[] = [];
  const side: SideRequestView[] = [];
  const sum: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let reported = false;
  for (const x of traffic.exchanges) {
    if (x.refused) {
      steps.push({ kind: 'refused', ...base(x), reason: x.refused, text: REFUSALS[x.refused] });
      continue;
    }
    const codec = codecs[x.api];
    const request = codec?.request(x);
    const reply = codec?.reply(x);
    if (reply?.usage) {
      reported = true;
      sum.input += reply.usage.input;
      sum.output += reply.usage.output;
      sum.cacheRead += reply.usage.cacheRead;
      sum.cacheWrite += reply.usage.cacheWrite;
    }
    if (!request || !reply) {
      const why = x.error
        ? `transport error: ${x.error}`
        : x.status !== undefined && x.status >= 400
          ? `HTTP ${x.status}: ${clip(x.response, 300).text}`
          : !codec
            ? `no reader for the ${x.api} API on this site`
            : 'bodies not readable as this API';
      steps.push({ kind: 'unread', ...base(x), text: why });
      continue;
    }
    if (request.tools.length === 0) {
      const model = reply.model ?? request.model;
      side.push({
        ...base(x),
        ...(model ? { model } : {}),
        tokens: tokensLine(reply.usage),
        answer: clip(reply.text.replace(/\s+/g, ' ').trim(), 160).text || '(no text)',
      });
      continue;
    }
    steps.push(turnView(x, request, reply));
  }
  const turns = steps.filter((s) => s.kind === 'turn').length;
  const refused = steps.filter((s) => s.kind === 'refused').length;
  const unread = steps.filter((s) => s.kind === 'unread').length;
  const counts = [
    plural(turns, 'turn'),
    plural(side.length, 'side request'),
    ...(refused ? [`${refused} refused`] : []),
    ...(unread ? [`${unread} unread`] : []),
  ].join(', ');
  const budget = budgetText(traffic.header.budget);
  return {
    upstreams: Object.entries(traffic.header.upstreams).map(([api, origin]) => `${api} → ${origin}`),
    ...(budget ? { budget } : {}),
    steps,
    side,
    ...(traffic.end ? { end: endText(traffic.end) } : {}),
    summary: `${plural(traffic.exchanges.length, 'exchange')}: ${counts} · tokens ${reported ? tokensLine(sum) : 'not reported'}`,
    problems: [],
  };
}
