import type { TranscriptEntry } from '../schema/transcript.ts';
import { isObject } from '../judge/exchanges.ts';
import { lineDiff, normalizeEdits, type DiffLine } from './edits.ts';

/** Tokens and cost of one assistant message, as pi reports them. */
export interface TurnUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  costUsd?: number;
}

export interface ToolCallView {
  id: string;
  name: string;
  kind: 'read' | 'write' | 'edit' | 'bash' | 'other';
  path?: string;
  /** bash: the command. */
  command?: string;
  /** write: the file content. */
  content?: string;
  /** edit: one diff per replacement (empty when the arguments had no recognisable edit). */
  diffs?: DiffLine[][];
  /** Arguments as JSON text (for unknown tools, and for edits that could not be read). */
  argsText: string;
  result?: {
    text: string;
    isError: boolean;
    at?: string;
    /** Original length when `text` was cut for display. */ total?: number;
    /** How long the tool ran (pi records it). */ durationMs?: number;
  };
}

/** Tool outputs and written files longer than this are cut on the page (the download has them whole). */
export const TOOL_TEXT_LIMIT = 16_000;

function cut(text: string): { text: string; total?: number } {
  return text.length > TOOL_TEXT_LIMIT ? { text: text.slice(0, TOOL_TEXT_LIMIT), total: text.length } : { text };
}

/** One message of the session: a prompt, an assistant reply with its tool calls (and their results), or other. */
export interface TurnView {
  /** Turn number from 1; fragment id `t-<n>`. */
  n: number;
  anchor: string;
  role: string;
  /** Entry timestamp (ISO), when present. */
  at?: string;
  text: string[];
  thinking: string[];
  toolCalls: ToolCallView[];
  usage?: TurnUsage;
  model?: string;
  stopReason?: string;
  /** Error text of a failed assistant message. */
  error?: string;
}

export interface TranscriptView {
  session?: { id?: string; cwd?: string; timestamp?: string; version?: number };
  turns: TurnView[];
  totals: {
    input: number;
    output: number;
    cacheRead: number;
    cacheWrite: number;
    costUsd: number;
    toolCalls: number;
    toolErrors: number;
  };
  /** Entry types seen but not shown (`model_change`, …), with counts: tolerated, not interpreted. */
  skipped: Record<string, number>;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Text of a content field: a string, or the text blocks of an array (images shown as a placeholder). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) =>
      isObject(b)
        ? b.type === 'text'
          ? (str(b.text) ?? '')
          : b.type === 'image'
            ? `[image ${str(b.mimeType) ?? ''}]`
            : ''
        : '',
    )
    .filter((s) => s !== '')
    .join('\n');
}

function usageOf(u: unknown): TurnUsage | undefined {
  if (!isObject(u)) return undefined;
  const cost = isObject(u.cost) && typeof u.cost.total === 'number' ? u.cost.total : undefined;
  return {
    input: num(u.input),
    output: num(u.output),
    cacheRead: num(u.cacheRead),
    cacheWrite: num(u.cacheWrite),
    ...(cost !== undefined ? { costUsd: cost } : {}),
  };
}

function toolCall(b: Obj): ToolCallView {
  const name = str(b.name) ?? '?';
  const args = isObject(b.arguments) ? b.arguments : {};
  const base = { id: str(b.id) ?? '', name, argsText: JSON.stringify(b.arguments ?? null, null, 2) };
  const path = str(args.path) ?? str(args.file_path);
  const withPath = path !== undefined ? { path } : {};
  switch (name) {
    case 'read':
      return { ...base, kind: 'read', ...withPath };
    case 'write':
      return { ...base, kind: 'write', ...withPath, content: cut(str(args.content) ?? '').text };
    case 'edit':
      return {
        ...base,
        kind: 'edit',
        ...withPath,
        diffs: normalizeEdits(args).map((e) => lineDiff(e.oldText, e.newText)),
      };
    case 'bash':
      return { ...base, kind: 'bash', command: str(args.command) ?? '' };
    default:
      return { ...base, kind: 'other' };
  }
}

