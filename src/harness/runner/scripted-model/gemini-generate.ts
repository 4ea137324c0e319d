import type { ServerResponse } from 'node:http';
import { completionTokens } from './openai-chat.ts';
import type { ReplyContext, ScriptedApi, ScriptedTurn } from './types.ts';

interface Part {
  text?: string;
  thought?: boolean;
  functionCall?: unknown;
  functionResponse?: unknown;
}
interface GenerateBody {
  contents?: { role?: string; parts?: Part[] }[];
  tools?: { functionDeclarations?: unknown[] }[];
  generationConfig?: { responseSchema?: unknown; responseJsonSchema?: unknown; responseMimeType?: string };
}

/** `…/models/<model>:<method>` (the SDK's REST paths: `/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`). */
const METHOD = /\/models\/([^/:?]+):(generateContent|streamGenerateContent|countTokens)$/;

function method(path: string): string | undefined {
  return METHOD.exec(path.split('?')[0]!)?.[2];
}

/**
 * A request that is not a turn of the agent's own conversation: Gemini CLI's side requests (the next-speaker check,
 * the loop-detection check, the model router's classifier, session titles and summaries) ask for JSON or plain text
 * with no tools offered. Its main chat always offers its tools.
 */
function sideRequest(body: GenerateBody): boolean {
  const g = body.generationConfig;
  if (
    g?.responseJsonSchema !== undefined ||
    g?.responseSchema !== undefined ||
    g?.responseMimeType === 'application/json'
  )
    return true;
  return !(body.tools ?? []).some((t) => (t.functionDeclarations ?? []).length > 0);
}

/**
 * The Gemini API (`generativelanguage.googleapis.com`, what `@google/genai` and so Gemini CLI speak) as the scripted
 * model speaks it: `:streamGenerateContent?alt=sse` streams `data: <GenerateContentResponse>` events separated by a
 * blank line (CRLF, as Google's front end writes them), each with `usageMetadata`, the last one with `finishReason`;
 * `:generateContent` answers one GenerateContentResponse; `:countTokens` answers `{ totalTokens }`. Side requests (no
 * tools, or a JSON schema asked for) get a neutral answer that neither advances nor breaks the script: for a schema,
 * the JSON that says "nothing to do" to each of Gemini CLI's checks (see `sideAnswer`).
 */
export const geminiGenerate: ScriptedApi = {
  api: 'gemini-generate',
  matches: (m, path) => m === 'POST' && method(path) !== undefined,
  turnIndex: (body) => ((body as GenerateBody).contents ?? []).filter((c) => c.role === 'model').length,
  streamed: (_body, path) => method(path) === 'streamGenerateContent',
  reply(res, turn, raw, path, ctx) {
    const body = raw as GenerateBody;
    if (method(path) === 'countTokens') {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(
        JSON.stringify({
          totalTokens: ctx.promptTokens,
          promptTokensDetails: [{ modality: 'TEXT', tokenCount: ctx.promptTokens }],
        }),
      );
      return;
    }
    const side = sideRequest(body);
    const answer: ScriptedTurn = side ? { text: sideAnswer(body) } : turn;
    const output = completionTokens(answer);
    const usage = (final: boolean) => ({
      promptTokenCount: ctx.promptTokens,
      ...(final ? { candidatesTokenCount: output } : {}),
      totalTokenCount: ctx.promptTokens + (final ? output : 0),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: ctx.promptTokens }],
    });
    const base = { modelVersion: ctx.model, responseId: ctx.id };
    const candidate = (parts: unknown[], final: boolean) => ({
      content: { parts, role: 'model' },
      ...(final ? { finishReason: 'STOP' } : {}),
      index: 0,
    });
    const parts = partsOf(answer);
    if (!geminiGenerate.streamed(body, path)) {
      res
        .writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
        .end(JSON.stringify({ candidates: [candidate(parts, true)], usageMetadata: usage(true), ...base }));
      return;
    }
    // As the real stream: text first (its own event), then the function calls together with the finish reason and the
    // final usage (candidatesTokenCount appears only once output was produced).
    const events: unknown[] = [];
    const textParts = parts.filter((p) => 'text' in p);
    const callParts = parts.filter((p) => !('text' in p));
    if (textParts.length && callParts.length)
      events.push({ candidates: [candidate(textParts, false)], usageMetadata: usage(false), ...base });
    events.push({
      candidates: [candidate(textParts.length && callParts.length ? callParts : parts, true)],
      usageMetadata: usage(true),
      ...base,
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const e of events) res.write(`data: ${JSON.stringify(e)}\r\n\r\n`);
    res.end();
  },
};

function partsOf(turn: ScriptedTurn): Record<string, unknown>[] {
  const parts: Record<string, unknown>[] = [];
  if (turn.text) parts.push({ text: turn.text });
  for (const tc of turn.toolCalls ?? []) parts.push({ functionCall: { name: tc.name, args: tc.arguments } });
  if (!parts.length) parts.push({ text: '' });
  return parts;
}

/**
 * The answer to a side request. With a JSON schema asked for, an object that fits Gemini CLI's checks: the
 * next-speaker check (`next_speaker: "user"`: the model's turn is over, stop), the loop detector
 * (`unproductive_state_confidence: 0`: no loop), the router's classifiers (`model_choice: "pro"`, `complexity_score: 100`:
 * keep the main model); every other property gets an empty value of its type (numbers their `minimum`). Without a
 * schema, a short text.
 */
export function sideAnswer(body: GenerateBody): string {
  const g = body.generationConfig;
  const schema = (g?.responseJsonSchema ?? g?.responseSchema) as Schema | undefined;
  if (!schema) return g?.responseMimeType === 'application/json' ? '{}' : 'Scripted session.';
  return JSON.stringify(valueFor(schema));
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  minimum?: number;
}

const KNOWN: Record<string, unknown> = {
  next_speaker: 'user',
  unproductive_state_confidence: 0,
  model_choice: 'pro',
  complexity_score: 100,
  reasoning: 'Scripted session.',
};

function valueFor(s: Schema, key?: string): unknown {
  if (key !== undefined && key in KNOWN && (!s.enum || s.enum.includes(KNOWN[key]))) return KNOWN[key];
  if (s.enum?.length) return s.enum[0];
  const type = (Array.isArray(s.type) ? s.type[0] : s.type)?.toLowerCase();
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = valueFor(v, k);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return s.minimum ?? 0;
  if (type === 'boolean') return false;
  return '';
}

export const _forTests = { sideRequest, method };