/**
 * A pi session (JSONL v3 entries) → turns. Tolerant: unknown entry types and roles are counted, never fatal; tool
 * results attach to the call with the same id (or stand alone when the call is missing). Entries are taken in file
 * order, which for a session without branches is the conversation order.
 */
export function transcriptView(entries: readonly TranscriptEntry[]): TranscriptView {
  const turns: TurnView[] = [];
  const calls = new Map<string, ToolCallView>();
  // Counted in a Map: entry types are untrusted, and `constructor` or `__proto__` must count like any other name.
  const skipped = new Map<string, number>();
  const totals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costUsd: 0, toolCalls: 0, toolErrors: 0 };
  let session: TranscriptView['session'];
  const skip = (k: string) => skipped.set(k, (skipped.get(k) ?? 0) + 1);
  const push = (t: Omit<TurnView, 'n' | 'anchor'>) =>
    turns.push({ n: turns.length + 1, anchor: `t-${turns.length + 1}`, ...t });
  for (const e of entries as readonly Obj[]) {
    if (e.type === 'session') {
      session = {
        id: str(e.id),
        cwd: str(e.cwd),
        timestamp: str(e.timestamp),
        ...(typeof e.version === 'number' ? { version: e.version } : {}),
      };
      continue;
    }
    const m = e.message;
    if (e.type !== 'message' || !isObject(m)) {
      skip(String(e.type));
      continue;
    }
    const at = str(e.timestamp);
    const role = str(m.role) ?? '?';
    if (role === 'toolResult') {
      const result = {
        ...cut(contentText(m.content)),
        isError: m.isError === true,
        ...(at ? { at } : {}),
        ...(typeof m.durationMs === 'number' ? { durationMs: m.durationMs } : {}),
      };
      if (result.isError) totals.toolErrors++;
      const call = calls.get(str(m.toolCallId) ?? '');
      if (call && !call.result) call.result = result;
      else
        push({
          role,
          ...(at ? { at } : {}),
          text: [],
          thinking: [],
          toolCalls: [
            {
              id: str(m.toolCallId) ?? '',
              name: str(m.toolName) ?? '?',
              kind: 'other',
              argsText: '(call not found)',
              result,
            },
          ],
        });
      continue;
    }
    if (role === 'assistant') {
      const blocks = Array.isArray(m.content) ? m.content.filter(isObject) : [];
      const toolCalls = blocks.filter((b) => b.type === 'toolCall').map(toolCall);
      toolCalls.forEach((c) => c.id && calls.set(c.id, c));
      totals.toolCalls += toolCalls.length;
      const usage = usageOf(m.usage);
      if (usage) {
        totals.input += usage.input;
        totals.output += usage.output;
        totals.cacheRead += usage.cacheRead;
        totals.cacheWrite += usage.cacheWrite;
        totals.costUsd += usage.costUsd ?? 0;
      }
      const error = str(m.errorMessage);
      push({
        role,
        ...(at ? { at } : {}),
        text: blocks.filter((b) => b.type === 'text').map((b) => str(b.text) ?? ''),
        thinking: blocks
          .filter((b) => b.type === 'thinking')
          .map((b) => str(b.thinking) ?? (b.redacted ? '[redacted]' : '')),
        toolCalls,
        ...(usage ? { usage } : {}),
        ...(str(m.model) ? { model: `${str(m.provider) ? `${str(m.provider)}/` : ''}${str(m.model)}` } : {}),
        ...(str(m.stopReason) ? { stopReason: str(m.stopReason) } : {}),
        ...(error ? { error } : {}),
      });
      continue;
    }
    const text =
      role === 'bashExecution' ? `$ ${str(m.command) ?? ''}\n${str(m.output) ?? ''}` : contentText(m.content);
    if (role === 'system' && text === '') {
      skip('system');
      continue;
    }
    push({ role, ...(at ? { at } : {}), text: text ? [text] : [], thinking: [], toolCalls: [] });
  }
  // Object.fromEntries defines own properties, so a `__proto__` key stays a key.
  return { ...(session ? { session } : {}), turns, totals, skipped: Object.fromEntries(skipped) };
}
